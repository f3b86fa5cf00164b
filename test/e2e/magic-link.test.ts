import { ulid } from 'ulid';
import { describe, expect, inject, it } from 'vitest';
import {
  emailsTo,
  emailWithSubject,
  fieldError,
  firstLinkIn,
  newPage,
  screenshot,
  signUpAndConfirm,
  solveSecurityCheck,
  toastWith,
  VIEWPORTS,
} from './browser.js';

const { appUrl, sesUrl } = inject('e2e');

describe('magic link (spec 01 §2, §5)', () => {
  const email = `magico.${ulid().toLowerCase()}@example.com`;
  let link = '';

  it('signs up and confirms a customer through the inbox', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, { appUrl, sesUrl }, email, 'segredo123');
    await page.context().close();
  });

  it('asks for the e-mail and the security check, then sends the link', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/auth`);
    const request = page.getByRole('button', { name: 'Entrar com Link Mágico' });
    await request.click();
    await fieldError(page, 'Email', 'Digite seu email para receber o link mágico.');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await request.click();
    await fieldError(page, /Quanto é \d \+ \d\?/, 'Por favor, complete a verificação de segurança primeiro.');

    await solveSecurityCheck(page);
    await request.click();
    await toastWith(page, 'Link enviado!');
    await page.getByRole('status').filter({ hasText: email }).waitFor();
    await screenshot(page, 'auth-magic-link-sent-phone');

    link = firstLinkIn((await emailWithSubject(sesUrl, email, 'Seu link de acesso')).body!.html!);
    expect(link.startsWith(`${appUrl}/auth/link-magico#`)).toBe(true);
    await page.context().close();
  });

  it('looks the same for an address without an account, and e-mails nobody', async () => {
    const stranger = `ninguem.${ulid().toLowerCase()}@example.com`;
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await page.getByLabel('Email', { exact: true }).fill(stranger);
    await solveSecurityCheck(page);
    await page.getByRole('button', { name: 'Entrar com Link Mágico' }).click();
    await toastWith(page, 'Link enviado!');
    await page.getByRole('status').filter({ hasText: stranger }).waitFor();
    await screenshot(page, 'auth-magic-link-sent-desktop');
    expect((await emailsTo(sesUrl, stranger)).length).toBe(0);
    await page.context().close();
  });

  it('signs in from another browser with the link and clears it from the address bar', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(link);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.getByText(email).first().waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await page.context().close();
  });

  it('refuses the same link a second time with a way back to /auth', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(link);
    await page.getByText('Este link é inválido, já foi usado ou expirou. Peça um novo link.').waitFor();
    expect(new URL(page.url()).hash).toBe('');
    await screenshot(page, 'auth-magic-link-error-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'auth-magic-link-error-desktop');
    await page.getByRole('link', { name: 'Voltar para o login' }).click();
    await page.waitForURL(`${appUrl}/auth`);
    await page.context().close();
  });

  it('refuses a link without a usable token', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth/link-magico#nada`);
    await page.getByText('Este link é inválido, já foi usado ou expirou. Peça um novo link.').waitFor();
    await page.context().close();
  });
});

import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  dismissToast,
  emailsTo,
  fieldError,
  emailWithSubject,
  firstLinkIn,
  logIn,
  logInAsAdmin,
  newPage,
  screenshot,
  signUp,
  signUpAndConfirm,
  solveSecurityCheck,
  toastWith,
  VIEWPORTS,
} from './browser.js';

const { appUrl, apiUrl, sesUrl, admin } = inject('e2e');

/** 'Esqueci minha senha' for this address, up to the spec's success toast. */
async function requestRecovery(page: Page, address: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(address);
  await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
  await toastWith(page, 'Email enviado');
}

describe('sign-up: errors under their fields, then "Confira seu e-mail"', () => {
  const isFocused = (page: Page, label: string) =>
    page.getByLabel(label, { exact: true }).evaluate((el) => el === el.ownerDocument.activeElement);

  it('says what is missing under each field, with "Cadastrar" enabled and no toast (phone)', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/auth?mode=register`);
    const register = page.getByRole('button', { name: 'Cadastrar' });
    expect(await register.isEnabled()).toBe(true);
    await register.click();
    await fieldError(page, 'Email', 'Por favor, preencha todos os campos.');
    await fieldError(page, 'Senha', 'Por favor, preencha todos os campos.');
    await fieldError(page, /Quanto é \d \+ \d\?/, 'Por favor, resolva a verificação de segurança.');
    expect(await isFocused(page, 'Email')).toBe(true);
    expect(await page.locator('.toast').count()).toBe(0);
    await screenshot(page, 'auth-signup-errors-phone');

    await page.getByLabel('Email', { exact: true }).fill(`curta.${ulid().toLowerCase()}@example.com`);
    await page.getByLabel('Senha', { exact: true }).fill('abc');
    await page.getByLabel('Confirmar senha').fill('abd');
    await solveSecurityCheck(page);
    await register.click();
    await fieldError(page, 'Senha', 'A senha deve ter pelo menos 6 caracteres.');
    await fieldError(page, 'Confirmar senha', 'As senhas não coincidem.');
    await page.context().close();
  });

  it('shows the address, resends the link, and corrects a wrong address (phone and desktop)', async () => {
    const id = ulid().toLowerCase();
    const wrong = `erado.${id}@example.com`;
    const right = `errado.${id}@example.com`;
    const page = await newPage(VIEWPORTS.phone);
    await signUp(page, appUrl, wrong, 'segredo123');
    const checkEmail = page.getByRole('heading', { name: 'Confira seu e-mail' });
    await checkEmail.waitFor();
    // The button pressed is gone: the focus is on the new screen's heading, which a screen reader reads.
    expect(await checkEmail.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.getByText(wrong, { exact: true }).waitFor();
    await screenshot(page, 'auth-check-email-phone');

    await page.getByRole('button', { name: 'Reenviar e-mail' }).click();
    await page.getByRole('status').filter({ hasText: 'E-mail reenviado. Confira sua caixa de entrada.' }).waitFor();
    // Cognito delivers before it answers: the new link is in the inbox.
    expect((await emailsTo(sesUrl, wrong)).filter((e) => e.subject === 'Confirme seu cadastro')).toHaveLength(2);
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'auth-check-email-resent-desktop');

    await page.getByRole('button', { name: 'E-mail errado? Corrigir endereço' }).click();
    await page.getByRole('heading', { name: 'Crie sua conta' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(wrong);
    expect(await isFocused(page, 'Email')).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(right);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByLabel('Confirmar senha').fill('segredo123');
    await solveSecurityCheck(page);
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByText(right, { exact: true }).waitFor();

    // The resent link confirms the account it was sent for.
    await page.goto(firstLinkIn((await emailWithSubject(sesUrl, wrong, 'Confirme seu cadastro', 2)).body!.html!));
    await toastWith(page, 'Email confirmado');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(wrong);
    await page.context().close();
  });
});

describe('password recovery and the already-registered e-mail', () => {
  const email = `recupera.${ulid().toLowerCase()}@example.com`;
  const oldPassword = 'antiga123';
  const newPassword = 'novasenha456';

  it('signs up and confirms a customer through the inbox', async () => {
    const page = await newPage();
    await signUpAndConfirm(page, { appUrl, sesUrl }, email, oldPassword);
    await page.context().close();
  });

  it('sends an already registered e-mail to login with the spec message', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await signUp(page, appUrl, email, 'qualquer123');
    await toastWith(page, 'Este email já está cadastrado. Faça login.');
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    expect(page.url()).not.toContain('mode=register');
    expect(await page.getByLabel('Confirmar senha').count()).toBe(0);
    await page.getByRole('button', { name: 'Entrar com Link Mágico' }).waitFor();
    await page.context().close();
  });

  it('asks for the e-mail before sending the recovery link, then sends it', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await page.getByRole('button', { name: 'Esqueci minha senha' }).click();
    // Said under the e-mail, which takes the focus; no toast for a field to fill.
    await fieldError(page, 'Email', 'Digite seu email para receber o link de recuperação.');
    expect(
      await page.getByLabel('Email', { exact: true }).evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);

    // An address without an account gets the same answer, and no e-mail.
    const nobody = `ninguem.${ulid().toLowerCase()}@example.com`;
    await requestRecovery(page, nobody);
    await dismissToast(page);

    await requestRecovery(page, email);
    await dismissToast(page);
    // A second request within the minute is refused by the server and answered alike, so nothing tells it apart.
    await requestRecovery(page, email);
    // Cognito delivers before it answers, so a second e-mail would already be in the inbox.
    expect((await emailsTo(sesUrl, email)).filter((e) => e.subject === 'Recuperação de senha')).toHaveLength(1);

    expect(await emailsTo(sesUrl, nobody)).toEqual([]);
    await page.context().close();
  });

  it('opens the recovery link, checks the new password rules and updates it', async () => {
    const link = firstLinkIn((await emailWithSubject(sesUrl, email, 'Recuperação de senha')).body!.html!);
    expect(link).toContain('acao=redefinir');

    const page = await newPage(VIEWPORTS.phone);
    await page.goto(link);
    await toastWith(page, 'Recuperação de senha');
    await page.getByRole('heading', { name: 'Crie uma nova senha' }).waitFor();
    await page.getByText(email).first().waitFor();
    // Login-only controls are not part of recovery mode.
    expect(await page.getByRole('button', { name: 'Esqueci minha senha' }).count()).toBe(0);
    await screenshot(page, 'auth-recovery-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'auth-recovery-desktop');

    const newPasswordField = page.getByLabel('Nova senha', { exact: true });
    const confirmField = page.getByLabel('Confirmar nova senha', { exact: true });
    const update = page.getByRole('button', { name: 'Atualizar senha' });
    await newPasswordField.fill('12345');
    await confirmField.fill('12345');
    await update.click();
    await fieldError(page, 'Nova senha', 'A nova senha deve ter pelo menos 6 caracteres.');
    await screenshot(page, 'auth-recovery-inline-error-desktop');

    await newPasswordField.fill(newPassword);
    await confirmField.fill(`${newPassword}x`);
    await update.click();
    await fieldError(page, 'Confirmar nova senha', 'As senhas não coincidem.');

    await confirmField.fill(newPassword);
    await update.click();
    await toastWith(page, 'Senha atualizada');
    await page.getByRole('heading', { name: 'Acesse sua conta' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    expect(page.url()).not.toContain('codigo');
    await page.context().close();
  });

  it('logs in with the new password and refuses the old one', async () => {
    const page = await newPage();
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, oldPassword);
    await toastWith(page, 'Email ou senha incorretos.');

    await page.getByLabel('Senha', { exact: true }).fill(newPassword);
    await solveSecurityCheck(page);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`${appUrl}/app/dashboard`);

    // A signed-in visitor opening /auth goes straight back to the app.
    await page.goto(`${appUrl}/auth`);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.context().close();
  });
});

describe('invite link (spec 01 §2, §3)', () => {
  it('keeps ref and invite in browser storage and fills the referral code, upper-cased', async () => {
    const page = await newPage(VIEWPORTS.phone);
    await page.goto(`${appUrl}/auth?mode=register&ref=ref-ab12cd&invite=REF-AB12CD-X9Z1`);
    const referral = page.getByLabel('Código de indicação (opcional)');
    expect(await referral.inputValue()).toBe('REF-AB12CD');
    expect(await referral.getAttribute('placeholder')).toBe('REF-XXXXXX');

    const stored = async () => {
      const { origins } = await page.context().storageState();
      const entries = origins.find((origin) => origin.origin === appUrl)?.localStorage ?? [];
      return Object.fromEntries(
        entries.filter(({ name }) => name.startsWith('referral_')).map((e) => [e.name, e.value]),
      );
    };
    expect(await stored()).toEqual({ referral_ref: 'REF-AB12CD', referral_invite: 'REF-AB12CD-X9Z1' });

    // Typing is upper-cased as it goes.
    await referral.fill('');
    await referral.pressSequentially('ref-zz99');
    expect(await referral.inputValue()).toBe('REF-ZZ99');

    // A mangled link leaves what was kept alone.
    await page.goto(`${appUrl}/auth?mode=register&ref=${'x'.repeat(300)}`);
    expect(await stored()).toEqual({ referral_ref: 'REF-AB12CD', referral_invite: 'REF-AB12CD-X9Z1' });
    await page.context().close();
  });
});

describe('connectivity banner (spec 01 §2)', () => {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`warns when the browser goes offline and when the API is out of reach (${name})`, async () => {
      const page = await newPage(viewport);
      await page.goto(`${appUrl}/auth`);
      await logInAsAdmin(page, admin);
      // An admin lands on 'Hoje'; this test watches the customer dashboard's calls.
      await page.waitForURL(`${appUrl}/admin`);
      await page.goto(`${appUrl}/app/dashboard`);
      await page.getByRole('heading', { name: 'Complete seu Perfil' }).waitFor();

      await page.context().setOffline(true);
      const offline = page.getByText('Sem conexão com a internet');
      await offline.waitFor();
      await screenshot(page, `connectivity-offline-${name}`);
      await page.context().setOffline(false);
      await offline.waitFor({ state: 'detached' });

      // The API stops answering: the next call to it (here the dashboard's) reports it.
      await page.route(`${apiUrl}/**`, (route) => route.abort('connectionrefused'));
      await page.reload();
      const unreachable = page.getByText('Problemas de conectividade detectados');
      await unreachable.waitFor();
      expect(await page.getByText('Sem conexão com a internet').count()).toBe(0);
      await screenshot(page, `connectivity-unreachable-${name}`);

      await page.unroute(`${apiUrl}/**`);
      await page.getByRole('button', { name: 'Reconectar' }).click();
      await unreachable.waitFor({ state: 'detached' });
      expect(page.url()).toBe(`${appUrl}/app/dashboard`);
      await page.context().close();
    });
  }
});

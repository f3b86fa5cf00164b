import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import type { Page } from 'playwright-core';
import { PROFILE_MESSAGES } from '../../domain/messages.js';
import { describe, expect, inject, it } from 'vitest';
import {
  emailWithSubject,
  fieldError,
  firstLinkIn,
  logIn,
  newPage,
  screenshot,
  toastWith,
  VIEWPORTS,
  signUpAndLogIn,
  fillProfile,
} from './browser.js';

const { appUrl, sesUrl } = inject('e2e');

const password = 'segredo123';
const formatCpf = (cpf: string) => cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');

/** A confirmed, signed-in customer on /app/perfil. */
async function customerOnProfile(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], email: string): Promise<Page> {
  const page = await newPage(viewport);
  await signUpAndLogIn(page, { appUrl, sesUrl }, email, password);
  await page.goto(`${appUrl}/app/perfil`);
  await page.getByRole('heading', { name: 'Meu Perfil' }).waitFor();
  await page.getByRole('button', { name: 'Salvar Perfil' }).waitFor();
  return page;
}

/** Types like a person: the masks format as they go. */
const fillMaria = (page: Page, cpf: string) =>
  fillProfile(page, { name: 'Maria da Conceição Souza', cpf, whatsapp: '35998765432', cep: '01001000', number: '120' });

describe('profile (/app/perfil)', () => {
  const email = `perfil.${ulid().toLowerCase()}@example.com`;
  const cpf = generateCpf();

  it('masks what is typed, fills the address from the CEP, and the first save leads to the contract (phone)', async () => {
    const page = await customerOnProfile(VIEWPORTS.phone, email);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await screenshot(page, 'profile-new-phone');
    await fillMaria(page, cpf);
    expect(await page.getByLabel('CPF', { exact: true }).inputValue()).toBe(formatCpf(cpf));
    expect(await page.getByLabel('WhatsApp').inputValue()).toBe('(35) 99876-5432');
    expect(await page.getByLabel('CEP').inputValue()).toBe('01001-000');
    expect(await page.getByLabel('Endereço').inputValue()).toBe('Praça da Sé');
    expect(await page.getByLabel('Bairro').inputValue()).toBe('Sé');
    expect(await page.getByLabel('Cidade').inputValue()).toBe('São Paulo');
    expect(await page.getByLabel('Estado (UF)').inputValue()).toBe('SP');
    await screenshot(page, 'profile-filled-phone');

    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    await toastWith(page, 'Perfil criado');
    await page.waitForURL(`${appUrl}/app/contrato`);
    await page.context().close();
  });

  it('shows the saved profile with the document read-only and updates the rest (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, password);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    // The dashboard's next step moved on from the profile: the contract was created with it.
    await page.getByRole('heading', { name: 'Assine o Contrato' }).waitFor();
    await page.goto(`${appUrl}/app/perfil`);
    await page.getByRole('button', { name: 'Atualizar Perfil' }).waitFor();
    // Nothing left to complete: the page says what it is for now.
    await page.getByText(PROFILE_MESSAGES.subtitleSaved).waitFor();
    expect(await page.getByText(PROFILE_MESSAGES.subtitle).count()).toBe(0);
    const document = page.getByLabel('CPF', { exact: true });
    expect(await document.inputValue()).toBe(formatCpf(cpf));
    expect(await document.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('CNPJ - Pessoa Jurídica').isDisabled()).toBe(true);
    await screenshot(page, 'profile-saved-desktop');

    await page.getByLabel('Complemento').fill('Apto 12');
    await page.getByRole('button', { name: 'Atualizar Perfil' }).click();
    await toastWith(page, 'Perfil atualizado');
    await page.reload();
    await page.getByRole('button', { name: 'Atualizar Perfil' }).waitFor();
    expect(await page.getByLabel('Complemento').inputValue()).toBe('Apto 12');
    await page.context().close();
  });

  it('changes the e-mail through the confirmation link sent to the new address (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await page.goto(`${appUrl}/auth`);
    await logIn(page, email, password);
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.goto(`${appUrl}/app/perfil`);
    await page.getByRole('button', { name: 'Alterar email' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar email' });
    await dialog.getByLabel('Novo email').fill(email);
    await dialog.getByRole('button', { name: 'Enviar confirmação' }).click();
    // The page behind a modal is inert, so the dialog repeats the toast's text on its field.
    await dialog.getByText('Digite um novo email válido.').waitFor();
    await screenshot(page, 'profile-change-email-desktop');

    const newEmail = `novo.${ulid().toLowerCase()}@example.com`;
    await dialog.getByLabel('Novo email').fill(newEmail);
    await dialog.getByRole('button', { name: 'Enviar confirmação' }).click();
    await toastWith(page, 'Email de confirmação enviado');
    const message = await emailWithSubject(sesUrl, newEmail, 'Confirme seu novo email');
    const link = firstLinkIn(message.body!.html!);
    expect(link.startsWith(`${appUrl}/app/perfil#`)).toBe(true);

    // Opened from the mail client: a new tab of the browser where the customer is signed in.
    const confirmation = await page.context().newPage();
    await confirmation.goto(link);
    await toastWith(confirmation, 'Email alterado').catch(async (error: unknown) => {
      await screenshot(confirmation, 'profile-email-confirmation-failed');
      throw error;
    });
    expect(confirmation.url()).toBe(`${appUrl}/app/perfil`);
    await confirmation.getByRole('button', { name: 'Atualizar Perfil' }).waitFor();
    expect(await confirmation.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
    await screenshot(confirmation, 'profile-email-changed-desktop');
    await page.context().close();
  });

  it('says every problem under its field and in a summary at the top, which takes the focus (phone)', async () => {
    const page = await customerOnProfile(VIEWPORTS.phone, `perfil3.${ulid().toLowerCase()}@example.com`);
    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Confira os campos abaixo antes de salvar' });
    await summary.waitFor();
    // The summary's box takes the focus (read out, scrolled into view at the top of a long form).
    await expect
      .poll(() => summary.evaluate((el) => el.closest('.error-summary') === el.ownerDocument.activeElement))
      .toBe(true);
    await fieldError(page, 'Nome completo', 'Nome deve ter pelo menos 3 caracteres');
    const lines = await summary.getByRole('listitem').allTextContents();
    expect(lines[0]).toBe('Nome completo: Nome deve ter pelo menos 3 caracteres');
    expect(lines.length).toBeGreaterThan(3);
    expect(await page.locator('.toast').count()).toBe(0);
    await screenshot(page, 'profile-error-summary-phone');

    // A line of the summary leads to its field; fixing a field takes its line away.
    await summary.getByRole('link', { name: /^Nome completo:/ }).click();
    const name = page.getByLabel('Nome completo');
    expect(await name.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await name.fill('Maria da Conceição Souza');
    await expect.poll(() => summary.getByRole('link', { name: /^Nome completo:/ }).count()).toBe(0);
    await page.context().close();
  });

  it('refuses an invalid CPF and a CPF another customer has, with the spec messages (phone)', async () => {
    const page = await customerOnProfile(VIEWPORTS.phone, `perfil2.${ulid().toLowerCase()}@example.com`);
    await fillMaria(page, '52998224724');
    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    await fieldError(page, 'CPF', 'CPF inválido');
    await page.getByRole('alert').filter({ hasText: 'CPF: CPF inválido' }).waitFor();
    await screenshot(page, 'profile-invalid-cpf-phone');

    await page.getByLabel('CPF', { exact: true }).fill('');
    await page.getByLabel('CPF', { exact: true }).pressSequentially(cpf);
    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    // The server's refusal of a taken CPF lands under the field too.
    await fieldError(page, 'CPF', 'Este CPF já está cadastrado.');
    await page.getByRole('alert').filter({ hasText: 'CPF: Este CPF já está cadastrado.' }).waitFor();
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'profile-duplicate-cpf-desktop');
    expect(page.url()).toBe(`${appUrl}/app/perfil`);
    await page.context().close();
  });

  it('accepts an alphanumeric CNPJ typed in lower case, upper-casing it in the mask', async () => {
    const page = await customerOnProfile(VIEWPORTS.desktop, `empresa.${ulid().toLowerCase()}@example.com`);
    await page.getByText('CNPJ - Pessoa Jurídica').click();
    await page.getByLabel('CNPJ', { exact: true }).pressSequentially('12abc34501de35');
    expect(await page.getByLabel('CNPJ', { exact: true }).inputValue()).toBe('12.ABC.345/01DE-35');
    await page.context().close();
  });
});

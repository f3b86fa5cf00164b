import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { describe, expect, inject, it } from 'vitest';
import { PARTNER_MESSAGES } from '../../domain/filing-documents.js';
import { fieldError, newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { confirmedAccount, openDashboardAs } from './customers.js';

const { appUrl } = inject('e2e');

/**
 * The profile's partner fields: a company's procuração is signed by the partner its profile names,
 * so the form asks for them when the document is a CNPJ, and only then.
 */
describe("a company's signing partner on /app/perfil", () => {
  let customer: Awaited<ReturnType<typeof confirmedAccount>>;

  it('asks a company for its partner, refuses an invalid CPF under its field, and saves them (phone)', async () => {
    customer = await confirmedAccount();
    const page = await newPage(VIEWPORTS.phone);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/perfil`);
    await page.getByRole('button', { name: 'Salvar Perfil' }).waitFor();
    // A person's profile has no partner.
    expect(await page.getByRole('heading', { name: PARTNER_MESSAGES.sectionTitle }).count()).toBe(0);

    await page.getByText('CNPJ - Pessoa Jurídica').click();
    await page.getByRole('heading', { name: PARTNER_MESSAGES.sectionTitle }).waitFor();
    await page.getByLabel('Nome completo').fill('Padaria Pão Quente Ltda.');
    await page.getByLabel('CNPJ', { exact: true }).pressSequentially(generateCnpj());
    await page.getByLabel('WhatsApp').pressSequentially('35998765432');
    await page.getByLabel('Nome do sócio que assina pela empresa').fill('João Carlos Pereira');
    await page.getByLabel('CPF do sócio').pressSequentially('11111111111');
    await page.getByLabel('CEP').pressSequentially('01001000');
    await page.getByText('Buscando endereço...').waitFor({ state: 'hidden' });
    // Typed, not left to the CEP's autofill: the profile test covers that, and this one is about the partner.
    await page.getByLabel('Endereço').fill('Praça da Sé');
    await page.getByLabel('Número').fill('120');
    await page.getByLabel('Bairro').fill('Sé');
    await page.getByLabel('Cidade').fill('São Paulo');
    await page.getByLabel('Estado (UF)').fill('SP');
    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    await fieldError(page, 'CPF do sócio', PARTNER_MESSAGES.invalidCpf);
    await screenshot(page, 'profile-partner-invalid-phone');

    await page.getByLabel('CPF do sócio').fill('');
    await page.getByLabel('CPF do sócio').pressSequentially('52998224725');
    expect(await page.getByLabel('CPF do sócio').inputValue()).toBe('529.982.247-25');
    await page.getByRole('button', { name: 'Salvar Perfil' }).click();
    await toastWith(page, 'Perfil criado');
    await page.waitForURL(`${appUrl}/app/contrato`);
    await page.context().close();
  });

  it('shows the saved partner and lets the company change them (desktop)', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/perfil`);
    await page.getByRole('button', { name: 'Atualizar Perfil' }).waitFor();
    expect(await page.getByLabel('Nome do sócio que assina pela empresa').inputValue()).toBe('João Carlos Pereira');
    expect(await page.getByLabel('CPF do sócio').inputValue()).toBe('529.982.247-25');
    await screenshot(page, 'profile-partner-desktop');

    await page.getByLabel('Nome do sócio que assina pela empresa').fill('Maria Helena Pereira');
    await page.getByRole('button', { name: 'Atualizar Perfil' }).click();
    await toastWith(page, 'Perfil atualizado');
    await page.reload();
    await page.getByRole('button', { name: 'Atualizar Perfil' }).waitFor();
    expect(await page.getByLabel('Nome do sócio que assina pela empresa').inputValue()).toBe('Maria Helena Pereira');
    await page.context().close();
  });
});

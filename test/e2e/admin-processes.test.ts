import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Browser, Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectionsOf } from '../../lambdas/shared/data/connections.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { seedCustomer } from '../integration/seed.js';
import {
  customerWithSignedContract,
  dismissToast,
  launchBrowser,
  logIn,
  newPage,
  screenshot,
  toastWith,
  VIEWPORTS,
} from './browser.js';
import { localTable } from './local-table.js';

const { appUrl, sesUrl, dynamodbEndpoint, adminEmail, adminPassword } = inject('e2e');
let browser: Browser;
const db = localTable(dynamodbEndpoint);

/** A word of letters only, so each run's names are its own (names take letters, not digits). */
const word = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)))
    .join('')
    .replace(/^./, (c) => c.toUpperCase());

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  db.client.destroy();
});

async function adminPage(viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> {
  const page = await newPage(browser, viewport);
  await page.goto(`${appUrl}/auth`);
  await logIn(page, adminEmail, adminPassword);
  await page.waitForURL(`${appUrl}/app/dashboard`);
  return page;
}

/** The signed-in customer's id (from the id token Amplify keeps). */
async function userIdOf(page: Page): Promise<string> {
  const token = await page.evaluate<string>(
    "Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? ''",
  );
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

async function searchFor(page: Page, term: string): Promise<void> {
  const box = page.getByLabel('Buscar por protocolo ou nome do cliente');
  await box.fill(term);
  await box.press('Enter');
}

describe('/admin/financeiro and /admin/processos, followed live on a customer’s open dashboard', () => {
  const surname = word();
  const name = `Helena ${surname} Duarte`;
  const email = `admin.fluxo.${ulid().toLowerCase()}@example.com`;
  const grantedName = `Rogerio ${word()} Campos`;

  it("'Marcar pago' and an inline status change reach the customer’s open dashboard", async () => {
    // Another client already granted, for the status filter.
    const granted = await seedCustomer(db, { nome_completo: grantedName, cpf: generateCpf() });
    const grantedRef = { userId: granted.userId, contractId: granted.contract.id };
    await changeProcessStatus(db, {
      ref: grantedRef,
      to: 'baixa_deferida',
      byUser: 'admin-e2e',
      now: new Date().toISOString(),
    });

    const customer = await newPage(browser, VIEWPORTS.phone);
    await customerWithSignedContract(
      customer,
      { appUrl, sesUrl },
      { email, password: 'segredo123', name, cpf: generateCpf(), whatsapp: '11987654321', cep: '01001000' },
    );
    await customer.getByRole('button', { name: 'Gerar PIX' }).click();
    await customer.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    const protocolo = /LM\d{13}/.exec((await customer.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];
    const userId = await userIdOf(customer);
    const before = await connectionsOf(db, userId, new Date());
    await customer.goto(`${appUrl}/app/dashboard`);
    await customer.getByRole('heading', { name: 'Realize o Pagamento' }).waitFor();
    await expect
      .poll(async () => (await connectionsOf(db, userId, new Date())).some((id) => !before.includes(id)), {
        timeout: 10_000,
      })
      .toBe(true);

    // Finance: counters, a search by protocol, 'Marcar pago'.
    const admin = await adminPage(VIEWPORTS.desktop);
    await admin.goto(`${appUrl}/admin/financeiro`);
    await admin.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
    await expect.poll(() => admin.getByTestId('counter-conversion').textContent()).toMatch(/^\d+,\d%$/);
    await searchFor(admin, protocolo);
    const chargeRow = admin.getByRole('row').filter({ hasText: protocolo });
    await chargeRow.getByText(name).waitFor();
    expect(await admin.getByRole('row').count()).toBe(2);
    await chargeRow.getByText('Pendente', { exact: true }).waitFor();
    await screenshot(admin, 'admin-finance-desktop');
    await chargeRow.getByRole('button', { name: `Marcar pago ${protocolo}` }).click();
    await toastWith(admin, 'Cobrança atualizada');
    await chargeRow.getByText('Pago', { exact: true }).waitFor();
    expect(await chargeRow.getByRole('button', { name: `Marcar pago ${protocolo}` }).isDisabled()).toBe(true);

    await toastWith(customer, 'Status atualizado!');
    await customer.getByRole('heading', { name: 'Realize o Pagamento' }).waitFor({ state: 'detached' });
    await customer.getByText('Pago', { exact: true }).first().waitFor();
    await dismissToast(customer);

    // Processes: counters, a search by name, the status filter, the inline selector.
    await admin.goto(`${appUrl}/admin/processos`);
    await admin.getByRole('heading', { name: 'Processos', level: 1 }).waitFor();
    await expect.poll(() => admin.getByTestId('counter-pago').textContent()).toMatch(/^[1-9]\d*$/);
    await searchFor(admin, surname);
    const processRow = admin.getByRole('row').filter({ hasText: protocolo });
    await processRow.getByText(name).waitFor();
    const selector = processRow.getByRole('combobox', { name: `Status do processo ${protocolo}` });
    await expect.poll(() => selector.inputValue()).toBe('pago');

    await searchFor(admin, grantedName.split(' ')[1]!);
    await admin.getByLabel('Status', { exact: true }).selectOption('baixa_deferida');
    await admin.getByRole('row').filter({ hasText: granted.contract.protocolo }).waitFor();
    await admin.getByLabel('Status', { exact: true }).selectOption('pago');
    await admin.getByText('Nenhum processo encontrado.').waitFor();
    await admin.getByLabel('Status', { exact: true }).selectOption('');

    await searchFor(admin, surname);
    await processRow.getByText(name).waitFor();
    await selector.selectOption('peticionado');
    await toastWith(admin, 'Status atualizado');
    await expect.poll(() => selector.inputValue()).toBe('peticionado');
    await screenshot(admin, 'admin-processes-desktop');

    await toastWith(customer, 'Status atualizado!');
    await customer.getByText('Peticionado', { exact: true }).first().waitFor();
    await screenshot(customer, 'admin-processes-customer-live-phone');
    await customer.context().close();
    await admin.context().close();

    // The same screens on a phone.
    const phone = await adminPage(VIEWPORTS.phone);
    await phone.goto(`${appUrl}/admin/processos`);
    await searchFor(phone, surname);
    await phone.getByText(name).first().waitFor();
    await screenshot(phone, 'admin-processes-phone');
    await phone.goto(`${appUrl}/admin/financeiro`);
    await phone.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
    await phone
      .getByRole('button', { name: /^Verificar LM/ })
      .first()
      .waitFor();
    await screenshot(phone, 'admin-finance-phone');
    await phone.context().close();
  });
});

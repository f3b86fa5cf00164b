import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { Page } from 'playwright-core';
import { ulid } from 'ulid';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cnjCheckDigits } from '../../domain/cnj-number.js';
import { connectionsOf } from '../../lambdas/shared/data/connections.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { seedCustomer, seedKitApproved } from '../integration/seed.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { dismissToast, newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { adminPage, confirmStatusChange, nameWord, searchAdminList } from './admin-helpers.js';
import { apiCustomer, openDashboardAs } from './customers.js';
import { localTable } from './local-table.js';

const { appUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(async () => {
  db.client.destroy();
});

/** The signed-in customer's id (from the id token Amplify keeps). */
async function userIdOf(page: Page): Promise<string> {
  const token = await page.evaluate<string>(
    "Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? ''",
  );
  return (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
}

/** A CNJ number of TJMG (J 8, TR 13), as a lawyer types it. */
const TJMG_NUMBER = (() => {
  const parts = { sequence: '0001234', year: '2026', justice: '8', court: '13', origin: '0637' };
  return `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`;
})();

const searchFor = (page: Page, term: string) => searchAdminList(page, 'Buscar por protocolo ou nome do cliente', term);

describe('/admin/financeiro and /admin/processos, followed live on a customer’s open dashboard', () => {
  const surname = nameWord();
  const name = `Helena ${surname} Duarte`;
  const email = `admin.fluxo.${ulid().toLowerCase()}@example.com`;
  const grantedName = `Rogerio ${nameWord()} Campos`;

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

    // Signed up, profiled and signed through the API (the screens have tests of their own), signed in as a person.
    const customer = await newPage(VIEWPORTS.phone);
    await openDashboardAs(customer, await apiCustomer({ email, name }));
    await customer.goto(`${appUrl}/app/pagamento`);
    await customer.getByRole('button', { name: 'Gerar PIX' }).click();
    await customer.getByRole('img', { name: 'QR Code do PIX' }).waitFor();
    const protocolo = /LM\d{8}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(
      (await customer.getByRole('heading', { level: 1 }).textContent()) ?? '',
    )![0];
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
    await expect
      .poll(() => admin.getByTestId('counter-conversion').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+,\d%$/);
    await searchFor(admin, protocolo);
    const chargeRow = admin.getByRole('row').filter({ hasText: protocolo });
    await chargeRow.getByText(name).waitFor();
    expect(await admin.getByRole('table', { name: 'Cobranças' }).getByRole('row').count()).toBe(2);
    await chargeRow.getByText('Pendente', { exact: true }).waitFor();
    await screenshot(admin, 'admin-finance-desktop');
    // 'Marcar pago' asks first: the amount (the charge's, proposed), the day and how the money arrived.
    await chargeRow.getByRole('button', { name: `Marcar pago ${protocolo}` }).click();
    const markPaid = admin.getByRole('dialog', { name: 'Marcar cobrança como paga' });
    await markPaid.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await markPaid.getByText('Informe como o pagamento foi recebido (mínimo de 3 caracteres).').waitFor();
    await markPaid.getByLabel('Como o pagamento foi recebido').fill('Transferência identificada no extrato');
    await screenshot(admin, 'admin-finance-mark-paid-desktop');
    await markPaid.getByRole('button', { name: 'Confirmar pagamento' }).click();
    await toastWith(admin, 'Cobrança atualizada');
    await markPaid.waitFor({ state: 'detached' });
    await chargeRow.getByText('Manual (registrado pela equipe)').waitFor();
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
    // Choosing a status only drafts it (no dialog on a select's change: arrow keys change it as they move); 'Alterar'
    // asks for the confirmation (from → to, an optional note); 'Cancelar' changes nothing and gives the focus back to
    // the selector.
    // The filing kit approved: only then may the process be filed.
    const { processes } = await getCustomerCollection(db, userId);
    await seedKitApproved(db, { userId, contractId: processes[0]!.contrato_id });
    const confirmation = admin.getByRole('dialog', { name: 'Alterar status do processo' });
    const apply = processRow.getByRole('button', { name: `Alterar o status do processo ${protocolo}` });
    await selector.selectOption('peticionado');
    await apply.waitFor();
    expect(await confirmation.count()).toBe(0);
    await screenshot(admin, 'admin-processes-draft-desktop');
    await apply.click();
    await confirmation.getByText('Pago', { exact: true }).waitFor();
    await confirmation.getByText('Peticionado', { exact: true }).waitFor();
    await confirmation.getByRole('button', { name: 'Cancelar' }).click();
    await confirmation.waitFor({ state: 'detached' });
    // The native dialog leaves the accessibility tree as it closes, a moment before React draws the select again.
    await expect.poll(() => selector.inputValue()).toBe('pago');
    expect(await selector.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    expect(await apply.count()).toBe(0);

    const note = `Protocolado no TJMG em ${new Date().toLocaleDateString('pt-BR')}; aguardando despacho do juiz.`;
    await selector.selectOption('peticionado');
    await apply.click();
    await confirmation.getByLabel('Observação para o cliente').fill(note);
    // 'Peticionado' needs the court case: the CNJ number (checked as typed) and the filing day (today, proposed).
    await confirmation.getByRole('button', { name: 'Confirmar' }).click();
    await confirmation.getByText('Informe o número do processo (CNJ) para marcar como peticionado.').waitFor();
    await confirmation.getByLabel('Número do processo (CNJ)').fill(TJMG_NUMBER);
    await confirmation.getByText('Tribunal: TJMG', { exact: false }).waitFor();
    // The customer's note is in the preview of their e-mail.
    await confirmation
      .getByRole('region', { name: 'E-mail que o cliente vai receber' })
      .getByText(note, { exact: false })
      .waitFor();
    await screenshot(admin, 'admin-processes-status-dialog-desktop');
    await confirmStatusChange(admin, confirmation);
    await toastWith(admin, 'Status atualizado');
    await confirmation.waitFor({ state: 'detached' });
    await expect.poll(() => selector.inputValue()).toBe('peticionado');
    await screenshot(admin, 'admin-processes-desktop');

    await toastWith(customer, 'Status atualizado!');
    await customer.getByText('Peticionado', { exact: true }).first().waitFor();
    await screenshot(customer, 'admin-processes-customer-live-phone');
    // The note is in the history record the customer reads.
    await customer.goto(`${appUrl}/app/historico`);
    await customer
      .getByRole('listitem')
      .filter({ hasText: 'Pedido protocolado' })
      .getByText(note, { exact: false })
      .waitFor();
    await customer.context().close();
    await admin.context().close();

    // The same screens on a phone; the confirmation fits, and Esc cancels it.
    const phone = await adminPage(VIEWPORTS.phone);
    await phone.goto(`${appUrl}/admin/processos`);
    await searchFor(phone, surname);
    await phone.getByText(name).first().waitFor();
    await screenshot(phone, 'admin-processes-phone');
    const phoneSelector = phone.getByRole('combobox', { name: `Status do processo ${protocolo}` });
    await phoneSelector.selectOption('baixa_deferida');
    await screenshot(phone, 'admin-processes-draft-phone');
    await phone.getByRole('button', { name: `Alterar o status do processo ${protocolo}` }).click();
    const phoneConfirmation = phone.getByRole('dialog', { name: 'Alterar status do processo' });
    await phoneConfirmation.getByLabel('Observação para o cliente').fill(note);
    // A grant asks the decision's day.
    await phoneConfirmation.getByLabel('Data da decisão').waitFor();
    await screenshot(phone, 'admin-processes-status-dialog-phone');
    await phone.keyboard.press('Escape');
    await phoneConfirmation.waitFor({ state: 'detached' });
    await expect.poll(() => phoneSelector.inputValue()).toBe('peticionado');
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

import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { createChargeRoute } from '../../domain/api/payments.js';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import type { Dashboard } from '../../domain/schemas/dashboard.js';
import { nameWord, searchAdminList } from './admin-helpers.js';
import { emailWithSubject, newPage, screenshot, toastWith, VIEWPORTS } from './browser.js';
import { openSignedIn } from './sessions.js';
import { apiCustomer, callApi, openDashboardAs, type ApiCustomer } from './customers.js';

const { appUrl, asaasUrl, admin, sesUrl } = inject('e2e');

/** A customer who signed and paid through the API and the simulator, and whose payment the workflow confirmed. */
async function paidCustomer(name: string, byCard = false): Promise<ApiCustomer> {
  const customer = await apiCustomer({ name });
  const { charge } = await callApi<{ charge: { asaas_id: string } }>(
    customer.idToken,
    createChargeRoute.method,
    createChargeRoute.path.replace('{contractId}', customer.contractId),
    byCard ? { forma: 'cartao', parcelas: 3 } : undefined,
  );
  await fetch(`${asaasUrl}/__control/payments/${charge.asaas_id}/${byCard ? 'card-pay' : 'pay'}`, { method: 'POST' });
  await expect
    .poll(
      async () =>
        (
          await callApi<{ processes: { status: string }[] }>(
            customer.idToken,
            getDashboardRoute.method,
            getDashboardRoute.path,
          )
        ).processes[0]?.status,
      // A cold webhook function on a busy machine can take a while; nothing here is about speed.
      { timeout: 60_000 },
    )
    .toBe('pago');
  return customer;
}

/** The simulator's page, as a person refunds there: 'Estornar' on the customer's row. */
async function refundAtSimulator(page: Page, name: string) {
  const simulator = await page.context().newPage();
  await simulator.goto(asaasUrl);
  const row = simulator.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Estornar' }).click();
  await row.getByRole('button', { name: 'Estornar' }).waitFor({ state: 'detached' });
  await simulator.close();
}

describe("withdrawal ('Cancelar contrato') and the admin's 'Estornar'", () => {
  it('the dialog tells a card plan its money goes back to the card, never to a PIX account', async () => {
    const customer = await paidCustomer(`Caio Cartão Arrependido ${nameWord()}`, true);
    for (const [device, viewport] of [
      ['phone', VIEWPORTS.phone],
      ['desktop', VIEWPORTS.desktop],
    ] as const) {
      const page = await newPage(viewport);
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/contrato`);
      await page.getByRole('button', { name: 'Cancelar contrato' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancelar este contrato?' });
      await dialog.getByText(WITHDRAWAL_MESSAGES.dialogRefund('cartao')).waitFor();
      expect(await dialog.getByText('conta de origem do PIX', { exact: false }).count()).toBe(0);
      await screenshot(page, `withdrawal-dialog-card-${device}`);
      await page.context().close();
    }
  });

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('a customer cancels within 7 days and follows the refund to the end (%s)', async (device, viewport) => {
    const name = `Marina ${device === 'phone' ? 'Celular' : 'Computador'} Arrependida ${nameWord()}`;
    const customer = await paidCustomer(name);
    const page = await newPage(viewport);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/contrato`);
    await page.getByText('Você pode cancelar este contrato até', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Cancelar contrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar este contrato?' });
    await dialog.getByText(WITHDRAWAL_MESSAGES.dialogRefund('pix')).waitFor();
    await dialog.getByText('O cancelamento não pode ser desfeito.').waitFor();
    await screenshot(page, `withdrawal-dialog-${device}`);
    await dialog.getByRole('button', { name: 'Sim, cancelar contrato' }).click();
    await toastWith(page, 'Contrato cancelado');
    const card = page
      .getByRole('region', { name: /Contrato Cancelado/ })
      .or(page.locator('.contract-card'))
      .first();
    await card.getByText('Cancelado', { exact: true }).waitFor();
    await card.getByText('Estorno solicitado', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancelar contrato' }).count()).toBe(0);
    await screenshot(page, `withdrawal-requested-${device}`);
    // The e-mail says what the screen and the contract say: the amount, where it goes and by when.
    const mail = await emailWithSubject(sesUrl, customer.email, `Contrato cancelado — protocolo ${customer.protocol}`);
    expect(mail.body?.text).toContain('Valor a estornar: R$ 399,00\n\nPara onde volta: A conta de origem do PIX');
    expect(mail.body?.text).toMatch(/Previsão: até \d{2}\/\d{2}\/\d{4}/);

    // The bank returns the PIX (the simulator's 'Estornar'): Asaas's webhook, the live channel, this screen.
    await refundAtSimulator(page, name);
    await card.getByText('Estornado', { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, `withdrawal-refunded-${device}`);
    await page.getByRole('link', { name: 'Acompanhar Processo' }).click();
    await page.waitForURL(`${appUrl}/app/dashboard`);
    await page.getByText('Encerrado', { exact: true }).first().waitFor();
    await screenshot(page, `withdrawal-dashboard-${device}`);
    await page.context().close();
  });

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)(
    'Asaas refuses the refund for lack of balance; the admin tops it up and refunds, and the customer sees it (%s)',
    async (device, viewport) => {
      const name = `Bruna ${device === 'phone' ? 'Celular' : 'Computador'} Sem Saldo ${nameWord()}`;
      const customer = await paidCustomer(name);
      const setBalance = (value: number | null) =>
        fetch(`${asaasUrl}/__control/balance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        });
      await setBalance(0);
      try {
        const page = await newPage(viewport);
        await openDashboardAs(page, customer);
        await page.goto(`${appUrl}/app/contrato`);
        await page.getByRole('button', { name: 'Cancelar contrato' }).click();
        await page
          .getByRole('dialog', { name: 'Cancelar este contrato?' })
          .getByRole('button', { name: 'Sim, cancelar contrato' })
          .click();
        await page
          .getByRole('dialog', { name: 'Cancelar este contrato?' })
          .waitFor({ state: 'detached', timeout: 90_000 });
        await screenshot(page, `withdrawal-refused-answered-${device}`);
        // The card says it (the toast says the same, and may give way to the live channel's 'Status atualizado!').
        const card = page.locator('.contract-card').first();
        await card.getByText('Estorno em andamento com a nossa equipe', { exact: true }).waitFor({ timeout: 60_000 });
        await card.getByText('Nossa equipe já foi avisada', { exact: false }).waitFor();
        expect(await page.getByText('Não havia pagamento a estornar', { exact: false }).count()).toBe(0);
        await screenshot(page, `withdrawal-refused-${device}`);

        // The admin sees the refusal with Asaas's reason on Financeiro.
        const adminPage = await newPage(viewport);
        await openSignedIn(adminPage, admin, '/admin/financeiro');
        await adminPage.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
        await searchAdminList(adminPage, 'Buscar por protocolo ou nome do cliente', customer.protocol);
        const row = adminPage.getByRole('row').filter({ hasText: customer.protocol });
        await row.getByText('Estorno recusado', { exact: true }).waitFor();
        await row.getByText('Contrato cancelado', { exact: true }).waitFor();
        await row.getByText('Saldo insuficiente', { exact: false }).waitFor();
        await row.getByRole('button', { name: `Registrar estorno manual ${customer.protocol}` }).waitFor();
        await screenshot(adminPage, `admin-refund-refused-${device}`);

        // A top-up on the simulator's page ('Definir saldo'), then 'Estornar' again.
        const simulator = await adminPage.context().newPage();
        await simulator.goto(asaasUrl);
        await simulator.getByLabel('Novo saldo (R$)').fill('1000');
        await simulator.getByRole('button', { name: 'Definir saldo' }).click();
        await simulator
          .getByText(/R\$\s1\.000,00/)
          .first()
          .waitFor();
        await simulator.close();
        await row.getByRole('button', { name: `Estornar ${customer.protocol}` }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'Estornar pagamento' });
        await dialog.getByLabel('Motivo do estorno').fill('Saldo recomposto no Asaas');
        await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
        await dialog.waitFor({ state: 'detached', timeout: 90_000 });
        await row.getByText('Estorno solicitado', { exact: true }).waitFor({ timeout: 60_000 });
        expect(await row.getByText('Estorno recusado', { exact: true }).count()).toBe(0);
        await screenshot(adminPage, `admin-refund-retried-${device}`);
        await adminPage.context().close();

        // The customer's open screen follows (the live channel).
        await card.getByText('Estorno solicitado', { exact: true }).waitFor({ timeout: 15_000 });
        expect(await card.getByText('Nossa equipe já foi avisada', { exact: false }).count()).toBe(0);
        await screenshot(page, `withdrawal-refund-retried-${device}`);
        await page.context().close();
      } finally {
        await setBalance(null);
      }
    },
    // Two sign-ins (the admin's with its second factor), a refusal, a top-up and a retry: long on a busy machine.
    300_000,
  );

  it.each([
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const)('the dialog says an overdue PIX is removed, as the server then does (%s)', async (device, viewport) => {
    const customer = await apiCustomer({
      name: `Otávio ${device === 'phone' ? 'Celular' : 'Computador'} ${nameWord()}`,
    });
    const { charge } = await callApi<{ charge: { asaas_id: string } }>(
      customer.idToken,
      createChargeRoute.method,
      createChargeRoute.path.replace('{contractId}', customer.contractId),
    );
    await fetch(`${asaasUrl}/__control/payments/${charge.asaas_id}/overdue`, { method: 'POST' });
    const dashboard = () => callApi<Dashboard>(customer.idToken, getDashboardRoute.method, getDashboardRoute.path);
    await expect.poll(async () => (await dashboard()).withdrawals[0]?.settlement, { timeout: 60_000 }).toBe('remove');
    const page = await newPage(viewport);
    await openDashboardAs(page, customer);
    await page.goto(`${appUrl}/app/contrato`);
    await page.getByRole('button', { name: 'Cancelar contrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar este contrato?' });
    await dialog.getByText(WITHDRAWAL_MESSAGES.dialogRemove('pix')).waitFor();
    await screenshot(page, `withdrawal-dialog-overdue-${device}`);
    await dialog.getByRole('button', { name: 'Sim, cancelar contrato' }).click();
    await toastWith(page, 'Contrato cancelado');
    await expect
      .poll(async () => (await dashboard()).charges.find((c) => c.asaas_id === charge.asaas_id)?.status, {
        timeout: 60_000,
      })
      .toBe('DELETED');
    await page.context().close();
  });

  it('an admin refunds a paid charge from /admin/financeiro with a reason (desktop)', async () => {
    const name = `Otavio Estornado ${nameWord()}`;
    const customer = await paidCustomer(name);
    const page = await newPage(VIEWPORTS.desktop);
    await openSignedIn(page, admin, '/admin/financeiro');
    await page.getByRole('heading', { name: 'Financeiro', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Pagamentos sem cobrança' }).waitFor();
    await searchAdminList(page, 'Buscar por protocolo ou nome do cliente', customer.protocol);
    const row = page.getByRole('row').filter({ hasText: customer.protocol });
    await row.getByText('Pago', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Estornar ${customer.protocol}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Estornar pagamento' });
    // The reason is required.
    await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
    await dialog.getByText('Informe o motivo do estorno.').waitFor();
    await dialog.getByLabel('Motivo do estorno').fill('Pedido indeferido pelo juízo');
    await screenshot(page, 'admin-refund-dialog-desktop');
    await dialog.getByRole('button', { name: 'Confirmar estorno' }).click();
    await toastWith(page, 'Estorno solicitado');
    await row.getByText('Estorno solicitado', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Estornar ${customer.protocol}` }).count()).toBe(0);
    await screenshot(page, 'admin-refund-done-desktop');
    await page.context().close();
  });
});

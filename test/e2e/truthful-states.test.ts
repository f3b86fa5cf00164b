import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { cancelContractRoute } from '../../domain/api/contracts.js';
import type { ProcessStatus } from '../../domain/process-status.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { nameWord } from './admin-helpers.js';
import { newPage, screenshot, VIEWPORTS } from './browser.js';
import { callApi, customerCollection, paidApiCustomer, openDashboardAs, type ApiCustomer } from './customers.js';
import { localTable } from './local-table.js';

const { appUrl, asaasUrl, dynamodbEndpoint } = inject('e2e');
const db = localTable(dynamodbEndpoint);

afterAll(() => {
  db.client.destroy();
});

const DEVICES = [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const;

/** The steps the dashboard's timeline lists, in order, as read on screen. */
async function timelineSteps(page: Page): Promise<string[]> {
  const card = page.locator('.timeline');
  await card.waitFor();
  return card
    .locator('.timeline__step')
    .evaluateAll((steps) =>
      steps.map(
        (step) =>
          `${step.querySelector('.timeline__text > span')?.textContent ?? ''}|${step.getAttribute('data-state')}`,
      ),
    );
}

/** No code to pay on the payment screen: the refund or the dispute instead. */
async function expectNoPayableCode(page: Page) {
  expect(await page.getByRole('img', { name: 'QR Code do PIX' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Copiar código PIX/i }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Verificar Pagamento' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /Gerar (novo )?PIX/ }).count()).toBe(0);
  expect(await page.getByLabel('PIX copia e cola').count()).toBe(0);
}

/** Each state, on a phone and a desktop: the dashboard's situation and timeline, then the payment screen. */
async function walkState(
  customer: ApiCustomer,
  state: string,
  expected: { outcome: string; money: RegExp; steps: string[]; paymentTitle: string; paymentMoney: RegExp },
) {
  for (const [device, viewport] of DEVICES) {
    const page = await newPage(viewport);
    await openDashboardAs(page, customer);
    const outcome = page.getByRole('heading', { name: expected.outcome, level: 2 });
    await outcome.waitFor();
    await page.getByTestId('outcome-money').getByText(expected.money).waitFor();
    expect(await page.getByRole('heading', { name: 'Tudo em dia' }).count()).toBe(0);
    expect(await page.getByText('Previsão de protocolo').count()).toBe(0);
    expect(await timelineSteps(page)).toEqual(expected.steps);
    await screenshot(page, `state-${state}-dashboard-${device}`);

    await page.goto(`${appUrl}/app/pagamento`);
    await page.getByRole('heading', { name: expected.paymentTitle, level: 2 }).waitFor();
    await page.getByTestId('payment-money').getByText(expected.paymentMoney).waitFor();
    await expectNoPayableCode(page);
    await screenshot(page, `state-${state}-payment-${device}`);
    await page.context().close();
  }
}

/** A paid customer who withdrew ('Cancelar contrato' through the API): the contract cancelled, the refund asked. */
async function cancelledCustomer(name: string) {
  const customer = await paidApiCustomer(name);
  await callApi(
    customer.idToken,
    cancelContractRoute.method,
    cancelContractRoute.path.replace('{contractId}', customer.contractId),
  );
  // Asaas answers the refund as requested or already in progress: both are a refund on its way.
  expect((await customerCollection(customer.idToken)).charges[0]?.status).toMatch(/^REFUND_(REQUESTED|IN_PROGRESS)$/);
  return customer;
}

const PAID_STEPS = [
  'Cadastro Realizado|done',
  'Contrato Assinado|done',
  'PIX Gerado|done',
  'Pagamento Confirmado|done',
];

// Each test pays a PIX through the simulator and the workflow, then walks two screens on two devices.
describe(
  'every state has its own truthful screen (dashboard and payment, phone and desktop)',
  { timeout: 180_000 },
  () => {
    it('paid → cancelled: the refund requested', async () => {
      const customer = await cancelledCustomer(`Clara Cancelou ${nameWord()}`);
      await walkState(customer, 'cancelled-after-paying', {
        outcome: 'Contrato cancelado',
        money: /^Estorno de R\$ 399,00 solicitado em \d{2}\/\d{2}\/\d{4}/,
        steps: [...PAID_STEPS, 'Contrato cancelado|done', 'Estorno solicitado|current', 'Valor estornado|upcoming'],
        paymentTitle: 'Contrato cancelado',
        paymentMoney: /^Estorno de R\$ 399,00 solicitado em/,
      });

      // 'Renovação' cannot renew a cancelled contract: it says so on screen, with the support to talk to.
      const page = await newPage(VIEWPORTS.phone);
      await openDashboardAs(page, customer);
      await page.goto(`${appUrl}/app/renovacao`);
      await page.getByText('Seu último contrato foi cancelado e não pode ser renovado.', { exact: false }).waitFor();
      const support = page.getByRole('link', { name: /Falar com o suporte pelo WhatsApp/ });
      expect(await support.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\d+$/);
      expect(await page.getByRole('button', { name: 'Renovar por R$ 399,00' }).isDisabled()).toBe(true);
      await screenshot(page, 'state-cancelled-renewal-phone');
      await page.context().close();
    });

    it('paid → cancelled → refunded', async () => {
      const customer = await cancelledCustomer(`Rafael Reembolsado ${nameWord()}`);
      // The bank returns the PIX (the simulator's 'Estornar'): Asaas's webhook makes the charge REFUNDED.
      await fetch(`${asaasUrl}/__control/payments/${customer.asaasId}/refund`, { method: 'POST' });
      await expect
        .poll(async () => (await customerCollection(customer.idToken)).charges[0]?.status, { timeout: 15_000 })
        .toBe('REFUNDED');
      await walkState(customer, 'refunded', {
        outcome: 'Contrato cancelado',
        money: /^R\$ 399,00 estornados em \d{2}\/\d{2}\/\d{4} para a conta de origem do PIX\.$/,
        steps: [...PAID_STEPS, 'Contrato cancelado|done', 'Valor estornado|done'],
        paymentTitle: 'Contrato cancelado',
        paymentMoney: /^R\$ 399,00 estornados em/,
      });
    });

    it('a chargeback', async () => {
      const customer = await paidApiCustomer(`Caio Contestou ${nameWord()}`);
      await fetch(`${asaasUrl}/__control/payments/${customer.asaasId}/chargeback`, { method: 'POST' });
      await expect
        .poll(async () => (await customerCollection(customer.idToken)).processes[0]?.status, { timeout: 15_000 })
        .toBe('pagamento_estornado');
      await walkState(customer, 'chargeback', {
        outcome: 'Pagamento contestado',
        money: /^O pagamento de R\$ 399,00 foi contestado no banco de quem pagou em \d{2}\/\d{2}\/\d{4}\.$/,
        steps: [...PAID_STEPS, 'Pagamento contestado|alert'],
        paymentTitle: 'Pagamento contestado',
        paymentMoney: /contestado no banco de quem pagou/,
      });
    });

    it('the removal fell (baixa_caiu): granted, then fell, and the way to a renewal', async () => {
      const customer = await paidApiCustomer(`Beatriz Caiu ${nameWord()}`);
      for (const to of ['peticionado', 'baixa_deferida', 'baixa_caiu'] satisfies ProcessStatus[]) {
        await changeProcessStatus(db, {
          ref: { userId: customer.userId, contractId: customer.contractId },
          to,
          byUser: 'admin-e2e',
          now: new Date().toISOString(),
        });
      }
      for (const [device, viewport] of DEVICES) {
        const page = await newPage(viewport);
        await openDashboardAs(page, customer);
        await page.getByRole('heading', { name: 'A baixa caiu', level: 2 }).waitFor();
        await page.getByText(/^A baixa caiu em \d{2}\/\d{2}\/\d{4}\./).waitFor();
        expect(await timelineSteps(page)).toEqual([
          ...PAID_STEPS,
          'Peticionado|done',
          'Baixa Deferida|done',
          'Baixa Caiu|alert',
        ]);
        expect(await page.getByRole('heading', { name: 'Tudo em dia' }).count()).toBe(0);
        await screenshot(page, `state-removal-fell-dashboard-${device}`);
        await page.getByRole('link', { name: 'Ver renovação' }).click();
        await page.waitForURL(`${appUrl}/app/renovacao`);
        expect(await page.getByRole('button', { name: 'Renovar por R$ 399,00' }).isEnabled()).toBe(true);
        await page.context().close();
      }
    });
  },
);

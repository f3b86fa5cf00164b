import { describe, expect, it } from 'vitest';
import { getAdminFinanceSummaryRoute } from '../../domain/api/admin-finance.js';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import { toCents } from '../../domain/finance.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { handler as getSummary } from '../../lambdas/admin/finance/get-admin-finance-summary.js';
import { handleAsaasWebhook, type WebhookDeps } from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract, type CreateChargeDeps } from '../../lambdas/payments/create-charge-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getCharge, saveChargeTaskToken, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { OUTSIDE_PRICES } from '../../scripts/cost/prices.js';
import { adminClaims } from '../factories.js';
import { callRoute, okBody } from '../route-call.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * Finance that reconciles (docs/decisions.md, "Finance that reconciles: Asaas's fees, 'Sem cobrança ainda', 'Executar
 * agora'"): what Asaas keeps of each payment (its `netValue`) is recorded with the payment, once, and
 * /admin/financeiro's figures add up — Recebido − Estornado − Taxas Asaas = Líquido — for PIX, boleto and a card in
 * instalments, against DynamoDB Local and the Asaas simulator (which charges the cost model's fees).
 */
const db = testDb();
const sim = useAsaasSimulator();
const { control, listing } = sim;
const workflow = recordingWorkflow();

/**
 * The deliveries happen on a São Paulo day of this file's own, years away (other files move charges today), so the
 * period's figures are exactly this test's.
 */
const DAY = '2043-03-17';
const deliveredOn = () => new Date(`${DAY}T15:00:00.000Z`);

const webhookDeps = (): WebhookDeps => ({
  db: guardedTestDb('ReceiveAsaasWebhook'),
  clock: deliveredOn,
  workflow,
  asaas: sim.asaas,
});
const chargeDeps = (): CreateChargeDeps => ({
  db: guardedTestDb('CreateCharge'),
  clock: systemClock,
  asaas: sim.asaas,
  workflow,
  appUrl: 'http://127.0.0.1:5173',
});

type SimPayment = {
  id: string;
  value: number;
  netValue: number;
  externalReference: string | null;
  installmentNumber: number | null;
};
type SimEvent = AsaasWebhook & { payment: SimPayment };

const eventCount = async () => (await listing<unknown[]>('events')).length;
const eventsSince = async (from: number) => (await listing<SimEvent[]>('events')).slice(from);

/** Delivers each event twice, in a shuffled order, as Asaas's at-least-once queue may. */
async function deliverTwice(events: AsaasWebhook[]) {
  const all = [...events, ...events].sort(() => Math.random() - 0.5);
  for (const event of all) await handleAsaasWebhook(webhookDeps(), event);
}

async function chargeOf(choice: { forma: 'pix' | 'boleto' } | { forma: 'cartao'; parcelas: number }) {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer);
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(chargeDeps(), caller, customer.contract.id, choice);
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
  return { ref, charge: charge! };
}

/** What the simulator says Asaas kept of a charge's payments (every instalment of a plan), in centavos. */
async function feesAtAsaas(chargeId: string) {
  const payments = (await listing<SimPayment[]>('payments')).filter((p) => p.externalReference === chargeId);
  return payments.reduce((sum, p) => sum + toCents(p.value) - toCents(p.netValue), 0);
}

describe("/admin/financeiro: Asaas's fees and the net", () => {
  it('records each method’s fee once, with its payment, and received − refunded − fees = net', async () => {
    const pix = await chargeOf({ forma: 'pix' });
    const boleto = await chargeOf({ forma: 'boleto' });
    const card = await chargeOf({ forma: 'cartao', parcelas: 3 });
    const refunded = await chargeOf({ forma: 'pix' });

    const from = await eventCount();
    await control(`payments/${pix.charge.asaas_id}/pay`);
    await control(`payments/${boleto.charge.asaas_id}/pay`);
    await control(`payments/${card.charge.asaas_id}/card-pay`);
    await control(`payments/${refunded.charge.asaas_id}/pay`);
    await deliverTwice(await eventsSince(from));
    // A refund at Asaas: the money goes back, the fee stays with Asaas.
    const beforeRefund = await eventCount();
    await sim.asaas.refundPayment(refunded.charge.asaas_id!, 'Estorno de teste');
    await deliverTwice(await eventsSince(beforeRefund));

    for (const { ref } of [pix, boleto, card]) expect((await getCharge(db, ref))?.status).toMatch(/RECEIVED|CONFIRMED/);
    expect((await getCharge(db, refunded.ref))?.status).toMatch(/REFUND/);

    // The fees are the cost model's, per method; a card's is a percentage of each instalment plus one fixed fee.
    const fees = OUTSIDE_PRICES.asaas;
    expect(await feesAtAsaas(pix.charge.id)).toBe(toCents(fees.pixBrl));
    expect(await feesAtAsaas(boleto.charge.id)).toBe(toCents(fees.boletoBrl));
    const plan = (await listing<SimPayment[]>('payments')).filter((p) => p.externalReference === card.charge.id);
    expect(plan).toHaveLength(3);
    const cardFee = await feesAtAsaas(card.charge.id);
    expect(cardFee).toBe(
      plan.reduce((sum, p) => sum + Math.round(p.value * fees.card.upTo6.percent), 0) +
        toCents(fees.card.upTo6.fixedBrl),
    );

    // Each charge keeps what Asaas kept of it (a plan: every instalment's).
    const recorded = async (ref: ChargeRef) => toCents((await getCharge(db, ref))?.taxa_asaas ?? -1);
    expect(await recorded(pix.ref)).toBe(toCents(fees.pixBrl));
    expect(await recorded(boleto.ref)).toBe(toCents(fees.boletoBrl));
    expect(await recorded(card.ref)).toBe(cardFee);
    expect(await recorded(refunded.ref)).toBe(toCents(fees.pixBrl));

    const summary = okBody(
      await callRoute(getAdminFinanceSummaryRoute, getSummary, {
        claims: adminClaims(),
        query: { from: DAY, to: DAY },
      }),
    );
    expect(saoPauloDay(deliveredOn().toISOString())).toBe(DAY);
    const receivedCents = toCents(pix.charge.valor!) + 41_900 + 44_900 + toCents(refunded.charge.valor!);
    const feeCents = 2 * toCents(fees.pixBrl) + toCents(fees.boletoBrl) + cardFee;
    expect(summary.received).toEqual({ amount: receivedCents / 100, count: 4 });
    expect(summary.refunded).toEqual({ amount: refunded.charge.valor, count: 1 });
    expect(summary.fees).toEqual({ amount: feeCents / 100, count: 4 });
    expect(toCents(summary.net.amount)).toBe(receivedCents - toCents(refunded.charge.valor!) - feeCents);
    expect(toCents(summary.received.amount) - toCents(summary.refunded.amount) - toCents(summary.fees.amount)).toBe(
      toCents(summary.net.amount),
    );
  }, 90_000);
});

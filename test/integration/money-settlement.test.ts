import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import {
  recordChargeManualRefund,
  refundAdminCharge,
  refundDuplicatePayment,
} from '../../lambdas/admin/finance/admin-refunds-service.js';
import { withdrawContract } from '../../lambdas/contracts/withdrawal-service.js';
import { handleAsaasWebhook } from '../../lambdas/payments/asaas-webhook-service.js';
import { refusedSettlementAlertId } from '../../lambdas/payments/charge-settlement-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { duplicatePaymentAlertId, REFUND_DENIED_REASON } from '../../lambdas/payments/held-money-service.js';
import { reconcilePayments } from '../../lambdas/payments/reconciliation-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCharge, saveChargeTaskToken, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { listDivergences, type Divergence } from '../../lambdas/shared/data/reconciliation.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * Money, second pass (docs/decisions.md, "A refund Asaas refuses; a cancelled contract's money; every charge settled"):
 * every settlement tells what Asaas did — a refused refund is never "nothing to refund" — a cancelled contract never
 * silently holds money, every charge of a contract is settled, and the withdrawal's eligibility is its write's
 * condition. Against DynamoDB Local and the Asaas simulator (its balance, 90-day and risk-analysis refusals, a denied
 * refund, a restored payment), each service on the table as its function's grants reach it.
 */
const db = testDb();
const sim = useAsaasSimulator({ retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
const { control } = sim;
const workflow = recordingWorkflow();
const DAY = 24 * 3600 * 1000;
const admin = { userId: 'admin-money', email: 'financeiro@baixa.test', isAdmin: true };
const deps = () => ({
  db,
  clock: systemClock,
  asaas: sim.asaas,
  workflow,
  sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
  admins: { adminEmails: async () => [] },
  appUrl: 'http://127.0.0.1:5173',
});
const as = (fn: string) => ({ ...deps(), db: guardedTestDb(fn) });
const withdraw = (caller: Parameters<typeof withdrawContract>[1], contractId: string) =>
  withdrawContract(as('CancelContract'), caller, contractId);
const webhook = (asaasId: string, event: string, status: string) =>
  handleAsaasWebhook(as('ReceiveAsaasWebhook'), asaasEvent(asaasId, event, status));
let lastRunAt = 0;
const reconcile = async () => {
  const runId = new Date((lastRunAt = Math.max(Date.now(), lastRunAt + 1))).toISOString();
  const outcome = await reconcilePayments({ ...as('ReconcilePayments'), asaas: sim.asaas }, { runId, lockSeconds: 60 });
  if (outcome.skipped) throw new Error('the run was skipped');
  return outcome.run;
};

afterEach(async () => {
  await control('balance', { value: null });
  await control('api', { failNext: 0 });
});

type SimPayment = { id: string; status: string; deleted: boolean; refunds: { status: string }[] | null };
const paymentAtAsaas = async (asaasId: string) =>
  ((await sim.listing('payments')) as SimPayment[]).find((p) => p.id === asaasId)!;

const alertItem = async (alertId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.adminAlert(alertId), sk: keys.adminAlert(alertId) } }),
    )
  ).Item;

async function divergencesOf(asaasId: string): Promise<Divergence[]> {
  const found: Divergence[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listDivergences(db, { limit: 100, cursor });
    found.push(...page.items.filter((d) => d.asaas_id === asaasId));
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/** A customer whose contract was signed `daysAgo` days ago, with a PIX charge — paid and confirmed if `paid`. */
async function customerSigned(daysAgo: number, options: { paid: boolean }) {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer, { signedAt: new Date(Date.now() - daysAgo * DAY) });
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const ref = await newCharge(customer.userId, caller, customer.contract.id);
  const asaasId = (await getCharge(db, ref))!.asaas_id!;
  if (options.paid) await payAndConfirm(ref, asaasId);
  return { ...customer, caller, ref, asaasId };
}

async function newCharge(
  userId: string,
  caller: { userId: string; email: string; isAdmin: boolean },
  contractId: string,
) {
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    contractId,
  );
  const ref: ChargeRef = { userId, contractId, chargeId: charge!.id };
  await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
  return ref;
}

async function payAndConfirm(ref: ChargeRef, asaasId: string) {
  await control(`payments/${asaasId}/pay`);
  await webhook(asaasId, 'PAYMENT_RECEIVED', 'RECEIVED');
  await confirmPayment(ref);
}

/** The contract's first PIX expired and was replaced ('Gerar novo PIX'); its removal at Asaas is undone (restored). */
async function replacedThenRestored(customer: Awaited<ReturnType<typeof customerSigned>>) {
  await control(`payments/${customer.asaasId}/overdue`);
  await webhook(customer.asaasId, 'PAYMENT_OVERDUE', 'OVERDUE');
  const second = await newCharge(customer.userId, customer.caller, customer.contract.id);
  expect((await paymentAtAsaas(customer.asaasId)).deleted).toBe(true);
  await control(`payments/${customer.asaasId}/restore`);
  return { ref: second, asaasId: (await getCharge(db, second))!.asaas_id! };
}

describe('a refund Asaas refuses is never "nothing to refund"', () => {
  it('without balance: the contract stays cancelled, the customer is told the team returns the money, one alert; a top-up and a retry refund it', async () => {
    const customer = await customerSigned(2, { paid: true });
    await control('balance', { value: 0 });
    const result = await withdraw(customer.caller, customer.contract.id);
    expect(result.settlement).toBe('refused');
    expect(result.contract.cancelado_em).toEqual(expect.any(String));
    expect(result.charge).toMatchObject({
      status: 'RECEIVED',
      refund_refused_at: expect.any(String),
      refund_refused_reason: expect.stringContaining('Saldo insuficiente'),
    });
    expect((await paymentAtAsaas(customer.asaasId)).status).toBe('RECEIVED');

    const mail = (await emailsTo(customer.profile.email)).find((m) => m.subject?.startsWith('Contrato cancelado'));
    expect(mail?.body?.html).toContain('Nossa equipe já foi avisada');
    expect(mail?.body?.html).not.toContain('Não havia pagamento a estornar');
    const withdrawalAlert = await alertItem(`desistencia#${customer.contract.id}`);
    expect(JSON.stringify(withdrawalAlert?.paragraphs)).not.toContain('Não havia pagamento a estornar');
    const refusedAlert = await alertItem(refusedSettlementAlertId(customer.ref.chargeId));
    expect(refusedAlert?.subject).toBe(`Estorno recusado pelo Asaas — ${customer.contract.protocolo}`);
    expect(refusedAlert?.paragraphs.join(' ')).toMatch(/Saldo insuficiente.*Registrar estorno manual/s);
    const raisedAt = refusedAlert?.created_at as string;

    // A second click: refused again, the same alert (raised once).
    expect((await withdraw(customer.caller, customer.contract.id)).settlement).toBe('refused');
    expect((await alertItem(refusedSettlementAlertId(customer.ref.chargeId)))?.created_at).toBe(raisedAt);

    // The admins top the balance up; the retry asks for the refund and the charge no longer shows the refusal.
    await control('balance', { value: 1000 });
    const retried = await withdraw(customer.caller, customer.contract.id);
    expect(retried.settlement).toBe('refund-requested');
    expect(retried.charge?.status).toBe('REFUND_IN_PROGRESS');
    expect(retried.charge?.refund_refused_at ?? null).toBeNull();
  });

  it("past 90 days, on the admin's 'Estornar': refused with Asaas's reason, then closed by a manual refund, audited", async () => {
    const customer = await customerSigned(30, { paid: true });
    await control(`payments/${customer.asaasId}/age`, { days: 91 });
    const { row, settlement } = await refundAdminCharge(
      as('RefundAdminCharge'),
      admin,
      customer.ref,
      'Pedido indeferido pelo juízo',
    );
    expect(settlement).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('90 dias') });
    expect(row).toMatchObject({ status: 'RECEIVED', contrato_cancelado_em: expect.any(String) });

    // Today on São Paulo's calendar: after 21:00 there, the UTC date is already tomorrow, a day in the future.
    const manual = { valor: 399, data: saoPauloDay(new Date()), motivo: 'Devolvido por TED' };
    await expect(
      recordChargeManualRefund(as('RefundAdminCharge'), admin, customer.ref, { ...manual, valor: 500 }),
    ).rejects.toMatchObject({ statusCode: 400, message: WITHDRAWAL_MESSAGES.manualRefundInvalidValue });
    const recorded = await recordChargeManualRefund(as('RefundAdminCharge'), admin, customer.ref, manual);
    expect(recorded.manual_refund).toMatchObject({ valor: 399, motivo: 'Devolvido por TED', por: admin.email });
    expect(recorded.refund_refused_at ?? null).toBeNull();
    await expect(recordChargeManualRefund(as('RefundAdminCharge'), admin, customer.ref, manual)).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await auditTrailOf(db, customer.userId)).map((entry) => entry.action)).toEqual([
      'charge-manual-refund',
      'charge-refund',
    ]);
  });

  it('a removal refused under risk analysis: refused, and the waiting workflow keeps waiting', async () => {
    const customer = await customerSigned(1, { paid: false });
    await control(`payments/${customer.asaasId}/risk-analysis`);
    const result = await withdraw(customer.caller, customer.contract.id);
    expect(result.settlement).toBe('refused');
    expect(result.charge).toMatchObject({
      status: 'AWAITING_RISK_ANALYSIS',
      refund_refused_reason: expect.stringContaining('análise de risco'),
    });
    expect(workflow.failed).not.toContain(`token-${customer.ref.chargeId}`);
  });
});

describe('a cancelled contract never silently holds money', () => {
  it('a refund accepted then denied: divergence and alert after the next reconciliation, once', async () => {
    const customer = await customerSigned(2, { paid: true });
    expect((await withdraw(customer.caller, customer.contract.id)).settlement).toBe('refund-requested');
    // The bank denies it; Asaas's PAYMENT_REFUND_DENIED is lost (no webhook is delivered here).
    await control(`payments/${customer.asaasId}/deny-refund`);
    await reconcile();
    expect((await getCharge(db, customer.ref))?.status).toBe('RECEIVED');
    const divergences = await divergencesOf(customer.asaasId);
    expect(divergences).toEqual([expect.objectContaining({ kind: 'cancelled_paid', our_status: 'RECEIVED' })]);
    const alert = await alertItem(refusedSettlementAlertId(customer.ref.chargeId));
    expect(alert?.paragraphs.join(' ')).toContain(REFUND_DENIED_REASON);
    // Not asked again in a loop: a person decides.
    expect((await paymentAtAsaas(customer.asaasId)).status).toBe('RECEIVED');

    const again = await reconcile();
    expect(await divergencesOf(customer.asaasId)).toHaveLength(1);
    expect(again.divergences_open).toBeGreaterThanOrEqual(1);
  });

  it('an old PIX paid after it was replaced, then a withdrawal: both charges settled', async () => {
    const customer = await customerSigned(2, { paid: false });
    const second = await replacedThenRestored(customer);
    // The customer pays the old code from their bank app.
    await control(`payments/${customer.asaasId}/pay`);
    await webhook(customer.asaasId, 'PAYMENT_RECEIVED', 'RECEIVED');
    expect((await getCharge(db, customer.ref))?.status).toBe('RECEIVED');

    const result = await withdraw(customer.caller, customer.contract.id);
    expect(result.settlement).toBe('refund-requested');
    expect((await paymentAtAsaas(customer.asaasId)).status).toBe('REFUND_IN_PROGRESS');
    expect((await paymentAtAsaas(second.asaasId)).deleted).toBe(true);
    expect((await getCharge(db, customer.ref))?.status).toBe('REFUND_IN_PROGRESS');
    expect((await getCharge(db, second.ref))?.status).toBe('DELETED');
  });

  it('a payment after the cancellation (a restored PIX) is refunded by the webhook', async () => {
    const customer = await customerSigned(1, { paid: false });
    expect((await withdraw(customer.caller, customer.contract.id)).settlement).toBe('removed');
    await control(`payments/${customer.asaasId}/restore`);
    await control(`payments/${customer.asaasId}/pay`);
    await webhook(customer.asaasId, 'PAYMENT_RECEIVED', 'RECEIVED');
    expect((await paymentAtAsaas(customer.asaasId)).status).toBe('REFUND_IN_PROGRESS');
    expect((await getCharge(db, customer.ref))?.status).toBe('REFUND_IN_PROGRESS');
  });
});

describe('every charge of a contract is settled', () => {
  it('two paid charges on one contract: one alert and one divergence, and the extra one refunded in one click', async () => {
    const customer = await customerSigned(2, { paid: false });
    const second = await replacedThenRestored(customer);
    await payAndConfirm(second.ref, second.asaasId);
    await control(`payments/${customer.asaasId}/pay`);
    await webhook(customer.asaasId, 'PAYMENT_RECEIVED', 'RECEIVED');
    const alert = await alertItem(duplicatePaymentAlertId(customer.ref.chargeId));
    expect(alert?.subject).toBe(`Pagamento em duplicidade — ${customer.contract.protocolo}`);

    await reconcile();
    await reconcile();
    expect(await divergencesOf(customer.asaasId)).toEqual([expect.objectContaining({ kind: 'duplicate_payment' })]);
    expect((await alertItem(duplicatePaymentAlertId(customer.ref.chargeId)))?.created_at).toBe(alert?.created_at);

    // The paid one (the process's) is not an extra payment.
    await expect(refundDuplicatePayment(as('RefundAdminCharge'), admin, second.ref)).rejects.toMatchObject({
      statusCode: 409,
    });
    const row = await refundDuplicatePayment(as('RefundAdminCharge'), admin, customer.ref);
    expect(row.status).toBe('REFUND_IN_PROGRESS');
    const { processes, contracts } = await getCustomerCollection(db, customer.userId);
    expect(processes[0]?.status).toBe('pago');
    expect(contracts[0]?.cancelado_em ?? null).toBeNull();
  });

  it('the reconciliation removes a replaced PIX still open at Asaas', async () => {
    const customer = await customerSigned(2, { paid: false });
    await replacedThenRestored(customer);
    expect((await paymentAtAsaas(customer.asaasId)).deleted).toBe(false);
    await reconcile();
    expect((await paymentAtAsaas(customer.asaasId)).deleted).toBe(true);
    expect((await getCharge(db, customer.ref))?.status).toBe('DELETED');
  });
});

describe("the withdrawal's check is its write's condition", () => {
  // Each race is checked on its own: whichever side won, the other lost cleanly. The filing wins most races here (29
  // of 30 in one run); 100 races cost a minute of the suite and checked nothing more.
  const RACES = 30;
  it(`racing a filing ${RACES} times, never refunds after the petition was filed`, async () => {
    let filedFirst = 0;
    let withdrawnFirst = 0;
    for (let run = 0; run < RACES; run += 1) {
      const customer = await customerSigned(2, { paid: true });
      const [withdrawal, filing] = await Promise.allSettled([
        withdraw(customer.caller, customer.contract.id),
        // The admin saw 'pago' and files the petition at the same moment.
        changeProcessStatus(db, {
          ref: customer.ref,
          expectedFrom: 'pago',
          to: 'peticionado',
          byUser: admin.userId,
          now: new Date().toISOString(),
        }),
      ]);
      const { history, contracts } = await getCustomerCollection(db, customer.userId, { consistent: true });
      const payment = await paymentAtAsaas(customer.asaasId);
      if (history.some((h) => h.para === 'peticionado')) {
        filedFirst += 1;
        expect(filing.status).toBe('fulfilled');
        expect(withdrawal).toMatchObject({
          status: 'rejected',
          reason: { statusCode: 409, message: WITHDRAWAL_MESSAGES.filed },
        });
        expect(contracts[0]?.cancelado_em ?? null).toBeNull();
        expect(payment.refunds).toBeNull();
      } else {
        withdrawnFirst += 1;
        expect(withdrawal.status).toBe('fulfilled');
        expect(filing.status).toBe('rejected');
        expect(payment.status).toBe('REFUND_IN_PROGRESS');
      }
    }
    expect(filedFirst + withdrawnFirst).toBe(RACES);
  }, 600_000);
});

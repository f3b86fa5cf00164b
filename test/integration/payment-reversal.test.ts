import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import type { Profile } from '../../domain/schemas/entities.js';
import { handleAsaasWebhook, type WebhookDeps } from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getCharge, saveChargeTaskToken, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { payReferral } from '../referral-payments.js';
import { guardedTestDb, testDb } from './db.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { seedCustomer, seedReferredCustomer, seedSignature } from './seed.js';

/**
 * Refunds and chargebacks from Asaas (docs/decisions.md, "Refunds and chargebacks"): a paid charge that stops being
 * paid undoes its confirmation — process, referral, reward — once, whatever the redeliveries and their order.
 */
const db = testDb();
const sim = useAsaasSimulator();
const { control } = sim;
const workflow = recordingWorkflow();
// As the webhook's grants reach the table (local/functions/table-guard.ts).
const webhookDb = guardedTestDb('ReceiveAsaasWebhook');
const deps = (): WebhookDeps => ({
  db: webhookDb,
  clock: systemClock,
  workflow,
  asaas: sim.asaas,
});

/**
 * Delivers every event at once, then — as Asaas does for the ones answered with an error (a transaction that lost a
 * race) — again, one by one, until each is answered.
 */
async function deliverAll(events: AsaasWebhook[]) {
  const first = await Promise.allSettled(events.map((e) => handleAsaasWebhook(deps(), e)));
  for (const [i, result] of first.entries()) {
    if (result.status === 'rejected') await handleAsaasWebhook(deps(), events[i]!);
  }
}

/** A customer (referred by `referrer`, if given) whose PIX was paid and confirmed: process 'pago', referral 'paid'. */
async function paidCustomer(referrer?: { userId: string; profile: Profile }, paidStatus = 'RECEIVED') {
  const customer = referrer ? await seedReferredCustomer(db, referrer) : await seedCustomer(db);
  await seedSignature(db, customer);
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    customer.contract.id,
  );
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
  await control(`payments/${charge!.asaas_id}/status`, { status: paidStatus, event: null });
  expect(await handleAsaasWebhook(deps(), asaasEvent(charge!.asaas_id!, `PAYMENT_${paidStatus}`, paidStatus))).toBe(
    'recorded',
  );
  // What the resumed workflow runs next.
  await confirmPayment(ref);
  return { ...customer, ref, asaasId: charge!.asaas_id! };
}

const processOf = async (ref: ChargeRef) =>
  (await getCustomerCollection(db, ref.userId)).processes.find((p) => p.contrato_id === ref.contractId)!;
const historyTo = async (ref: ChargeRef, status: string) =>
  (await getCustomerCollection(db, ref.userId)).history.filter((h) => h.para === status);
const referralOf = async (referrerUserId: string, email: string) =>
  (
    await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrerUserId), sk: keys.referralSk(email.toLowerCase()) },
      }),
    )
  ).Item;
/** The referrer's profile as stored (the counts the API never shows). */
const referrerCounts = async (userId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.customer(userId), sk: keys.profileSk } }),
    )
  ).Item;
const alertOf = async (alertId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.adminAlert(alertId), sk: keys.adminAlert(alertId) } }),
    )
  ).Item;

describe('a refund or a chargeback from Asaas', () => {
  it('undoes the confirmation once under 30 redelivered, reordered events: process, referral, counters', async () => {
    const referrer = await seedCustomer(db);
    const payer = await paidCustomer(referrer);
    expect((await processOf(payer.ref)).status).toBe('pago');
    expect((await referralOf(referrer.userId, payer.profile.email))?.status).toBe('paid');
    const before = await getAdminCounters(db);

    await control(`payments/${payer.asaasId}/refund`);
    const events = ['REFUND_IN_PROGRESS', 'REFUNDED', 'CHARGEBACK_REQUESTED'].flatMap((status) =>
      Array.from({ length: 10 }, () => asaasEvent(payer.asaasId, `PAYMENT_${status}`, status)),
    );
    await deliverAll(events.sort(() => Math.random() - 0.5));

    expect((await getCharge(db, payer.ref))?.status).toBe('REFUNDED');
    expect((await processOf(payer.ref)).status).toBe('pagamento_estornado');
    expect(await historyTo(payer.ref, 'pagamento_estornado')).toEqual([
      expect.objectContaining({ de: 'pago', by_user: 'sistema', obs: 'Pagamento estornado no Asaas.' }),
    ]);
    expect((await referralOf(referrer.userId, payer.profile.email))?.status).toBe('signed_up');
    expect((await referrerCounts(referrer.userId))?.paid_referrals).toBe(0);
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid - 1);
    expect(after.processes.byStatus.pago).toBe(before.processes.byStatus.pago - 1);
    expect(after.processes.byStatus.pagamento_estornado).toBe(before.processes.byStatus.pagamento_estornado + 1);
    expect(after.referrals.byStatus.paid).toBe(before.referrals.byStatus.paid! - 1);
    expect(after.referrals.byStatus.signed_up).toBe(before.referrals.byStatus.signed_up! + 1);
  });

  it("takes back the 5th paid referral's free renewal once, and gives it again when the chargeback is won", async () => {
    const referrer = await seedCustomer(db);
    for (let i = 0; i < 4; i += 1) await payReferral(db, (await seedReferredCustomer(db, referrer)).profile);
    const fifth = await paidCustomer(referrer);
    expect(await referrerCounts(referrer.userId)).toMatchObject({ free_renewals: 1, paid_referrals: 5 });

    await control(`payments/${fifth.asaasId}/chargeback`);
    await deliverAll(
      Array.from({ length: 5 }, () =>
        asaasEvent(fifth.asaasId, 'PAYMENT_CHARGEBACK_REQUESTED', 'CHARGEBACK_REQUESTED'),
      ),
    );
    expect(await referrerCounts(referrer.userId)).toMatchObject({ free_renewals: 0, paid_referrals: 4 });

    // The payer lost the dispute: the money is back, and so are the payment and the reward.
    await control(`payments/${fifth.asaasId}/status`, { status: 'RECEIVED', event: 'PAYMENT_RECEIVED' });
    await control(`payments/${fifth.asaasId}/status`, { status: 'AWAITING_CHARGEBACK_REVERSAL', event: null });
    await handleAsaasWebhook(
      deps(),
      asaasEvent(fifth.asaasId, 'PAYMENT_AWAITING_CHARGEBACK_REVERSAL', 'AWAITING_CHARGEBACK_REVERSAL'),
    );
    await control(`payments/${fifth.asaasId}/status`, { status: 'RECEIVED', event: null });
    expect(await handleAsaasWebhook(deps(), asaasEvent(fifth.asaasId, 'PAYMENT_RECEIVED', 'RECEIVED'))).toBe(
      'recorded',
    );
    await confirmPayment(fifth.ref);
    expect((await processOf(fifth.ref)).status).toBe('pago');
    expect(await referrerCounts(referrer.userId)).toMatchObject({ free_renewals: 1, paid_referrals: 5 });
  });

  it('tells the admins, once, when the reward was already used, and keeps the next one further away', async () => {
    const referrer = await seedCustomer(db);
    for (let i = 0; i < 4; i += 1) await payReferral(db, (await seedReferredCustomer(db, referrer)).profile);
    const fifth = await paidCustomer(referrer);
    // The referrer spent the free renewal (a renewal's transaction does exactly this to the profile).
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.profileSk },
        UpdateExpression: 'SET free_renewals = :zero',
        ExpressionAttributeValues: { ':zero': 0 },
      }),
    );
    await control(`payments/${fifth.asaasId}/refund`);
    await deliverAll(Array.from({ length: 3 }, () => asaasEvent(fifth.asaasId, 'PAYMENT_REFUNDED', 'REFUNDED')));
    expect(await referrerCounts(referrer.userId)).toMatchObject({ free_renewals: 0, paid_referrals: 4 });
    const alert = await alertOf(`recompensa-usada#${referrer.userId}#5`);
    expect(alert).toMatchObject({
      subject: expect.stringContaining('Renovação gratuita já usada'),
      // The referrer is reached through their page, not named: an alert carries no name or e-mail.
      action_path: `/admin/clientes/${referrer.profile.id}`,
    });
    expect(JSON.stringify(alert)).not.toContain(referrer.profile.nome_completo);
    expect(JSON.stringify(alert).toLowerCase()).not.toContain(referrer.profile.email.toLowerCase());
    // Five paid referrals again do not earn a second reward: the one spent was for them.
    await payReferral(db, (await seedReferredCustomer(db, referrer)).profile);
    expect(await referrerCounts(referrer.userId)).toMatchObject({ free_renewals: 0, paid_referrals: 5 });
  });

  it('leaves a filed process where it is and tells the admins', async () => {
    const payer = await paidCustomer();
    await changeProcessStatus(db, {
      ref: payer.ref,
      to: 'peticionado',
      byUser: 'admin-1',
      now: new Date().toISOString(),
    });
    await control(`payments/${payer.asaasId}/chargeback`);
    await deliverAll([asaasEvent(payer.asaasId, 'PAYMENT_CHARGEBACK_REQUESTED', 'CHARGEBACK_REQUESTED')]);
    expect((await processOf(payer.ref)).status).toBe('peticionado');
    expect(await alertOf(`estorno-apos-peticao#${payer.ref.chargeId}#returned`)).toMatchObject({
      subject: expect.stringContaining('Pagamento estornado em processo já peticionado'),
    });
  });

  it('puts the process back to waiting for its payment when Asaas undoes a cash payment', async () => {
    const customer = await paidCustomer(undefined, 'RECEIVED_IN_CASH');
    expect((await processOf(customer.ref)).status).toBe('pago');
    await control(`payments/${customer.asaasId}/status`, { status: 'PENDING', event: null });
    const undone = asaasEvent(customer.asaasId, 'PAYMENT_RECEIVED_IN_CASH_UNDONE', 'PENDING');
    expect(await handleAsaasWebhook(deps(), undone)).toBe('recorded');
    expect((await getCharge(db, customer.ref))?.status).toBe('PENDING');
    expect((await processOf(customer.ref)).status).toBe('pagamento_pendente');
  });

  it('never confirms a payment that was refunded before its confirmation ran', async () => {
    const referrer = await seedCustomer(db);
    const customer = await seedReferredCustomer(db, referrer);
    await seedSignature(db, customer);
    const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
    const { charge } = await createChargeForContract(
      { db, clock: systemClock, asaas: sim.asaas, workflow },
      caller,
      customer.contract.id,
    );
    const ref = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
    await control(`payments/${charge!.asaas_id}/pay`);
    await handleAsaasWebhook(deps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED'));
    await control(`payments/${charge!.asaas_id}/refund`);
    await handleAsaasWebhook(deps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_REFUNDED', 'REFUNDED'));
    // The workflow's ConfirmPayment, late.
    await confirmPayment(ref);
    expect((await processOf(ref)).status).not.toBe('pago');
    expect((await referralOf(referrer.userId, customer.profile.email))?.status).toBe('signed_up');
  });
});

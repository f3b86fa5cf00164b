import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import { addCalendarDays, saoPauloDay, saoPauloDayStart } from '../../domain/sao-paulo-calendar.js';
import { PAYMENT_MESSAGES } from '../../domain/messages.js';
import { PIX_DUE_DAYS } from '../../domain/deadlines.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import {
  handleAsaasWebhook,
  UNCONFIRMED_CLAIM_DELIVERIES,
  WebhookClaimUnconfirmedError,
} from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract, type CreateChargeDeps } from '../../lambdas/payments/create-charge-service.js';
import { verifyContractCharge } from '../../lambdas/payments/verify-charge-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getCharge, saveChargeTaskToken } from '../../lambdas/shared/data/charges.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { listOrphanPayments } from '../../lambdas/shared/data/orphan-payments.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator, useWebhookReceiver } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { deliverAdminAlert, storedAdminAlert } from './admin-alerts.js';
import { seedCustomer, seedSignature } from './seed.js';

const db = testDb();
const sim = useAsaasSimulator();
const workflow = recordingWorkflow();
const { starts, resumes } = workflow;

// Each service runs on the table as its function's grants reach it (local/functions/table-guard.ts): IAM's refusals.
const webhookDb = guardedTestDb('ReceiveAsaasWebhook');
const webhookDeps = () => ({
  db: webhookDb,
  clock: systemClock,
  workflow,
  asaas: sim.asaas,
  sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
  appUrl: 'http://127.0.0.1:5173',
});

let deps: CreateChargeDeps;
const { control, listing } = sim;

beforeAll(() => {
  deps = { db: guardedTestDb('CreateCharge'), clock: systemClock, asaas: sim.asaas, workflow };
});
beforeEach(() => {
  workflow.failNextResume = 0;
});

/** A customer whose contract is signed (the real access pattern), ready to pay. */
async function signedCustomer() {
  const seeded = await seedCustomer(db);
  await seedSignature(db, seeded);
  return { ...seeded, caller: { userId: seeded.userId, email: seeded.profile.email, isAdmin: false } };
}

const paymentsAtAsaas = async (externalReference: string) =>
  (await listing<{ externalReference: string }[]>('payments')).filter((p) => p.externalReference === externalReference);

const event = (asaasId: string, status: string, eventName = `PAYMENT_${status}`): AsaasWebhook =>
  asaasEvent(asaasId, eventName, status);

/** The payer's PIX lands at Asaas (what a webhook body then claims is read back and found true). */
const payAtAsaas = (asaasId: string) => control(`payments/${asaasId}/pay`, {});

/** A payment someone made by hand in Asaas's panel (no charge of ours), paid. */
async function paidPaymentOutsideUs() {
  const customer = await sim.asaas.createCustomer({
    name: 'Cliente do Painel',
    cpfCnpj: '52998224725',
    email: 'painel@baixa.test',
    externalReference: `painel-${ulid()}`,
  });
  const payment = await sim.asaas.createPixCharge({
    customer: customer.id,
    value: 399,
    dueDate: new Date().toISOString().slice(0, 10),
    description: 'Cobrança avulsa',
    externalReference: `avulsa-${ulid()}`,
  });
  await payAtAsaas(payment.id);
  return { asaasId: payment.id, customer: customer.id };
}

describe("'Gerar PIX'", () => {
  it('makes ONE Asaas charge out of 20 parallel clicks, with QR code, copy-and-paste code and link', async () => {
    const { caller, contract, userId } = await signedCustomer();
    const before = await getAdminCounters(db);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createChargeForContract(deps, caller, contract.id)),
    );
    const made = results.filter((r) => !r.pending);
    expect(made.length).toBeGreaterThanOrEqual(1);
    const chargeIds = new Set(results.flatMap((r) => (r.charge ? [r.charge.id] : [])));
    expect(chargeIds.size).toBe(1);
    const [chargeId] = [...chargeIds];
    expect(await paymentsAtAsaas(chargeId!)).toHaveLength(1);

    const collection = await getCustomerCollection(db, userId);
    expect(collection.charges).toHaveLength(1);
    expect(collection.charges[0]).toMatchObject({ id: chargeId, status: 'PENDING' });
    expect(collection.charges[0]!.pix_payload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(collection.charges[0]!.qr_code).toBeTruthy();
    expect(collection.charges[0]!.link).toContain('/i/');
    // What the finance figures count, and until when the PIX can be paid (Asaas's QR expiry: the due date at 23:59:59
    // in São Paulo, 3 days on).
    const dueDay = addCalendarDays(saoPauloDay(new Date()), PIX_DUE_DAYS);
    expect(collection.charges[0]).toMatchObject({
      valor: 399,
      pix_valido_ate: new Date(Date.parse(saoPauloDayStart(addCalendarDays(dueDay, 1))) - 1000).toISOString(),
    });
    expect(new Set(starts.filter((name) => name === chargeId))).toEqual(new Set([chargeId]));
    const after = await getAdminCounters(db);
    expect(after.charges.total).toBe(before.charges.total + 1);

    // Asked again later: the same charge, no second payment.
    const again = await createChargeForContract(deps, caller, contract.id);
    expect(again).toMatchObject({ pending: false, charge: { id: chargeId } });
    expect(await paymentsAtAsaas(chargeId!)).toHaveLength(1);
  });

  it('refuses an unsigned contract and another customer’s contract with the spec message', async () => {
    const unsigned = await seedCustomer(db);
    const caller = { userId: unsigned.userId, email: unsigned.profile.email, isAdmin: false };
    await expect(createChargeForContract(deps, caller, unsigned.contract.id)).rejects.toMatchObject({
      statusCode: 404,
      message: PAYMENT_MESSAGES.contractNotSigned,
    });
    const other = await signedCustomer();
    await expect(createChargeForContract(deps, caller, other.contract.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await getCustomerCollection(db, other.userId)).charges).toEqual([]);
  });

  it('answers the spec message when Asaas is down, writes nothing, and the next click makes the charge', async () => {
    const { caller, contract, userId } = await signedCustomer();
    const before = await getAdminCounters(db);
    await control('api', { failNext: 20, status: 503 });
    await expect(createChargeForContract(deps, caller, contract.id)).rejects.toMatchObject({
      statusCode: 502,
      message: PAYMENT_MESSAGES.generateFailed,
    });
    expect((await getCustomerCollection(db, userId)).charges).toEqual([]);
    expect((await getAdminCounters(db)).charges.total).toBe(before.charges.total);
    await control('api', { failNext: 0 });

    const retried = await createChargeForContract(deps, caller, contract.id);
    expect(retried.charge?.status).toBe('PENDING');
    expect(await paymentsAtAsaas(retried.charge!.id)).toHaveLength(1);
  });
});

describe('webhook and verification: one path, forward only', () => {
  async function pendingCharge() {
    const customer = await signedCustomer();
    const { charge } = await createChargeForContract(deps, customer.caller, customer.contract.id);
    const ref = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
    await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
    return { ...customer, charge: charge!, ref };
  }

  it('applies one paid transition out of the same event delivered 10 times, and resumes the workflow', async () => {
    const { charge, ref } = await pendingCharge();
    const before = await getAdminCounters(db);
    await payAtAsaas(charge.asaas_id!);
    const received = event(charge.asaas_id!, 'RECEIVED');
    const outcomes = [];
    for (let i = 0; i < 10; i += 1) outcomes.push(await handleAsaasWebhook(webhookDeps(), received));
    expect(outcomes).toEqual(['recorded', ...Array(9).fill('duplicate')]);
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect((await getAdminCounters(db)).charges.paid).toBe(before.charges.paid + 1);
    expect(resumes).toContain(`token-${charge.id}`);
  });

  it('keeps a paid charge paid when a late PAYMENT_CREATED (PENDING) arrives after PAYMENT_RECEIVED', async () => {
    const { charge, ref } = await pendingCharge();
    await payAtAsaas(charge.asaas_id!);
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'RECEIVED'))).toBe('recorded');
    // Out of paid, so read back: Asaas says RECEIVED, the stale body is not applied.
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'PENDING', 'PAYMENT_CREATED'))).toBe(
      'unverified',
    );
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'CONFIRMED'))).toBe('ignored');
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
  });

  it('applies an event whose effect failed half-way when Asaas delivers it again', async () => {
    const { charge, ref } = await pendingCharge();
    await payAtAsaas(charge.asaas_id!);
    const received = event(charge.asaas_id!, 'RECEIVED');
    const resumesBefore = resumes.length;
    workflow.failNextResume = 1;
    // The charge moved, the workflow did not resume: the delivery fails (Asaas will retry) and is not marked done.
    await expect(handleAsaasWebhook(webhookDeps(), received)).rejects.toThrow('throttled');
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    // The redelivery resumes the workflow; only then is the event done.
    expect(await handleAsaasWebhook(webhookDeps(), received)).toBe('ignored');
    expect(resumes.length).toBe(resumesBefore + 2);
    expect(await handleAsaasWebhook(webhookDeps(), received)).toBe('duplicate');
  });

  it('gives the paid counter back on a refund, and a refund is final', async () => {
    const { charge, ref } = await pendingCharge();
    await payAtAsaas(charge.asaas_id!);
    await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'RECEIVED'));
    const paid = (await getAdminCounters(db)).charges.paid;
    await control(`payments/${charge.asaas_id}/refund`, {});
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'REFUNDED'))).toBe('recorded');
    expect((await getAdminCounters(db)).charges.paid).toBe(paid - 1);
    // A replayed payment body: Asaas says REFUNDED.
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'RECEIVED'))).toBe('unverified');
    expect((await getCharge(db, ref))?.status).toBe('REFUNDED');
  });

  it('lands on the right status whatever the order of 12 concurrent events, counting the payment once', async () => {
    const { charge, ref } = await pendingCharge();
    const before = await getAdminCounters(db);
    await payAtAsaas(charge.asaas_id!);
    const events = ['PENDING', 'CONFIRMED', 'RECEIVED', 'OVERDUE'].flatMap((status) =>
      Array.from({ length: 3 }, () => event(charge.asaas_id!, status)),
    );
    await Promise.all(events.map((e) => handleAsaasWebhook(webhookDeps(), e)));
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect((await getAdminCounters(db)).charges.paid).toBe(before.charges.paid + 1);
  });

  it('reads PAYMENT_DELETED (the payment keeps its status, flagged deleted) as a removed charge', async () => {
    const { charge, ref } = await pendingCharge();
    const deleted = {
      id: `evt_${ulid()}`,
      event: 'PAYMENT_DELETED',
      payment: { id: charge.asaas_id!, status: 'PENDING', deleted: true },
    } as AsaasWebhook;
    expect(await handleAsaasWebhook(webhookDeps(), deleted)).toBe('recorded');
    expect((await getCharge(db, ref))?.status).toBe('DELETED');
    // A stale delivery cannot bring it back…
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'PENDING', 'PAYMENT_CREATED'))).toBe(
      'ignored',
    );
    expect((await getCharge(db, ref))?.status).toBe('DELETED');
    // …Asaas's restoration does, and money received for it is never ignored.
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'PENDING', 'PAYMENT_RESTORED'))).toBe(
      'recorded',
    );
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    await payAtAsaas(charge.asaas_id!);
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'RECEIVED'))).toBe('recorded');
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
  });

  it('acknowledges unpaid events of unknown charges and events without a payment', async () => {
    expect(await handleAsaasWebhook(webhookDeps(), event('pay_unknown0000001', 'PENDING', 'PAYMENT_CREATED'))).toBe(
      'unknown_charge',
    );
    expect(await handleAsaasWebhook(webhookDeps(), { id: `evt_${ulid()}`, event: 'TRANSFER_DONE' })).toBe('ignored');
  });

  it('stores a payment for a charge we do not have as an orphan and tells the admins once', async () => {
    const { asaasId, customer } = await paidPaymentOutsideUs();
    const paid = (status: string, name: string) => ({
      id: `evt_${ulid()}`,
      event: name,
      payment: { id: asaasId, status, value: 399, customer, externalReference: null },
    });
    // Confirmed, then received, then the received event redelivered: one item, one e-mail.
    const deliveries = [paid('CONFIRMED', 'PAYMENT_CONFIRMED'), paid('RECEIVED', 'PAYMENT_RECEIVED')];
    deliveries.push(deliveries[1]!);
    for (const delivery of deliveries) {
      expect(await handleAsaasWebhook(webhookDeps(), delivery)).toMatch(/^(orphan_payment|duplicate)$/);
    }
    const { items } = await listOrphanPayments(db, { limit: 100 });
    expect(items.filter((item) => item.asaasId === asaasId)).toEqual([
      expect.objectContaining({ asaasId, status: 'RECEIVED', value: 399, asaasCustomer: customer }),
    ]);
    const alert = await storedAdminAlert(db, `pagamento-sem-cobranca#${asaasId}`);
    expect(JSON.stringify(alert?.paragraphs)).toContain('R$');
    expect(JSON.stringify(alert?.paragraphs)).toContain('situação Pago');
    expect(await deliverAdminAlert(db, `pagamento-sem-cobranca#${asaasId}`)).toEqual([
      `Pagamento sem cobrança — ${asaasId}`,
    ]);
  });

  it('keeps an orphan payment and answers 200, its alert raised for the stream consumer', async () => {
    const { asaasId } = await paidPaymentOutsideUs();
    expect(await handleAsaasWebhook(webhookDeps(), event(asaasId, 'RECEIVED'))).toBe('orphan_payment');
    expect(await storedAdminAlert(db, `pagamento-sem-cobranca#${asaasId}`)).toBeDefined();
    const { items } = await listOrphanPayments(db, { limit: 100 });
    expect(items.map((item) => item.asaasId)).toContain(asaasId);
  });

  it("records a deleted client's paid PIX as an orphan payment", async () => {
    const { charge } = await pendingCharge();
    await payAtAsaas(charge.asaas_id!);
    // What the client's deletion removes: the pointer from Asaas's id to the charge.
    await db.client.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: pointerKey(keys.providerChargePointer(charge.asaas_id!)),
      }),
    );
    expect(await handleAsaasWebhook(webhookDeps(), event(charge.asaas_id!, 'RECEIVED'))).toBe('orphan_payment');
    const { items } = await listOrphanPayments(db, { limit: 100 });
    expect(items.map((item) => item.asaasId)).toContain(charge.asaas_id);
  });

  it('applies nothing from a forged paid body with the real token while Asaas says PENDING', async () => {
    const { charge, ref } = await pendingCharge();
    const before = await getAdminCounters(db);
    const resumesBefore = resumes.length;
    // Each is asked again a few times (Asaas's API may be behind its event: webhook-redelivery.test.ts), then dropped.
    const unverifiedAfterRedeliveries = async (body: AsaasWebhook) => {
      for (let i = 1; i < UNCONFIRMED_CLAIM_DELIVERIES; i += 1) {
        await expect(handleAsaasWebhook(webhookDeps(), body)).rejects.toBeInstanceOf(WebhookClaimUnconfirmedError);
      }
      return handleAsaasWebhook(webhookDeps(), body);
    };
    for (const status of ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH']) {
      expect(await unverifiedAfterRedeliveries(event(charge.asaas_id!, status))).toBe('unverified');
    }
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect((await getAdminCounters(db)).charges.paid).toBe(before.charges.paid);
    expect(resumes.length).toBe(resumesBefore);
    // Nor an orphan out of a payment Asaas does not have.
    const invented = `pay_${ulid().toLowerCase()}`;
    expect(await unverifiedAfterRedeliveries(event(invented, 'RECEIVED'))).toBe('unverified');
    const { items } = await listOrphanPayments(db, { limit: 100 });
    expect(items.map((item) => item.asaasId)).not.toContain(invented);
  });

  it('answers with an error when Asaas cannot be read, so Asaas delivers the event again', async () => {
    const { charge, ref } = await pendingCharge();
    await payAtAsaas(charge.asaas_id!);
    const received = event(charge.asaas_id!, 'RECEIVED');
    await control('api', { failNext: 2 });
    await expect(handleAsaasWebhook(webhookDeps(), received)).rejects.toThrow();
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect(await handleAsaasWebhook(webhookDeps(), received)).toBe('recorded');
  });

  it("'Verificar Pagamento' reads Asaas and applies the payment through the same path", async () => {
    const { charge, caller, contract, ref } = await pendingCharge();
    const verifyDeps = { ...webhookDeps(), db: guardedTestDb('VerifyCharge') };
    expect(await verifyContractCharge(verifyDeps, caller, contract.id)).toMatchObject({ pago: false });
    await control(`payments/${charge.asaas_id}/pay`, {});
    expect(await verifyContractCharge(verifyDeps, caller, contract.id)).toMatchObject({
      pago: true,
      charge: { status: 'RECEIVED' },
    });
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect(resumes).toContain(`token-${charge.id}`);
    // Someone else's contract: nothing to verify.
    const stranger = { ...caller, userId: ulid() };
    await expect(verifyContractCharge(verifyDeps, stranger, contract.id)).rejects.toMatchObject({ statusCode: 404 });
  });
  it("'Verificar Pagamento' reads Asaas at most the rule’s limit a window, then answers 429 with the pt-BR message and Retry-After", async () => {
    const { caller, contract } = await pendingCharge();
    const rule = RATE_LIMITS.chargeVerificationsByCustomer;
    // Mid-window, so the whole test runs in one window whatever the wall clock says.
    const windowStart = Math.ceil(Date.now() / 1000 / rule.windowSeconds + 1) * rule.windowSeconds;
    const at = new Date((windowStart + 60) * 1000);
    const verifyDeps = { ...webhookDeps(), db: guardedTestDb('VerifyCharge'), clock: () => at };
    for (let i = 0; i < rule.limit; i += 1) {
      expect(await verifyContractCharge(verifyDeps, caller, contract.id)).toMatchObject({ pago: false });
    }
    await expect(verifyContractCharge(verifyDeps, caller, contract.id)).rejects.toMatchObject({
      statusCode: 429,
      message: PAYMENT_MESSAGES.tooManyVerifications,
      retryAfterSeconds: rule.windowSeconds - 60,
    });
    // Another customer has an allowance of their own; the next window starts from zero.
    const other = await pendingCharge();
    expect(await verifyContractCharge(verifyDeps, other.caller, other.contract.id)).toMatchObject({ pago: false });
    const later = { ...verifyDeps, clock: () => new Date((windowStart + rule.windowSeconds) * 1000) };
    expect(await verifyContractCharge(later, caller, contract.id)).toMatchObject({ pago: false });
  });
});

describe("Asaas's deliveries, through the simulator's webhook queue and the real webhook handler", () => {
  const receiver = useWebhookReceiver();
  const { answers } = receiver;

  // The handler reads payments back from the Asaas its environment names: a delivering simulator takes that port.
  beforeAll(() => sim.restart({ webhook: receiver.webhook, retryScheduleMs: [0, 50, 100] }));
  afterAll(() => sim.restart());

  async function chargeAtDeliveringSimulator() {
    const customer = await signedCustomer();
    const { charge } = await createChargeForContract(deps, customer.caller, customer.contract.id);
    return {
      ref: { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id },
      charge: charge!,
    };
  }
  const deliveriesOf = async (paymentId: string) =>
    (
      (await listing('deliveries')) as {
        paymentId: string;
        event: string;
        status: number | string;
        eventId: string;
      }[]
    ).filter((d) => d.paymentId === paymentId);

  it('applies a payment whose first deliveries failed, once Asaas retries it', async () => {
    const { ref, charge } = await chargeAtDeliveringSimulator();
    await expect.poll(async () => (await deliveriesOf(charge.asaas_id!)).length).toBe(1); // PAYMENT_CREATED
    await control('webhooks', { failNext: 3 });
    await control(`payments/${charge.asaas_id}/pay`, {});
    const receivedDeliveries = async () =>
      (await deliveriesOf(charge.asaas_id!)).filter((d) => d.event === 'PAYMENT_RECEIVED');
    await expect
      .poll(async () => (await receivedDeliveries()).map((d) => d.status), { timeout: 5000 })
      .toEqual(['error', 'error', 'error', 200]);
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    const received = await receivedDeliveries();
    expect(new Set(received.map((d) => d.eventId)).size).toBe(1);
  });

  it('answers a duplicated delivery 200 without applying it twice', async () => {
    const { ref, charge } = await chargeAtDeliveringSimulator();
    const before = await getAdminCounters(db);
    await control('webhooks', { duplicateNext: 1 });
    await control(`payments/${charge.asaas_id}/pay`, {});
    await expect
      .poll(async () => (await deliveriesOf(charge.asaas_id!)).filter((d) => d.status === 200).length, {
        timeout: 5000,
      })
      .toBe(3);
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect((await getAdminCounters(db)).charges.paid).toBe(before.charges.paid + 1);
  });

  it('keeps the charge paid when PAYMENT_CREATED arrives after PAYMENT_RECEIVED (held and released in reverse)', async () => {
    const customer = await signedCustomer();
    await control('webhooks', { holdNext: 2 });
    const { charge } = await createChargeForContract(deps, customer.caller, customer.contract.id);
    await control(`payments/${charge!.asaas_id}/pay`, {});
    await control('webhooks/release', {});
    await expect
      .poll(async () => (await deliveriesOf(charge!.asaas_id!)).map((d) => d.event), { timeout: 5000 })
      .toEqual(['PAYMENT_RECEIVED', 'PAYMENT_CREATED']);
    const ref = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect(answers.every((status) => status === 200)).toBe(true);
  });
});

describe('an expired PIX', () => {
  it("is replaced by a new charge on 'Gerar PIX' (once, whatever the clicks), stopping the old charge's workflow", async () => {
    const customer = await signedCustomer();
    const { charge: first } = await createChargeForContract(deps, customer.caller, customer.contract.id);
    const firstRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: first!.id };
    await saveChargeTaskToken(db, firstRef, `token-${first!.id}`);
    expect(await handleAsaasWebhook(webhookDeps(), event(first!.asaas_id!, 'OVERDUE'))).toBe('recorded');

    const failed: string[] = [];
    const replacing = {
      ...deps,
      workflow: { ...workflow, fail: async (token: string) => (failed.push(token), 'resumed' as const) },
    };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => createChargeForContract(replacing, customer.caller, customer.contract.id)),
    );
    const newIds = new Set(results.flatMap((r) => (r.charge && r.charge.id !== first!.id ? [r.charge.id] : [])));
    expect(newIds.size).toBe(1);
    const [second] = [...newIds];
    expect(failed).toEqual([`token-${first!.id}`]);
    const collection = await getCustomerCollection(db, customer.userId);
    expect(collection.charges.map((c) => [c.id, c.status])).toEqual(
      expect.arrayContaining([
        [first!.id, 'OVERDUE'],
        [second, 'PENDING'],
      ]),
    );
    expect(await paymentsAtAsaas(second!)).toHaveLength(1);
    // The expired payment is removed at Asaas, so its PIX cannot be paid any more.
    expect(await paymentsAtAsaas(first!.id)).toEqual([expect.objectContaining({ deleted: true })]);
    expect(starts).toContain(second);
    // And the new one is the one 'Gerar PIX' answers from now on.
    expect((await createChargeForContract(deps, customer.caller, customer.contract.id)).charge?.id).toBe(second);
  });
});

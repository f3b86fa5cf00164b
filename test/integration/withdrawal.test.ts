import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeEach, describe, expect, it } from 'vitest';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import type { Profile } from '../../domain/schemas/entities.js';
import { withdrawContract, type WithdrawalDeps } from '../../lambdas/contracts/withdrawal-service.js';
import { handleAsaasWebhook } from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCharge, saveChargeTaskToken, type ChargeRef } from '../../lambdas/shared/data/charges.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { guardedTestDb, testDb } from './db.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer, seedReferredCustomer, seedSignature } from './seed.js';

/**
 * The customer's withdrawal (docs/decisions.md, "Withdrawal and refunds"), against DynamoDB Local and the Asaas
 * simulator.
 */
const db = testDb();
const sim = useAsaasSimulator({ retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } });
const { control } = sim;
const workflow = recordingWorkflow();
const DAY = 24 * 3600 * 1000;
const deps = (): WithdrawalDeps & { admins: { adminEmails: () => Promise<string[]> } } => ({
  db,
  clock: systemClock,
  asaas: sim.asaas,
  workflow,
  sendEmail: createSesEmailSender({ from: INTEGRATION_SENDER }),
  admins: { adminEmails: async () => [] },
  appUrl: 'http://127.0.0.1:5173',
});

/** CancelContract's calls run on the table as its grants reach it; seeds and webhook use `db`. */
const cancelDb = guardedTestDb('CancelContract');
const withdraw = (caller: Parameters<typeof withdrawContract>[1], contractId: string) =>
  withdrawContract({ ...deps(), db: cancelDb }, caller, contractId);

beforeEach(() => control('api', { failNext: 0 }));

const paymentAtAsaas = async (asaasId: string) =>
  (
    (await sim.listing('payments')) as {
      id: string;
      status: string;
      deleted: boolean;
      refunds: unknown[] | null;
    }[]
  ).find((p) => p.id === asaasId)!;

/** A customer whose contract was signed `daysAgo` days ago, with a PIX charge — paid and confirmed if `paid`. */
async function customerSigned(
  daysAgo: number,
  options: { paid: boolean; referrer?: { userId: string; profile: Profile } },
) {
  const customer = options.referrer ? await seedReferredCustomer(db, options.referrer) : await seedCustomer(db);
  await seedSignature(db, customer, { signedAt: new Date(Date.now() - daysAgo * DAY) });
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow },
    caller,
    customer.contract.id,
  );
  const ref: ChargeRef = { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id };
  await saveChargeTaskToken(db, ref, `token-${charge!.id}`);
  if (options.paid) {
    await control(`payments/${charge!.asaas_id}/pay`);
    await handleAsaasWebhook(deps(), asaasEvent(charge!.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED'));
    await confirmPayment(ref);
  }
  return { ...customer, caller, ref, asaasId: charge!.asaas_id! };
}

const collectionOf = (userId: string) => getCustomerCollection(db, userId);

describe("'Cancelar contrato' (direito de arrependimento)", () => {
  it('on day 6 cancels, refunds through Asaas, reverses the referral, tells everyone, audits', async () => {
    const referrer = await seedCustomer(db);
    const customer = await customerSigned(6, { paid: true, referrer });
    const result = await withdraw(customer.caller, customer.contract.id);
    expect(result.settlement).toBe('refund-requested');
    expect(result.contract.cancelado_em).toEqual(expect.any(String));
    expect(result.charge?.status).toBe('REFUND_IN_PROGRESS');

    const { processes, history } = await collectionOf(customer.userId);
    expect(processes[0]?.status).toBe('encerrado');
    expect(history.filter((h) => h.para === 'encerrado')).toEqual([
      expect.objectContaining({ de: 'pago', obs: WITHDRAWAL_MESSAGES.historyNote, by_user: customer.userId }),
    ]);
    expect((await paymentAtAsaas(customer.asaasId)).refunds).toHaveLength(1);
    const referral = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(customer.profile.email.toLowerCase()) },
      }),
    );
    expect(referral.Item?.status).toBe('signed_up');
    expect((await emailsTo(customer.profile.email)).map((m) => m.subject)).toContain(
      `Contrato cancelado — protocolo ${customer.contract.protocolo}`,
    );
    const alert = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: {
          pk: keys.adminAlert(`desistencia#${customer.contract.id}`),
          sk: keys.adminAlert(`desistencia#${customer.contract.id}`),
        },
      }),
    );
    expect(alert.Item?.subject).toBe(`Contrato cancelado pelo cliente — ${customer.contract.protocolo}`);
    expect(await auditTrailOf(db, customer.userId)).toEqual([
      expect.objectContaining({ action: 'contract-withdrawal', after: { status: 'encerrado' } }),
    ]);

    // The bank returns the PIX: Asaas says so, the charge is 'Estornado', the process stays closed.
    await control(`payments/${customer.asaasId}/refund`);
    expect(await handleAsaasWebhook(deps(), asaasEvent(customer.asaasId, 'PAYMENT_REFUNDED', 'REFUNDED'))).toBe(
      'recorded',
    );
    expect((await getCharge(db, customer.ref))?.status).toBe('REFUNDED');
    expect((await collectionOf(customer.userId)).processes[0]?.status).toBe('encerrado');
  });

  it('is refused on day 8 and after the filing, with the reason, changing nothing', async () => {
    const late = await customerSigned(8, { paid: true });
    await expect(withdraw(late.caller, late.contract.id)).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_MESSAGES.windowClosed,
    });
    const filed = await customerSigned(2, { paid: true });
    await changeProcessStatus(db, {
      ref: filed.ref,
      to: 'peticionado',
      byUser: 'admin-1',
      now: new Date().toISOString(),
    });
    await expect(withdraw(filed.caller, filed.contract.id)).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_MESSAGES.filed,
    });
    for (const customer of [late, filed]) {
      expect((await collectionOf(customer.userId)).contracts[0]?.cancelado_em ?? null).toBeNull();
      expect((await paymentAtAsaas(customer.asaasId)).refunds).toBeNull();
    }
  });

  it('makes one cancellation and one refund request out of 20 parallel clicks', async () => {
    const customer = await customerSigned(1, { paid: true });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => withdraw(customer.caller, customer.contract.id)),
    );
    const answered = results.filter((r) => r.status === 'fulfilled');
    expect(answered.length).toBeGreaterThanOrEqual(1);
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ statusCode: 409 });
    }
    const { history } = await collectionOf(customer.userId);
    expect(history.filter((h) => h.para === 'encerrado')).toHaveLength(1);
    expect((await paymentAtAsaas(customer.asaasId)).refunds).toHaveLength(1);
    expect(await auditTrailOf(db, customer.userId)).toHaveLength(1);
  });

  it('removes an unpaid PIX at Asaas and stops its waiting workflow', async () => {
    const customer = await customerSigned(0, { paid: false });
    const result = await withdraw(customer.caller, customer.contract.id);
    expect(result.settlement).toBe('removed');
    expect((await paymentAtAsaas(customer.asaasId)).deleted).toBe(true);
    expect((await getCharge(db, customer.ref))?.status).toBe('DELETED');
    expect(workflow.failed).toContain(`token-${customer.ref.chargeId}`);
    // A cancelled contract is never charged again.
    await expect(
      createChargeForContract(
        { db, clock: systemClock, asaas: sim.asaas, workflow },
        customer.caller,
        customer.contract.id,
      ),
    ).rejects.toMatchObject({ statusCode: 409, message: WITHDRAWAL_MESSAGES.cancelledContract });
  });

  it('keeps the cancellation when Asaas is down, says so, and a retry asks for the refund', async () => {
    const customer = await customerSigned(3, { paid: true });
    await control('api', { failNext: 5 });
    await expect(withdraw(customer.caller, customer.contract.id)).rejects.toMatchObject({
      statusCode: 503,
      message: WITHDRAWAL_MESSAGES.refundPending,
    });
    await control('api', { failNext: 0 });
    expect((await collectionOf(customer.userId)).contracts[0]?.cancelado_em).toEqual(expect.any(String));
    expect((await getCharge(db, customer.ref))?.status).toBe('RECEIVED');
    const retried = await withdraw(customer.caller, customer.contract.id);
    expect(retried.settlement).toBe('refund-requested');
    expect((await paymentAtAsaas(customer.asaasId)).refunds).toHaveLength(1);
    // Settled: a third click is refused.
    await expect(withdraw(customer.caller, customer.contract.id)).rejects.toMatchObject({
      statusCode: 409,
      message: WITHDRAWAL_MESSAGES.alreadyCancelled,
    });
  });

  it("answers 404 for another customer's contract", async () => {
    const owner = await customerSigned(1, { paid: false });
    const stranger = { userId: ulid(), email: 'outro@baixa.test', isAdmin: false };
    await expect(withdraw(stranger, owner.contract.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await collectionOf(owner.userId)).contracts[0]?.cancelado_em ?? null).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ADMIN_PROCESS_MESSAGES, PAYMENT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import { verifyAdminCharge } from '../../lambdas/admin/finance/admin-finance-service.js';
import { enforceAsaasReadBudget, withCountedAsaasReads } from '../../lambdas/payments/asaas-read-budget.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { verifyContractCharge } from '../../lambdas/payments/verify-charge-service.js';
import type { AsaasClient } from '../../lambdas/providers/asaas.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { countRateLimitedCall } from '../../lambdas/shared/data/rate-limits.js';
import { TooManyRequestsError } from '../../lambdas/shared/errors.js';
import { recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * The global budget of Asaas reads people's actions make (docs/decisions.md, "Asaas's request quota"): Asaas's quota
 * (about 25,000 requests per 12 hours) must not be spent by many accounts clicking 'Verificar Pagamento', or the
 * webhooks' read-backs would stall. Each test runs at an instant of its own far from now, so its window's counter is
 * its alone (other files verify at real time).
 */
const db = testDb();
const sim = useAsaasSimulator();
const rule = RATE_LIMITS.asaasReadsGlobal;
let windows = 0;
/** An instant in a window no other test counts in. */
const isolatedInstant = () => new Date(Date.UTC(2091, 0, 1) + (windows += 1) * rule.windowSeconds * 1000 + 1000);

/** Spends what is left of the window, as many accounts verifying at once would. */
async function spendWindow(clock: () => Date) {
  while (await countRateLimitedCall(db, rule, 'asaas', clock()));
}

/** Asaas's client, counting its reads of payments. */
function countingAsaas() {
  const reads = { count: 0 };
  const asaas: Pick<
    AsaasClient,
    'getPayment' | 'refundPayment' | 'deletePayment' | 'refundInstallment' | 'deleteInstallment'
  > = {
    getPayment: async (id) => {
      reads.count += 1;
      return sim.asaas.getPayment(id);
    },
    // Settling money a cancelled contract holds writes at Asaas; these charges' contracts are never cancelled.
    refundPayment: (id, description) => sim.asaas.refundPayment(id, description),
    deletePayment: (id) => sim.asaas.deletePayment(id),
    refundInstallment: (id, description) => sim.asaas.refundInstallment(id, description),
    deleteInstallment: (id) => sim.asaas.deleteInstallment(id),
  };
  return { asaas, reads };
}

async function chargedCustomer() {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer);
  const caller = { userId: customer.userId, email: customer.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: () => new Date(), asaas: sim.asaas, workflow: recordingWorkflow() },
    caller,
    customer.contract.id,
  );
  return {
    caller,
    contractId: customer.contract.id,
    ref: { ...customer, contractId: customer.contract.id, chargeId: charge!.id },
  };
}

describe("the global budget of Asaas reads (Asaas's quota)", () => {
  it("lets 'Verificar Pagamento' read until the window is spent, then answers 429 without asking Asaas", async () => {
    const at = isolatedInstant();
    const clock = () => at;
    const { caller, contractId } = await chargedCustomer();
    const { asaas, reads } = countingAsaas();
    const deps = { db: guardedTestDb('VerifyCharge'), clock, asaas, workflow: recordingWorkflow() };

    expect(await verifyContractCharge(deps, caller, contractId)).toMatchObject({ pago: false });
    expect(reads.count).toBe(1);

    await spendWindow(clock);
    const refused = verifyContractCharge(deps, caller, contractId);
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toMatchObject({
      statusCode: 429,
      reason: 'rate_limited',
      message: PAYMENT_MESSAGES.verificationsBusy,
      retryAfterSeconds: expect.any(Number),
    });
    expect(reads.count).toBe(1);

    // The next window starts afresh.
    const later = new Date(at.getTime() + rule.windowSeconds * 1000);
    await verifyContractCharge({ ...deps, clock: () => later }, caller, contractId);
    expect(reads.count).toBe(2);
  });

  it("refuses the admin's 'Verificar' the same way, with the admin's message", async () => {
    const at = isolatedInstant();
    const clock = () => at;
    const { ref } = await chargedCustomer();
    const { asaas, reads } = countingAsaas();
    await spendWindow(clock);

    await expect(
      verifyAdminCharge(
        { db: guardedTestDb('VerifyAdminCharge'), clock, asaas, workflow: recordingWorkflow() },
        { userId: 'admin-1', email: 'admin@baixa.test', isAdmin: true },
        { userId: ref.userId, contractId: ref.contractId, chargeId: ref.chargeId },
      ),
    ).rejects.toMatchObject({ statusCode: 429, message: ADMIN_PROCESS_MESSAGES.verifyBusy });
    expect(reads.count).toBe(0);
  });

  it('counts the reads that finish a money move, and never refuses them', async () => {
    const at = isolatedInstant();
    const clock = () => at;
    const { ref } = await chargedCustomer();
    const counted = withCountedAsaasReads(sim.asaas, { db: guardedTestDb('CancelContract'), clock });
    const asaasId = (await getCharge(db, ref))!.asaas_id!;

    for (let i = 0; i < rule.limit; i += 1) await counted.getPayment(asaasId);
    // The window is spent by those reads alone: a verification now is refused...
    await expect(enforceAsaasReadBudget({ db, clock }, 'esgotado')).rejects.toMatchObject({ statusCode: 429 });
    // ...while a settlement's read still goes to Asaas.
    expect((await counted.getPayment(asaasId)).id).toBe(asaasId);
  });
});

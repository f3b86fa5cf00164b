import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { markAdminChargePaidRoute } from '../../domain/api/admin-finance.js';
import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { markAdminChargePaid } from '../../lambdas/admin/finance/admin-finance-service.js';
import { handler as markPaid } from '../../lambdas/admin/finance/mark-admin-charge-paid.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { adminClaims } from '../factories.js';
import { callRoute, errorOf } from '../route-call.js';
import { recordingWorkflow } from './asaas-harness.js';
import { testDb } from './db.js';
import { seedCustomer, seedPendingCharge } from './seed.js';

/** 'Marcar pago' never confirms the money of a cancelled contract: its refund is what is owed. */
const db = testDb();

const cancel = (target: Db, userId: string, contractId: string) =>
  target.client.send(
    new UpdateCommand({
      TableName: target.tableName,
      Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
      UpdateExpression: 'SET cancelado_em = :now',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );

async function pendingCharge() {
  const { userId, contract } = await seedCustomer(db);
  const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
  return { userId, contractId: contract.id, chargeId: charge.id };
}

/** 'Marcar pago''s confirmation: a seeded charge's value is its contract's. */
const received = { valor: 399, data: saoPauloDay(new Date()), motivo: 'Transferência bancária' };

describe("'Marcar pago' on a cancelled contract", () => {
  it('is refused with 409 and the cancelled-contract message, and writes nothing', async () => {
    const ref = await pendingCharge();
    await cancel(db, ref.userId, ref.contractId);

    const refused = errorOf(
      await callRoute(markAdminChargePaidRoute, markPaid, { claims: adminClaims(), params: ref, body: received }),
    );

    expect(refused).toMatchObject({ status: 409, message: WITHDRAWAL_MESSAGES.cancelledContract });
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect(await auditTrailOf(db, ref.userId)).toEqual([]);
  });

  it('is refused by the write itself when the contract is cancelled after it was read', async () => {
    const ref = await pendingCharge();
    // The table as the service sees it, with the withdrawal landing just before its transaction is sent.
    const racing = testDb();
    let cancelled = false;
    racing.client.middlewareStack.add(
      (next, context) => async (args) => {
        if (String(context.commandName).startsWith('TransactWrite') && !cancelled) {
          cancelled = true;
          await cancel(db, ref.userId, ref.contractId);
        }
        return next(args);
      },
      { step: 'initialize', name: 'cancelBeforeTheMove' },
    );
    const workflow = recordingWorkflow();
    const caller = { userId: 'admin-1', email: 'admin@example.com', isAdmin: true };

    await expect(
      markAdminChargePaid({ db: racing, clock: () => new Date(), workflow }, caller, ref, received),
    ).rejects.toMatchObject({ statusCode: 409, message: WITHDRAWAL_MESSAGES.cancelledContract });

    expect(cancelled).toBe(true);
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect(await auditTrailOf(db, ref.userId)).toEqual([]);
    expect(workflow.resumes).toEqual([]);
  });
});

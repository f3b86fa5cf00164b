import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamo } from '../../lambdas/shared/clients.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { seedCustomer, seedPendingCharge, seedReferredCustomer } from './seed.js';

/**
 * A workflow task's handler under its own table grants (docs/decisions.md, "Least privilege on the table"). The
 * handlers of this file share the lambdas' one DynamoDB client (lambdas/shared/clients.ts), guarded here as
 * ConfirmPayment's: every request it makes is checked against its catalogue grants as IAM would
 * (local/functions/table-guard.ts) — DynamoDB Local checks none. Seeds go through the tests' own client. (The guard is
 * taken off after this file.)
 */
guardLambdaTableAs('ConfirmPayment');
const db = testDb();

describe('ConfirmPayment, within its key prefixes', () => {
  it("pays the process, the payer's referral in the referrer's partition, and claims the purchase marker", async () => {
    const referrer = await seedCustomer(db);
    const payer = await seedReferredCustomer(db, referrer);
    const charge = await seedPendingCharge(db, { userId: payer.userId, contractId: payer.contract.id }, 'RECEIVED');

    const result = await confirmPayment({ userId: payer.userId, contractId: payer.contract.id, chargeId: charge.id });

    expect(result).toMatchObject({ status: 'pago', referralPaid: true });
    expect((await getProcess(db, { userId: payer.userId, contractId: payer.contract.id }))?.status).toBe('pago');
    const { Item: referral } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(referrer.userId), sk: keys.referralSk(payer.profile.email.toLowerCase()) },
      }),
    );
    expect(referral).toMatchObject({ status: 'paid', paid_by_charge_id: charge.id });
    const { Item: marker } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.purchaseConversion(charge.id)) }),
    );
    expect(marker).toBeDefined();
  });

  it('refuses, as IAM would, a request outside its grants (the guard is on)', async () => {
    await expect(
      dynamo.send(new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.documentGuard('12345678909')) })),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});

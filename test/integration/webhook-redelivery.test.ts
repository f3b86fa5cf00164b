import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { ASAAS_WEBHOOK_TOKEN_HEADER, receiveAsaasWebhookRoute } from '../../domain/api/webhooks.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { UNCONFIRMED_CLAIM_DELIVERIES } from '../../lambdas/payments/asaas-webhook-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import { handler as receiveWebhook } from '../../lambdas/payments/receive-asaas-webhook.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { callRoute } from '../route-call.js';
import { asaasEvent, recordingWorkflow, useAsaasSimulator } from './asaas-harness.js';
import { guardLambdaTableAs, testDb } from './db.js';
import { INTEGRATION_SECRETS } from './global-setup.js';
import { seedCustomer, seedSignature } from './seed.js';

/**
 * A genuine event that outruns Asaas's own API (docs/decisions.md, "Webhooks ahead of Asaas's API"): its paid claim,
 * read back, is not confirmed yet. It is answered with an error a bounded number of times, so Asaas redelivers it, and
 * applied once the API catches up — never marked done and dropped on the first disagreement. Through the real webhook
 * handler, as its grants reach the table, against the Asaas simulator.
 */
guardLambdaTableAs('ReceiveAsaasWebhook');
const db = testDb();
const sim = useAsaasSimulator();

async function pendingCharge() {
  const customer = await seedCustomer(db);
  await seedSignature(db, customer);
  const { charge } = await createChargeForContract(
    { db, clock: systemClock, asaas: sim.asaas, workflow: recordingWorkflow() },
    { userId: customer.userId, email: customer.profile.email, isAdmin: false },
    customer.contract.id,
  );
  return { ref: { userId: customer.userId, contractId: customer.contract.id, chargeId: charge!.id }, charge: charge! };
}

/** One delivery as Asaas makes it: only a 200 counts as delivered. */
const deliver = (body: unknown) =>
  callRoute(receiveAsaasWebhookRoute, receiveWebhook, {
    body,
    headers: { [ASAAS_WEBHOOK_TOKEN_HEADER]: INTEGRATION_SECRETS.asaasWebhookToken },
  });

const eventItem = async (eventId: string) =>
  (
    await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.webhookEvent('asaas', eventId)) }),
    )
  ).Item;

describe('a paid claim Asaas does not confirm yet', () => {
  it('is answered with an error, not marked done, and applied when a redelivery finds the payment paid', async () => {
    const { ref, charge } = await pendingCharge();
    const received = asaasEvent(charge.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED');

    for (let i = 0; i < 2; i += 1) {
      const answer = await deliver(received);
      expect(answer).toMatchObject({
        ok: false,
        status: 503,
        error: { code: 'provider_unavailable', message: API_MESSAGES.webhookClaimUnconfirmed },
      });
    }
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
    expect(await eventItem(received.id)).not.toHaveProperty('done_at');

    // Asaas's API catches up with its own event.
    await sim.control(`payments/${charge.asaas_id}/pay`);
    expect(await deliver(received)).toMatchObject({ ok: true, body: { outcome: 'recorded' } });
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    expect(await deliver(received)).toMatchObject({ ok: true, body: { outcome: 'duplicate' } });
  });

  it(`asks for at most ${UNCONFIRMED_CLAIM_DELIVERIES} deliveries, then acknowledges it as unverified, applying nothing`, async () => {
    const { ref, charge } = await pendingCharge();
    const received = asaasEvent(charge.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED');

    const statuses: number[] = [];
    for (let i = 0; i < UNCONFIRMED_CLAIM_DELIVERIES + 1; i += 1) statuses.push((await deliver(received)).status);

    // Far below the 15 failures in a row after which Asaas pauses the queue.
    expect(statuses).toEqual([...Array(UNCONFIRMED_CLAIM_DELIVERIES - 1).fill(503), 200, 200]);
    expect(await eventItem(received.id)).toMatchObject({ outcome: 'unverified', done_at: expect.any(String) });
    expect((await getCharge(db, ref))?.status).toBe('PENDING');
  });

  it('is acknowledged at once when the payment moved on since (a stale claim: its own event follows)', async () => {
    const { charge } = await pendingCharge();
    await sim.control(`payments/${charge.asaas_id}/pay`);
    await sim.control(`payments/${charge.asaas_id}/refund`);
    const answer = await deliver(asaasEvent(charge.asaas_id!, 'PAYMENT_RECEIVED', 'RECEIVED'));
    expect(answer).toMatchObject({ ok: true, body: { outcome: 'unverified' } });
  });
});

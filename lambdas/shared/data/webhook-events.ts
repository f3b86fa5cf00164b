import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, pointerKey } from './keys.js';
import type { Db } from './table.js';

const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Pattern 10: providers deliver at least once and keep the event id. An event is marked done only AFTER its effects
 * (they are idempotent), so a failure in between leaves it unmarked and the provider's redelivery applies it; a
 * delivery of an event already done is acknowledged without touching anything.
 */
export async function isWebhookEventDone(db: Db, provider: string, eventId: string): Promise<boolean> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: pointerKey(keys.webhookEvent(provider, eventId)),
      ConsistentRead: true,
    }),
  );
  // Done only once marked so: an event still being re-checked (`countUnconfirmedDelivery`) has its item already.
  return typeof Item?.done_at === 'string';
}

/**
 * Pattern 10 (b): one more delivery of an event whose money claim Asaas did not confirm yet, counted on the event's
 * item before it is done; answers the count so far. The item lapses as a done one does.
 */
export async function countUnconfirmedDelivery(db: Db, provider: string, eventId: string, now: Date): Promise<number> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: pointerKey(keys.webhookEvent(provider, eventId)),
      UpdateExpression:
        'SET #type = if_not_exists(#type, :type), expiresAt = if_not_exists(expiresAt, :ttl) ADD unconfirmed_deliveries :one',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'WEBHOOK_EVENT',
        ':ttl': Math.floor(now.getTime() / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(Attributes?.unconfirmed_deliveries ?? 1);
}

export async function markWebhookEventDone(
  db: Db,
  provider: string,
  eventId: string,
  doneAt: Date,
  outcome: string,
): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...pointerKey(keys.webhookEvent(provider, eventId)),
        type: 'WEBHOOK_EVENT',
        done_at: doneAt.toISOString(),
        outcome,
        expiresAt: Math.floor(doneAt.getTime() / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
      },
    }),
  );
}

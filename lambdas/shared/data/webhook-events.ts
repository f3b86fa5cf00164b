import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
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
  return Boolean(Item);
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

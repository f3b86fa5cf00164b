import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys, pointerKey } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

const WEBHOOK_EVENT_TTL_SECONDS = 30 * 24 * 3600;

/**
 * Pattern 10: providers deliver at least once and keep the event id; the first delivery wins.
 * Returns false for a repeat.
 */
export async function recordWebhookEventOnce(
  db: Db,
  provider: string,
  eventId: string,
  receivedAt: Date,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...pointerKey(keys.webhookEvent(provider, eventId)),
          type: 'WEBHOOK_EVENT',
          received_at: receivedAt.toISOString(),
          expiresAt: Math.floor(receivedAt.getTime() / 1000) + WEBHOOK_EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

import { DeleteCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE_CONNECTION_MAX_SECONDS } from '../../../domain/live.js';
import { keys, pointerKey } from './keys.js';
import { readPointer, type Db } from './table.js';

/**
 * Open WebSocket connections (pattern 39): one item in the customer's collection, so the stream consumer finds every
 * screen a customer has open with one Query, and a pointer by connection id, because $disconnect knows nothing else.
 * Both expire with API Gateway's 2-hour limit, so a connection whose $disconnect never ran cannot linger.
 */
export async function saveConnection(db: Db, params: { userId: string; connectionId: string; now: Date }) {
  const { userId, connectionId, now } = params;
  const common = {
    type: 'CONNECTION',
    user_id: userId,
    connection_id: connectionId,
    connected_at: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + LIVE_CONNECTION_MAX_SECONDS + 60,
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: { ...common, pk: keys.customer(userId), sk: keys.connectionSk(connectionId) },
          },
        },
        { Put: { TableName: db.tableName, Item: { ...common, ...pointerKey(keys.connectionPointer(connectionId)) } } },
      ],
    }),
  );
}

/** The ids of a customer's open connections (those not yet expired by TTL, which can lag behind by hours). */
export async function connectionsOf(db: Db, userId: string, now: Date): Promise<string[]> {
  const ids: string[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        FilterExpression: 'expiresAt > :now',
        ExpressionAttributeValues: {
          ':pk': keys.customer(userId),
          ':prefix': keys.connectionPrefix,
          ':now': Math.floor(now.getTime() / 1000),
        },
        ProjectionExpression: 'connection_id',
        ExclusiveStartKey: cursor,
      }),
    );
    ids.push(...(page.Items ?? []).map((item) => String(item.connection_id)));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return ids;
}

/** Forgets a connection (closed, or gone when pushed to); idempotent. */
export async function forgetConnection(db: Db, connectionId: string, userId?: string): Promise<void> {
  const owner =
    userId ?? ((await readPointer(db, keys.connectionPointer(connectionId)))?.user_id as string | undefined);
  const deletes = [pointerKey(keys.connectionPointer(connectionId))];
  if (owner) deletes.push({ pk: keys.customer(owner), sk: keys.connectionSk(connectionId) });
  await Promise.all(deletes.map((Key) => db.client.send(new DeleteCommand({ TableName: db.tableName, Key }))));
}

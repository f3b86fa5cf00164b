import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type QueryCommandInput,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { ADMIN_MESSAGES } from '../../../domain/messages.js';
import { ValidationError } from '../errors.js';
import { pointerKey } from './keys.js';

/** What every access-pattern function needs: the client and the one table's name. */
export type Db = { client: DynamoDBDocumentClient; tableName: string };

/**
 * The table's generic key attributes: the one home for their names. The CDK construct (lib/constructs/data.ts) and
 * the local runtime build the table from these; only the data-access layer gives them meaning (keys.ts).
 */
export const TABLE_KEYS = { partitionKey: 'pk', sortKey: 'sk', ttl: 'expiresAt' } as const;

/** Global secondary indexes, with their generic key attributes (both sparse: only listed entities carry them). */
export const TABLE_GSIS = {
  gsi1: { partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  gsi2: { partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
} as const;
export type TableGsiName = keyof typeof TABLE_GSIS;
export const GSI_NAMES = Object.keys(TABLE_GSIS) as TableGsiName[];
export const GSI1: TableGsiName = 'gsi1';
export const GSI2: TableGsiName = 'gsi2';

/** Item attributes that are keys, never part of an entity. */
export const KEY_ATTRIBUTES = [
  TABLE_KEYS.partitionKey,
  TABLE_KEYS.sortKey,
  TABLE_GSIS.gsi1.partitionKey,
  TABLE_GSIS.gsi1.sortKey,
  TABLE_GSIS.gsi2.partitionKey,
  TABLE_GSIS.gsi2.sortKey,
  'type',
  TABLE_KEYS.ttl,
] as const;

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** A transaction item that creates `item` only if nothing lives at its key yet. */
export function putNew(db: Db, item: Record<string, unknown> & { pk: string; sk: string }): TransactItem {
  return { Put: { TableName: db.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * The contract id a pointer (`PROTOCOL#`, `ASAAS#`) or a divergence names. Stored as `contrato_id`, the entities'
 * spelling now; items written before carry `contract_id` and are read as they are (docs/data-model.md,
 * "One spelling for the contract id").
 */
export function storedContractId(item: Record<string, unknown>): string | null {
  const value = item.contrato_id ?? item.contract_id;
  return typeof value === 'string' ? value : null;
}

/** Reads a pointer or guard item (pk = sk = key), strongly consistent: it decides ownership. */
export async function readPointer(db: Db, key: string): Promise<Record<string, unknown> | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(key), ConsistentRead: true }),
  );
  return Item ?? null;
}

/**
 * Claims a marker item (pk = sk = key) once: true for the first caller, false for every later one while the marker
 * lives. `attributes` are stored with it (e.g. `type`, a time, `expiresAt`).
 */
export async function claimMarker(db: Db, key: string, attributes: Record<string, unknown>): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...attributes, ...pointerKey(key) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

/** What a leased claim found: the work is ours, already done, or held by a sender whose lease has not lapsed. */
export type LeaseClaim = 'claimed' | 'done' | 'busy';

/**
 * Claims a once-only piece of work (an e-mail) under a marker that lapses after `leaseSeconds` unless
 * `completeLease` marks it done. A sender that dies between the claim and the send (a Lambda timeout) therefore does
 * not lose the message for ever: a retry after the lease lapsed claims it again. The lease is the function's timeout,
 * so a live sender is never overtaken. 'busy' is for the caller to retry later (throwing makes the platform retry).
 */
export async function claimLease(
  db: Db,
  key: string,
  options: {
    now: Date;
    leaseSeconds: number;
    attributes: Record<string, unknown>;
    /** Who holds it: then only `releaseLease` with the same token gives it back (a lapsed holder cannot). */
    owner?: string;
  },
): Promise<LeaseClaim> {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const claimed = await appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...options.attributes,
          ...pointerKey(key),
          lease_until: nowSeconds + options.leaseSeconds,
          ...(options.owner ? { lease_owner: options.owner } : {}),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(done_at) AND lease_until < :now)',
        ExpressionAttributeValues: { ':now': nowSeconds },
      }),
    ),
  );
  if (claimed) return 'claimed';
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(key), ConsistentRead: true }),
  );
  // Gone between the two reads (its sender gave it back): nobody holds it, so the retry will claim it.
  return Item?.done_at ? 'done' : 'busy';
}

/** The leased work was done: the marker no longer lapses. */
export async function completeLease(db: Db, key: string, now: Date): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: pointerKey(key),
      UpdateExpression: 'SET done_at = :now REMOVE lease_until',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/**
 * Gives a claim back at once (the send failed and will be retried). With `owner`, only while it is still that
 * holder's: a holder whose lease lapsed (a slow Asaas call) must not free the lease another attempt now holds.
 */
export async function releaseLease(db: Db, key: string, owner?: string): Promise<void> {
  if (!owner) {
    await db.client.send(new DeleteCommand({ TableName: db.tableName, Key: pointerKey(key) }));
    return;
  }
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: pointerKey(key),
        ConditionExpression: 'lease_owner = :owner',
        ExpressionAttributeValues: { ':owner': owner },
      }),
    ),
  );
}

export function stripKeys<T extends Record<string, unknown>>(item: T): Omit<T, (typeof KEY_ATTRIBUTES)[number]> {
  const copy: Record<string, unknown> = { ...item };
  for (const key of KEY_ATTRIBUTES) delete copy[key];
  return copy as Omit<T, (typeof KEY_ATTRIBUTES)[number]>;
}

/** True when DynamoDB refused a write because its condition failed (also inside a transaction). */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'ConditionalCheckFailedException' || name === 'TransactionCanceledException';
}

/**
 * Runs a conditional write: true when it was applied, false when its condition failed (the pattern's "no": a
 * repeat, a claim already taken, a link already used). Any other error is thrown.
 */
export async function appliedUnlessConditionFails(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Which items of a cancelled transaction failed their condition, by position. */
export function failedConditions(error: unknown): boolean[] {
  const reasons = (error as { CancellationReasons?: { Code?: string }[] } | null)?.CancellationReasons ?? [];
  return reasons.map((reason) => reason.Code === 'ConditionalCheckFailed');
}

/**
 * Every item a query of a few known items matches (one customer's partition or a range of it), page after page: a
 * DynamoDB query answers at most 1 MB at a time. Not for lists that grow with the business; those page with a cursor.
 */
export async function queryAllItems(
  db: Db,
  query: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({ ...query, TableName: db.tableName, ExclusiveStartKey: cursor }),
    );
    items.push(...(page.Items ?? []));
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return items;
}

/** BatchGetItem's limit of keys a request. */
const BATCH_GET_KEYS = 100;
/** Rounds of asking again for what DynamoDB left unprocessed (throttling) before giving up loudly. */
const BATCH_GET_ROUNDS = 8;

/**
 * Every item of any number of keys: BatchGetItem 100 keys a request, the keys DynamoDB left unprocessed asked again
 * with a growing pause, so a throttled read never drops items silently (after the last round it throws). Items gone
 * are simply absent; the answer is in no particular order.
 */
export async function batchGetAll(
  db: Db,
  itemKeys: readonly { pk: string; sk: string }[],
  options: { consistent?: boolean; projection?: { expression: string; names?: Record<string, string> } } = {},
): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let start = 0; start < itemKeys.length; start += BATCH_GET_KEYS) {
    let pending: Record<string, unknown>[] = itemKeys.slice(start, start + BATCH_GET_KEYS);
    for (let round = 0; pending.length > 0; round += 1) {
      if (round >= BATCH_GET_ROUNDS) throw new Error(`BatchGetItem left keys unprocessed after ${round} rounds`);
      if (round > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** round, 1000)));
      const { Responses, UnprocessedKeys } = await db.client.send(
        new BatchGetCommand({
          RequestItems: {
            [db.tableName]: {
              Keys: pending,
              ...(options.consistent ? { ConsistentRead: true } : {}),
              ...(options.projection
                ? {
                    ProjectionExpression: options.projection.expression,
                    ExpressionAttributeNames: options.projection.names,
                  }
                : {}),
            },
          },
        }),
      );
      found.push(...(Responses?.[db.tableName] ?? []));
      pending = UnprocessedKeys?.[db.tableName]?.Keys ?? [];
    }
  }
  return found;
}

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;
}

/**
 * What a list's cursor must be: exactly the key attributes of the table or index it pages (a LastEvaluatedKey holds the
 * table's `pk`/`sk` and, for an index, the index's own pair), with the index's partition equal to the one queried.
 */
export type CursorShape = { readonly attributes: readonly string[]; readonly partition?: readonly [string, string] };

/**
 * A cursor from the caller → the `ExclusiveStartKey` it stands for; none → the first page. The cursor comes back from
 * a browser, so anything this list could not have given (not base64url JSON, other attributes, non-string values,
 * another partition) is a 400 with a pt-BR message, never a DynamoDB ValidationException answered as a 500.
 */
export function decodeCursor(
  cursor: string | null | undefined,
  shape: CursorShape,
): Record<string, string> | undefined {
  if (!cursor) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ValidationError(ADMIN_MESSAGES.invalidCursor, { cursor: ADMIN_MESSAGES.invalidCursor });
  }
  const wanted = [...shape.attributes].sort();
  const valid =
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).sort().join('\n') === wanted.join('\n') &&
    Object.values(value).every((part) => typeof part === 'string' && part.length > 0 && part.length <= 1024) &&
    (!shape.partition || (value as Record<string, string>)[shape.partition[0]] === shape.partition[1]);
  if (!valid) throw new ValidationError(ADMIN_MESSAGES.invalidCursor, { cursor: ADMIN_MESSAGES.invalidCursor });
  return value as Record<string, string>;
}

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { KitItemKey } from '../../../domain/filing-kit.js';
import { kitItemSchema, type KitItem } from '../../../domain/schemas/filing-kit.js';
import { auditPut, type NewAuditEntry } from './audit.js';
import { keys } from './keys.js';
import { isConditionFailure, queryAllItems, stripKeys, type Db, type TransactItem } from './table.js';

/**
 * The filing kit (docs/data-model.md, patterns 69–73). One item per kit item of a contract, in the
 * customer's partition (`CONTRACT#<id>#KIT#<item>`), with its files' storage keys beside the public fields; a marker
 * per confirmed upload; a sparse index (gsi2 `KIT_REVIEW`) holding only the items awaiting a lawyer's decision.
 */

export type KitRef = { userId: string; contractId: string };

/** Where a file's bytes live (never sent to a browser: links are signed per request). */
export type StoredKitFile = KitItem['files'][number] & { original_key: string; pdf_key: string };
export type StoredKitItem = Omit<KitItem, 'files'> & {
  files: StoredKitFile[];
  /** The item's one PDF (what the lawyer files), rebuilt at each new file. */
  pdf_key: string | null;
  /** Bumped by every write: each write is conditioned on the version it read. */
  version: number;
};

const storedFileFields = (file: Record<string, unknown>) => ({
  original_key: String(file.original_key),
  pdf_key: String(file.pdf_key),
});

/** A kit item as read from the table (a Query of the customer's partition may hold it), storage keys included. */
export function parseStoredKitItem(item: Record<string, unknown>): StoredKitItem {
  const plain = stripKeys(item);
  const parsed = kitItemSchema.parse(plain);
  const files = (Array.isArray(plain.files) ? plain.files : []) as Record<string, unknown>[];
  return {
    ...parsed,
    files: parsed.files.map((file, i) => ({ ...file, ...storedFileFields(files[i] ?? {}) })),
    pdf_key: typeof plain.pdf_key === 'string' ? plain.pdf_key : null,
    version: Number(plain.version ?? 0),
  };
}

/** What a screen may see of a stored item: no storage keys, no version. */
export function publicKitItem(item: StoredKitItem): KitItem {
  return kitItemSchema.parse({
    ...item,
    files: item.files.map(({ id, content_type, bytes, uploaded_at }) => ({ id, content_type, bytes, uploaded_at })),
  });
}

/** Pattern 69: the kit items of one contract (a Query of its `KIT#` range), strongly consistent. */
export async function kitItemsOf(db: Db, ref: KitRef): Promise<StoredKitItem[]> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(ref.userId), ':prefix': keys.kitPrefix(ref.contractId) },
    ConsistentRead: true,
  });
  return items.map(parseStoredKitItem);
}

/** Pattern 69: one kit item. */
export async function getKitItem(db: Db, ref: KitRef, key: KitItemKey): Promise<StoredKitItem | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.kitItemSk(ref.contractId, key) },
      ConsistentRead: true,
    }),
  );
  return Item ? parseStoredKitItem(Item) : null;
}

/** Pattern 70: which item an upload was confirmed into, if it was. */
export async function confirmedUpload(db: Db, userId: string, uploadId: string): Promise<KitItemKey | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.kitUploadSk(uploadId) },
      ConsistentRead: true,
    }),
  );
  return Item ? (Item.item as KitItemKey) : null;
}

function kitItemRecord(ref: KitRef, item: StoredKitItem) {
  const awaiting = item.state === 'enviado' || item.state === 'em_analise';
  return {
    pk: keys.customer(ref.userId),
    sk: keys.kitItemSk(ref.contractId, item.key),
    type: 'KIT_ITEM',
    user_id: ref.userId,
    ...item,
    // Only items awaiting a decision are in the review queue's index (a sparse index: oldest sent first).
    ...(awaiting
      ? { gsi2pk: keys.kitReviewQueue, gsi2sk: `${item.sent_at}#${ref.userId}#${ref.contractId}#${item.key}` }
      : {}),
  };
}

/** The write of a new version of an item, conditioned on the version read (none: the item must not exist yet). */
function putKitItem(db: Db, ref: KitRef, item: StoredKitItem, readVersion: number | null): TransactItem {
  return {
    Put: {
      TableName: db.tableName,
      Item: kitItemRecord(ref, { ...item, version: (readVersion ?? 0) + 1 }),
      ConditionExpression: readVersion === null ? 'attribute_not_exists(pk)' : 'version = :version',
      ...(readVersion === null ? {} : { ExpressionAttributeValues: { ':version': readVersion } }),
    },
  };
}

export class KitItemChangedError extends Error {
  constructor() {
    super('The kit item changed since it was read');
    this.name = 'KitItemChangedError';
  }
}

/**
 * Pattern 70: a confirmed upload. The item's new state and files, and the upload's marker (`attribute_not_exists`),
 * in one transaction conditioned on the item's version: two uploads confirmed at once for one item cannot lose a file,
 * and one upload is never counted twice. A lost race is `KitItemChangedError` (read again and retry); an upload
 * already confirmed answers false.
 */
export async function saveConfirmedUpload(
  db: Db,
  ref: KitRef,
  params: { uploadId: string; item: StoredKitItem; readVersion: number | null; at: string },
): Promise<boolean> {
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          putKitItem(db, ref, params.item, params.readVersion),
          {
            Put: {
              TableName: db.tableName,
              Item: {
                pk: keys.customer(ref.userId),
                sk: keys.kitUploadSk(params.uploadId),
                type: 'KIT_UPLOAD',
                item: params.item.key,
                contrato_id: ref.contractId,
                confirmed_at: params.at,
              },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    if (await confirmedUpload(db, ref.userId, params.uploadId)) return false;
    throw new KitItemChangedError();
  }
}

/**
 * Pattern 71: an admin opened an item's file: 'enviado' → 'em_analise' (only from 'enviado'; any other state is left
 * as it is). True when it moved.
 */
export async function markKitItemInReview(db: Db, ref: KitRef, key: KitItemKey, at: string): Promise<boolean> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(ref.userId), sk: keys.kitItemSk(ref.contractId, key) },
        UpdateExpression: 'SET #state = :review, updated_at = :at ADD version :one',
        ConditionExpression: '#state = :sent',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':review': 'em_analise', ':sent': 'enviado', ':at': at, ':one': 1 },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Pattern 72: the lawyer's decision on an item with its audit record, in one transaction conditioned on the version
 * read (so a decision is taken on the files the lawyer saw: a file sent in between refuses it). The item leaves the
 * review queue's index.
 */
export async function saveKitReview(
  db: Db,
  ref: KitRef,
  params: { item: StoredKitItem; readVersion: number; audit: NewAuditEntry },
): Promise<void> {
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [putKitItem(db, ref, params.item, params.readVersion), auditPut(db, params.audit)],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new KitItemChangedError();
    throw error;
  }
}

export type KitReviewQueueEntry = {
  userId: string;
  contractId: string;
  key: KitItemKey;
  state: 'enviado' | 'em_analise';
  sentAt: string;
};

/**
 * Pattern 73: the kit items awaiting a lawyer's decision, oldest sent first, from the sparse index (for the admins'
 * 'Hoje' queue); a page and its cursor. `countKitItemsAwaitingReview` counts them (a COUNT query, no items read).
 */
export async function kitItemsAwaitingReview(
  db: Db,
  options: { limit?: number; cursor?: Record<string, unknown> } = {},
): Promise<{ entries: KitReviewQueueEntry[]; cursor: Record<string, unknown> | undefined }> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :queue',
      ExpressionAttributeValues: { ':queue': keys.kitReviewQueue },
      ScanIndexForward: true,
      Limit: options.limit ?? 50,
      ExclusiveStartKey: options.cursor,
    }),
  );
  return {
    entries: (page.Items ?? []).map((item) => ({
      userId: String(item.user_id),
      contractId: String(item.contrato_id),
      key: item.key as KitItemKey,
      state: item.state as 'enviado' | 'em_analise',
      sentAt: String(item.sent_at),
    })),
    cursor: page.LastEvaluatedKey,
  };
}

export async function countKitItemsAwaitingReview(db: Db): Promise<number> {
  let count = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(
      new QueryCommand({
        TableName: db.tableName,
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :queue',
        ExpressionAttributeValues: { ':queue': keys.kitReviewQueue },
        Select: 'COUNT',
        ExclusiveStartKey: cursor,
      }),
    );
    count += page.Count ?? 0;
    cursor = page.LastEvaluatedKey;
  } while (cursor);
  return count;
}

import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { auditEntrySchema, type AuditEntry } from '../../../domain/schemas/audit.js';
import { keys } from './keys.js';
import { stripKeys, type Db, type TransactItem } from './table.js';

export type NewAuditEntry = Omit<AuditEntry, 'id'>;

/**
 * The audit trail (every admin action is recorded): one item per admin action in the `AUDIT#<client>` partition, which
 * a client's deletion does not touch. `auditItem` lets an action write its record in the same transaction as the change
 * it records, so the trail never claims a change that did not happen (nor misses one that did).
 */
export function auditItem(entry: NewAuditEntry): Record<string, unknown> & { pk: string; sk: string } {
  const id = ulid();
  return { pk: keys.audit(entry.targetUserId), sk: `${entry.at}#${id}`, id, ...entry };
}

export function auditPut(db: Db, entry: NewAuditEntry): TransactItem {
  return { Put: { TableName: db.tableName, Item: auditItem(entry), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** An action recorded on its own (e.g. a verification that changed nothing, or a deletion's final record). */
export async function recordAdminAction(db: Db, entry: NewAuditEntry): Promise<AuditEntry> {
  const item = auditItem(entry);
  await db.client.send(new PutCommand({ TableName: db.tableName, Item: item }));
  return auditEntrySchema.parse(stripKeys(item));
}

/** A client's trail, newest first (the client detail screen). */
export async function auditTrailOf(db: Db, targetUserId: string, limit = 50): Promise<AuditEntry[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.audit(targetUserId) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return Items.map((item) => auditEntrySchema.parse(stripKeys(item)));
}

import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import type { Db } from './table.js';

/** A payment Asaas reports for a charge we do not have: money received that no customer record explains. */
export type OrphanPayment = {
  asaasId: string;
  status: string;
  value: number | null;
  /** Asaas's customer id and the payment's own reference, to find out at Asaas whose money it is. */
  asaasCustomer: string | null;
  externalReference: string | null;
  lastEvent: string;
  firstSeenAt: string;
  updatedAt: string;
};

export type OrphanPaymentReport = Omit<OrphanPayment, 'firstSeenAt' | 'updatedAt'>;

/**
 * Pattern 47: records (or updates, on a later event of the same payment) an orphan payment. Idempotent: one item per
 * Asaas payment id, its first sighting kept. No personal data: Asaas's ids and the value only.
 */
export async function recordOrphanPayment(db: Db, report: OrphanPaymentReport, now: string): Promise<OrphanPayment> {
  const { Attributes } = await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: { pk: keys.orphanPaymentPk, sk: report.asaasId },
      UpdateExpression:
        'SET #type = :type, #status = :status, #value = :value, asaas_customer = :customer, external_reference = :reference, last_event = :event, updated_at = :now, first_seen_at = if_not_exists(first_seen_at, :now)',
      ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#value': 'value' },
      ExpressionAttributeValues: {
        ':type': 'ORPHAN_PAYMENT',
        ':status': report.status,
        ':value': report.value,
        ':customer': report.asaasCustomer,
        ':reference': report.externalReference,
        ':event': report.lastEvent,
        ':now': now,
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return orphanFrom(Attributes!);
}

/** One orphan payment by its Asaas id, strongly consistent (a refund decides on it). */
export async function getOrphanPayment(db: Db, asaasId: string): Promise<OrphanPayment | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: { pk: keys.orphanPaymentPk, sk: asaasId }, ConsistentRead: true }),
  );
  return Item ? orphanFrom(Item) : null;
}

/** Pattern 48: the orphan payments, by Asaas id, a page at a time (a list that should stay short). */
export async function listOrphanPayments(
  db: Db,
  page: { limit: number; cursor?: Record<string, unknown> },
): Promise<{ items: OrphanPayment[]; cursor?: Record<string, unknown> }> {
  const { Items = [], LastEvaluatedKey } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.orphanPaymentPk },
      Limit: page.limit,
      ExclusiveStartKey: page.cursor,
    }),
  );
  return { items: Items.map(orphanFrom), cursor: LastEvaluatedKey };
}

function orphanFrom(item: Record<string, unknown>): OrphanPayment {
  return {
    asaasId: item.sk as string,
    status: item.status as string,
    value: (item.value as number | null) ?? null,
    asaasCustomer: (item.asaas_customer as string | null) ?? null,
    externalReference: (item.external_reference as string | null) ?? null,
    lastEvent: item.last_event as string,
    firstSeenAt: item.first_seen_at as string,
    updatedAt: item.updated_at as string,
  };
}

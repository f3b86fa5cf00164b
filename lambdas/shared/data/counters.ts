import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { pendingChargeCount } from '../../../domain/charge-status.js';
import { PROCESS_STATUSES, type ProcessStatus } from '../../../domain/process-status.js';
import type { AdminSummary } from '../../../domain/schemas/admin.js';
import { COUNTERS, keys } from './keys.js';
import type { Db } from './table.js';

/**
 * A transaction item that adds deltas to one counter item; every write that changes a counted fact
 * includes one, so counters move with the change or not at all.
 */
export function counterUpdate(tableName: string, counter: string, deltas: Record<string, number>) {
  const entries = Object.entries(deltas);
  return {
    Update: {
      TableName: tableName,
      Key: { pk: keys.counterPk, sk: counter },
      UpdateExpression: `ADD ${entries.map((_, i) => `#c${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#c${i}`, name])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, delta], i) => [`:v${i}`, delta])),
    },
  };
}

export type AdminCounters = AdminSummary;

const num = (value: unknown): number => (typeof value === 'number' ? value : 0);

function numbersOf(item: Record<string, unknown> | undefined, skip: string[]): Record<string, number> {
  return Object.fromEntries(
    Object.entries(item ?? {}).filter(([k, v]) => !skip.includes(k) && typeof v === 'number'),
  ) as Record<string, number>;
}

/** Pattern 25: every admin figure from four counter items, one Query, no Scan. */
export async function getAdminCounters(db: Db): Promise<AdminCounters> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.counterPk },
      ConsistentRead: true,
    }),
  );
  const bySk = new Map(Items.map((item) => [item.sk as string, item]));
  const clients = bySk.get(COUNTERS.clients);
  const processes = bySk.get(COUNTERS.processes);
  const charges = bySk.get(COUNTERS.charges);
  const referrals = bySk.get(COUNTERS.referrals);
  const keyAttributes = ['pk', 'sk', 'total', 'expiresAt'];
  // Charges keep `paid` (RECEIVED + CONFIRMED + RECEIVED_IN_CASH) beside their statuses; for referrals 'paid' IS a status.
  const skip = [...keyAttributes, 'paid'];
  const chargesByStatus = numbersOf(charges, skip);
  return {
    clients: {
      total: num(clients?.total),
      withContract: num(clients?.with_contract),
      withoutContract: num(clients?.total) - num(clients?.with_contract),
    },
    processes: {
      total: num(processes?.total),
      byStatus: Object.fromEntries(PROCESS_STATUSES.map((s) => [s, num(processes?.[s])])) as Record<
        ProcessStatus,
        number
      >,
    },
    charges: {
      total: num(charges?.total),
      paid: num(charges?.paid),
      pending: pendingChargeCount(chargesByStatus),
      byStatus: chargesByStatus,
    },
    referrals: { total: num(referrals?.total), byStatus: numbersOf(referrals, keyAttributes) },
  };
}

import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PENDING_CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { financeDayDeltas, receivedDelta, toCents, type FinanceDayDeltas } from '../../../domain/finance.js';
import { type DayRange } from '../../../domain/finance-period.js';
import { saoPauloDay } from '../../../domain/sao-paulo-calendar.js';
import type { Charge } from '../../../domain/schemas/entities.js';
import { getContract } from './contracts.js';
import { keys } from './keys.js';
import { GSI2, queryAllItems, type Db, type TransactItem } from './table.js';

/** A day's money as stored: whole centavos and how many charges, received and refunded. */
export type FinanceDayTotals = {
  received_cents: number;
  received_count: number;
  refunded_cents: number;
  refunded_count: number;
  /** What Asaas kept of the money that arrived that day. */
  fee_cents: number;
};

/**
 * Pattern 56: adds a charge's money to its São Paulo day, as an item of the transaction that moves (or creates) the
 * charge. The move is conditioned on the status it read, so a retried, repeated or concurrent move either changes the
 * day with the charge or changes neither: the figures stay exact whatever the deliveries do.
 */
export function financeDayUpdate(tableName: string, day: string, deltas: FinanceDayDeltas): TransactItem {
  const entries = Object.entries(deltas);
  return {
    Update: {
      TableName: tableName,
      Key: { pk: keys.financeDayPk, sk: day },
      UpdateExpression: `SET #type = :type ADD ${entries.map((_, i) => `#f${i} :v${i}`).join(', ')}`,
      ExpressionAttributeNames: {
        '#type': 'type',
        ...Object.fromEntries(entries.map(([name], i) => [`#f${i}`, name])),
      },
      ExpressionAttributeValues: {
        ':type': 'FINANCE_DAY',
        ...Object.fromEntries(entries.map(([, delta], i) => [`:v${i}`, delta])),
      },
    },
  };
}

/**
 * What a charge's move from its current status to `to` adds to today's money (São Paulo), as transaction items: none
 * for a move that changes no figure. A charge written before charges kept their `valor` is counted at its contract's.
 * The fee is `feeCents` (what Asaas keeps of the payment that arrives) on an arrival, and the fee the charge recorded
 * when its arrival is undone.
 */
export async function financeItemsForMove(
  db: Db,
  ref: { userId: string; contractId: string },
  charge: Pick<Charge, 'status' | 'valor' | 'taxa_asaas'>,
  to: string,
  now: string,
  feeCents = 0,
): Promise<TransactItem[]> {
  if (Object.keys(financeDayDeltas(charge.status, to, 1)).length === 0) return [];
  const valor = charge.valor ?? (await getContract(db, ref.userId, ref.contractId))?.valor ?? 0;
  const fee = receivedDelta(charge.status, to) < 0 ? toCents(charge.taxa_asaas ?? 0) : feeCents;
  return [financeDayUpdate(db.tableName, saoPauloDay(now), financeDayDeltas(charge.status, to, toCents(valor), fee))];
}

/** A new charge's money, for its creating transaction: only a charge that is already paid when written adds any. */
export function financeItemsForNewCharge(
  tableName: string,
  charge: Pick<Charge, 'status' | 'valor' | 'created_at'>,
): TransactItem[] {
  const deltas = financeDayDeltas(null, charge.status, toCents(charge.valor ?? 0));
  return Object.keys(deltas).length === 0 ? [] : [financeDayUpdate(tableName, saoPauloDay(charge.created_at), deltas)];
}

/** Pattern 57 (a): the stored days of a range — `Query pk=FINANCE_DAY AND sk BETWEEN from AND to`, ≤ 366 items. */
export async function financeDaysBetween(db: Db, range: DayRange): Promise<Map<string, FinanceDayTotals>> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.financeDayPk, ':from': range.from, ':to': range.to },
    ConsistentRead: true,
  });
  const num = (value: unknown) => (typeof value === 'number' ? value : 0);
  return new Map(
    items.map((item) => [
      item.sk as string,
      {
        received_cents: num(item.received_cents),
        received_count: num(item.received_count),
        refunded_cents: num(item.refunded_cents),
        refunded_count: num(item.refunded_count),
        fee_cents: num(item.fee_cents),
      },
    ]),
  );
}

/**
 * Pattern 57 (b): the charges still waiting for their money (PENDING, AWAITING_RISK_ANALYSIS) whose status last
 * changed in the period, summed — `Query gsi2 CHARGE_STATUS#<s> AND gsi2sk BETWEEN start AND end` for each. These
 * partitions hold only open charges, which a PIX's 3-day due date keeps few, so reading them stays cheap; and the sum
 * is exactly what the list shows for those statuses and period (a counter would also have to follow every deletion).
 */
export async function openChargesBetween(
  db: Db,
  instants: { start: string; end: string },
): Promise<{ cents: number; count: number }> {
  const pages = await Promise.all(
    PENDING_CHARGE_STATUSES.map((status) =>
      queryAllItems(db, {
        IndexName: GSI2,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :start AND :end',
        ExpressionAttributeValues: {
          ':pk': keys.statusList('CHARGE', status),
          ':start': instants.start,
          ':end': instants.end,
        },
        ProjectionExpression: 'user_id, contrato_id, valor',
      }),
    ),
  );
  const items = pages.flat();
  // Charges written before they kept their `valor` (a few, if any): their contract's stands in.
  const values = await Promise.all(
    items.map(async (item) =>
      typeof item.valor === 'number'
        ? item.valor
        : ((await getContract(db, item.user_id as string, item.contrato_id as string))?.valor ?? 0),
    ),
  );
  return { cents: values.reduce((sum, valor) => sum + toCents(valor), 0), count: items.length };
}

/** The contracts waiting for their payment (pattern 113): how many, and which have no charge yet. */
export type ContractsAwaitingPayment = { total: number; uncharged: { userId: string; contractId: string }[] };

/** How many charge look-ups run at once: an admin screen's read, kept gentle on the table's capacity. */
const CHARGE_LOOKUPS_AT_ONCE = 16;

/**
 * Pattern 113: the signed contracts waiting for their payment — the processes in 'pagamento_pendente', `Query gsi2
 * PROCESS_STATUS#pagamento_pendente` (the partition Processos counts) — and which of them have no charge yet. Their
 * contracts are read 100 at a time (`BatchGetItem`, `charge_ready` only): a contract whose charge is ready has one;
 * only the others (never charged, a creation under way or given up, a replacement) are looked up, 16 at a time,
 * `Query pk=CUSTOMER#<user> AND begins_with(sk, CONTRACT#<id>#CHARGE#)`, one key. Read
 * from the items, not a counter, so it is exact for contracts signed before it existed and after any deletion.
 */
export async function contractsAwaitingPayment(db: Db): Promise<ContractsAwaitingPayment> {
  const processes = await queryAllItems(db, {
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.statusList('PROCESS', 'pagamento_pendente') },
    ProjectionExpression: 'user_id, contrato_id',
  });
  const refs = processes.map((item) => ({ userId: item.user_id as string, contractId: item.contrato_id as string }));
  const contracts = await contractChargeMarks(db, refs);
  // Only a contract without a ready charge is looked up, a few at a time.
  const unsure = refs.filter((ref) => contracts.get(`${ref.userId}#${ref.contractId}`)?.charge_ready !== true);
  const uncharged: ContractsAwaitingPayment['uncharged'] = [];
  for (let start = 0; start < unsure.length; start += CHARGE_LOOKUPS_AT_ONCE) {
    const batch = unsure.slice(start, start + CHARGE_LOOKUPS_AT_ONCE);
    const charged = await Promise.all(batch.map((ref) => hasCharge(db, ref)));
    uncharged.push(...batch.filter((_, i) => !charged[i]));
  }
  return { total: refs.length, uncharged };
}

/** The contracts' charge mark (pattern 41's `charge_ready`), 100 keys a request, unprocessed keys asked again. */
async function contractChargeMarks(
  db: Db,
  refs: { userId: string; contractId: string }[],
): Promise<Map<string, Record<string, unknown>>> {
  const marks = new Map<string, Record<string, unknown>>();
  let pending = refs.map((ref) => ({ pk: keys.customer(ref.userId), sk: keys.contractSk(ref.contractId) }));
  for (let attempt = 0; pending.length > 0 && attempt < 8; attempt += 1) {
    const chunk = pending.slice(0, 100);
    const { Responses, UnprocessedKeys } = await db.client.send(
      new BatchGetCommand({
        RequestItems: {
          [db.tableName]: {
            Keys: chunk,
            ProjectionExpression: 'pk, sk, charge_ready',
          },
        },
      }),
    );
    for (const item of Responses?.[db.tableName] ?? []) {
      marks.set(
        `${(item.pk as string).slice(keys.customer('').length)}#${(item.sk as string).slice(keys.contractSk('').length)}`,
        item,
      );
    }
    pending = [...((UnprocessedKeys?.[db.tableName]?.Keys ?? []) as typeof pending), ...pending.slice(100)];
  }
  return marks;
}

/** Whether a contract has any charge: one key of its charges' range. */
async function hasCharge(db: Db, ref: { userId: string; contractId: string }): Promise<boolean> {
  const { Count = 0 } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :charges)',
      ExpressionAttributeValues: { ':pk': keys.customer(ref.userId), ':charges': keys.chargeSk(ref.contractId, '') },
      ProjectionExpression: 'pk',
      Limit: 1,
    }),
  );
  return Count > 0;
}

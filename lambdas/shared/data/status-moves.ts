import { counterUpdate } from './counters.js';
import { statusIndexKeys, typeIndexKeys } from './keys.js';
import type { TransactItem } from './table.js';

/**
 * One status move of a listed entity (a process, a charge, a referral): what every such move writes, in one place.
 * The item's status goes `from` → `to` only if it is still `from` (an optimistic lock on what the caller read), its
 * status index (gsi2) follows, and its counter item moves one unit from the old status to the new one in the same
 * transaction — so the admin lists and counters can never disagree with the items.
 */
export type StatusMove = {
  key: { pk: string; sk: string };
  entity: 'PROCESS' | 'CHARGE' | 'REFERRAL';
  /** The entity's id, the status index's tie-breaker. */
  id: string;
  from: string;
  to: string;
  /** ISO instant of the move: `updated_at` and the index's sort key; `:at` in `set` clauses. */
  at: string;
  /** More `SET` clauses written with the move; their values go in `values`. */
  set?: readonly string[];
  remove?: readonly string[];
  values?: Record<string, unknown>;
  /** More conditions, joined to the status one with AND. */
  condition?: string;
  /** Charges: also moved to the head of their type list (gsi1), newest change first. */
  retouchTypeList?: boolean;
  /** The counter item (`COUNTERS`) the status is counted in. */
  counter: string;
  /** More deltas moved with the status (e.g. a charge's `paid`). */
  counterDeltas?: Record<string, number>;
};

/** The transaction items of a status move: the conditioned update, and its counter change when the status changes. */
export function statusMoveItems(tableName: string, move: StatusMove): TransactItem[] {
  const index = statusIndexKeys(move.entity, move.to, move.at, move.id);
  const sets = ['#status = :to', 'updated_at = :at', 'gsi2pk = :gsi2pk', 'gsi2sk = :gsi2sk', ...(move.set ?? [])];
  const values: Record<string, unknown> = {
    ':to': move.to,
    ':from': move.from,
    ':at': move.at,
    ':gsi2pk': index.gsi2pk,
    ':gsi2sk': index.gsi2sk,
    ...move.values,
  };
  if (move.retouchTypeList) {
    sets.push('gsi1sk = :gsi1sk');
    values[':gsi1sk'] = typeIndexKeys(move.entity, move.at, move.id).gsi1sk;
  }
  const remove = move.remove?.length ? ` REMOVE ${move.remove.join(', ')}` : '';
  const update: TransactItem = {
    Update: {
      TableName: tableName,
      Key: move.key,
      UpdateExpression: `SET ${sets.join(', ')}${remove}`,
      ConditionExpression: ['#status = :from', move.condition].filter(Boolean).join(' AND '),
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
  if (move.from === move.to) return [update];
  return [update, counterUpdate(tableName, move.counter, { [move.from]: -1, [move.to]: 1, ...move.counterDeltas })];
}

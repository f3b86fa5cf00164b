import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  canChargeMove,
  isChargePaid,
  PAID_CHARGE_STATUSES,
  paymentClass,
  type ChargeStatus,
  type ChargeStatusSource,
} from '../../../domain/charge-status.js';
import type { Charge } from '../../../domain/schemas/entities.js';
import { NotFoundError } from '../errors.js';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import { getCharge, withoutTaskToken, type ChargeRef } from './charges.js';
import { fromCents, receivedDelta } from '../../../domain/finance.js';
import { financeItemsForMove } from './finance.js';
import { COUNTERS, keys } from './keys.js';
import { statusMoveItems } from './status-moves.js';
import { failedConditions, isConditionFailure, type Db, type TransactItem } from './table.js';

/*
 * A charge's status moves (patterns 11 and 42): the provider's status recorded at most once into paid, forward only,
 * with the counters and the day's money in the same transaction. Its creation: charge-creation.ts.
 */

/**
 * A number attribute a move adds to rather than sets: Asaas's fee, which a card plan's later instalments add to apart
 * (card-charges.ts) in any order relative to the move that makes the charge paid.
 */
export class AddTo {
  constructor(readonly amount: number) {}
}

/**
 * Pattern 11: records the provider's status on a charge (both already normalised at the edge). Moving into a paid
 * status happens at most once: the condition refuses a second paid transition, so a charge is never paid (or counted)
 * twice; leaving a paid status (a refund) gives the paid counter back. Returns whether this call made the charge paid.
 */
export async function recordChargeStatus(
  db: Db,
  ref: ChargeRef,
  previous: string,
  next: string,
  now: string,
  /** More items written with the move, in its transaction (e.g. an admin's audit record). */
  extraItems: TransactItem[] = [],
  /** More attributes of the charge written with the move (a manual payment's record). */
  fields: Record<string, unknown> = {},
): Promise<{ applied: boolean; becamePaid: boolean; refusedByExtra?: true }> {
  const from = previous;
  const to = next;
  if (from === to) return { applied: false, becamePaid: false };
  const becamePaid = isChargePaid(to) && !isChargePaid(from);
  const leftPaid = isChargePaid(from) && !isChargePaid(to);
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          // Optimistic lock on the status we read: a concurrent change makes this a no-op conflict.
          ...statusMoveItems(db.tableName, {
            key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
            entity: 'CHARGE',
            id: ref.chargeId,
            from,
            to,
            at: now,
            set: [
              ...(becamePaid ? ['paid_at = if_not_exists(paid_at, :at)'] : []),
              ...Object.entries(fields).map(([field, value]) =>
                value instanceof AddTo
                  ? `${field} = if_not_exists(${field}, :field_zero) + :field_${field}`
                  : `${field} = :field_${field}`,
              ),
            ],
            values: {
              ...Object.fromEntries(
                Object.entries(fields).map(([field, value]) => [
                  `:field_${field}`,
                  value instanceof AddTo ? value.amount : value,
                ]),
              ),
              ...(Object.values(fields).some((value) => value instanceof AddTo) ? { ':field_zero': 0 } : {}),
            },
            condition: 'attribute_exists(pk)',
            retouchTypeList: true,
            counter: COUNTERS.charges,
            counterDeltas: { ...(becamePaid ? { paid: 1 } : {}), ...(leftPaid ? { paid: -1 } : {}) },
          }),
          ...extraItems,
        ],
      }),
    );
    return { applied: true, becamePaid };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // The charge's own update is the first item: when it held, a condition of the caller's items refused the move.
    const failed = failedConditions(error);
    if (failed.length > 0 && !failed[0] && failed.some(Boolean)) {
      return { applied: false, becamePaid: false, refusedByExtra: true };
    }
    return { applied: false, becamePaid: false };
  }
}

/** A transaction item that holds only while the charge is paid: a step of its confirmation a refund must not follow. */
export function chargeStillPaid(db: Db, ref: ChargeRef): TransactItem {
  const values = Object.fromEntries(PAID_CHARGE_STATUSES.map((status, i) => [`:paid${i}`, status]));
  return {
    ConditionCheck: {
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
      ConditionExpression: `#status IN (${Object.keys(values).join(', ')})`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: values,
    },
  };
}

/** How many times a status move re-reads the charge after losing a race before giving up (and failing loudly). */
const MOVE_ATTEMPTS = 5;

export type ChargeMove = {
  /** The charge's status after the call (the new one, or the one that stayed). */
  status: ChargeStatus;
  /** This call moved it (false: the same status, or a move the charge's life does not allow, e.g. a late event). */
  moved: boolean;
  becamePaid: boolean;
  /** When the charge was first paid (kept after a refund), null if never: a reversal is due when it is no longer paid. */
  paidAt: string | null;
  /** Not moved because a condition of the caller's `extraItems` failed (the charge itself allowed the move). */
  refused?: true;
  /** The status it had before this call (the same as `status` when it did not move). */
  from: string;
};

/**
 * Moves a charge to a provider status if its life allows it from where it is now (`canChargeMove`): a late or repeated
 * event never moves it back. A concurrent change is not dropped: the charge is read again and the move decided anew.
 */
export async function moveChargeStatus(
  db: Db,
  ref: ChargeRef,
  to: string,
  now: string,
  source: ChargeStatusSource = {},
  /** Items written in the move's transaction, built from the charge as read (the state the move is conditioned on). */
  extraItems?: (current: Charge) => TransactItem[],
  /** More attributes of the charge written with the move. */
  fields?: Record<string, unknown>,
): Promise<ChargeMove> {
  for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
    const current = await getCharge(db, ref);
    if (!current) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
    // A charge stored before `paid_at` existed: paid now, or money going back, means it was paid.
    const paidAt = current.paid_at ?? (paymentClass(current.status) !== 'unpaid' ? current.updated_at : null);
    if (!canChargeMove(current.status, to, source)) {
      return { status: current.status, moved: false, becamePaid: false, paidAt, from: current.status };
    }
    // The day's money moves in the same transaction (pattern 56), so it is counted exactly once, and so is Asaas's fee,
    // kept on the charge by the move that made it paid (what an undone arrival takes back).
    const arrival = receivedDelta(current.status, to);
    const feeCents = arrival > 0 && 'freshRead' in source ? (source.feeCents ?? 0) : 0;
    const money = await financeItemsForMove(db, ref, current, to, now, feeCents);
    const feeField =
      arrival > 0 ? { taxa_asaas: new AddTo(fromCents(feeCents)) } : arrival < 0 ? { taxa_asaas: 0 } : {};
    const { applied, becamePaid, refusedByExtra } = await recordChargeStatus(
      db,
      ref,
      current.status,
      to,
      now,
      [...money, ...(extraItems?.(withoutTaskToken(current)) ?? [])],
      { ...feeField, ...fields },
    );
    if (refusedByExtra) {
      return { status: current.status, moved: false, becamePaid: false, paidAt, refused: true, from: current.status };
    }
    if (applied) {
      return {
        status: to,
        moved: true,
        becamePaid,
        paidAt: becamePaid ? (paidAt ?? now) : paidAt,
        from: current.status,
      };
    }
  }
  throw new Error(`Charge ${ref.chargeId}: status kept changing under ${MOVE_ATTEMPTS} attempts to move it to ${to}`);
}

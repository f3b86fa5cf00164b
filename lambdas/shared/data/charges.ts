import { statusMoveItems } from './status-moves.js';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import {
  canChargeMove,
  isChargePaid,
  PAID_CHARGE_STATUSES,
  paymentClass,
  type ChargeStatusSource,
} from '../../../domain/charge-status.js';
import { chargeSchema, type Charge } from '../../../domain/schemas/entities.js';
import { NotFoundError } from '../errors.js';
import { counterUpdate } from './counters.js';
import { financeItemsForMove, financeItemsForNewCharge } from './finance.js';
import { COUNTERS, keys, pointerKey, statusIndexKeys, typeIndexKeys } from './keys.js';
import {
  appliedUnlessConditionFails,
  isConditionFailure,
  putNew,
  readPointer,
  stripKeys,
  type Db,
  type TransactItem,
} from './table.js';

export type ChargeRef = { userId: string; contractId: string; chargeId: string };

/**
 * The charge item: the customer's collection, listed on gsi1 (all) and gsi2 (by status) for the admin. Both sort by
 * the last status change (`updated_at`), so /admin/financeiro reads a period as a key range (pattern 58).
 */
export function chargeItem(userId: string, charge: Charge) {
  return {
    pk: keys.customer(userId),
    sk: keys.chargeSk(charge.contrato_id, charge.id),
    type: 'CHARGE',
    user_id: userId,
    ...typeIndexKeys('CHARGE', charge.updated_at, charge.id),
    ...statusIndexKeys('CHARGE', charge.status, charge.updated_at, charge.id),
    ...(isChargePaid(charge.status) ? { paid_at: charge.updated_at } : {}),
    ...charge,
  };
}

/** The provider-charge pointer: the webhook and the verification find a charge by Asaas's id. */
export function chargePointerItem(asaasId: string, ref: ChargeRef) {
  return {
    ...pointerKey(keys.providerChargePointer(asaasId)),
    type: 'CHARGE_POINTER',
    user_id: ref.userId,
    contract_id: ref.contractId,
    charge_id: ref.chargeId,
  };
}

/**
 * The transaction items of a new charge: the item, its provider-id pointer, the charge counters and the day's finance
 * figures. `status` is already one of ours: the Asaas client normalised it at the edge.
 */
export function newChargeWrites(db: Db, userId: string, charge: Charge & { asaas_id: string }): TransactItem[] {
  const ref: ChargeRef = { userId, contractId: charge.contrato_id, chargeId: charge.id };
  return [
    putNew(db, chargeItem(userId, charge)),
    { Put: { TableName: db.tableName, Item: chargePointerItem(charge.asaas_id, ref) } },
    counterUpdate(db.tableName, COUNTERS.charges, {
      total: 1,
      [charge.status]: 1,
      ...(isChargePaid(charge.status) ? { paid: 1 } : {}),
    }),
    ...financeItemsForNewCharge(db.tableName, charge),
  ];
}

/** Pattern 8: the newest charge of a contract, read consistently (a 'Gerar novo PIX' a moment ago is seen). */
export async function latestChargeOfContract(db: Db, userId: string, contractId: string): Promise<Charge | null> {
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      ConsistentRead: true,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.customer(userId), ':prefix': keys.chargePrefix(contractId) },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  const item = Items?.[0];
  return item ? chargeSchema.parse(stripKeys(item)) : null;
}

/** Pattern 9: a charge by the payment provider's id. */
export async function findChargeByProviderId(
  db: Db,
  asaasId: string,
): Promise<(Charge & { ref: ChargeRef; taskToken: string | null }) | null> {
  const pointer = await readPointer(db, keys.providerChargePointer(asaasId));
  if (!pointer) return null;
  const ref: ChargeRef = {
    userId: pointer.user_id as string,
    contractId: pointer.contract_id as string,
    chargeId: pointer.charge_id as string,
  };
  const charge = await getCharge(db, ref);
  return charge ? { ...charge, ref } : null;
}

/** Pattern 29: remembers the workflow's task token while the charge's payment is awaited. */
export async function saveChargeTaskToken(db: Db, ref: ChargeRef, taskToken: string): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
        UpdateExpression: 'SET task_token = :token',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':token': taskToken },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
    throw error;
  }
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
): Promise<{ applied: boolean; becamePaid: boolean }> {
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
            set: becamePaid ? ['paid_at = if_not_exists(paid_at, :at)'] : [],
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
    if (isConditionFailure(error)) return { applied: false, becamePaid: false };
    throw error;
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
  status: string;
  /** This call moved it (false: the same status, or a move the charge's life does not allow, e.g. a late event). */
  moved: boolean;
  becamePaid: boolean;
  /** When the charge was first paid (kept after a refund), null if never: a reversal is due when it is no longer paid. */
  paidAt: string | null;
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
): Promise<ChargeMove> {
  for (let attempt = 1; attempt <= MOVE_ATTEMPTS; attempt += 1) {
    const current = await getCharge(db, ref);
    if (!current) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
    // A charge stored before `paid_at` existed: paid now, or money going back, means it was paid.
    const paidAt = current.paid_at ?? (paymentClass(current.status) !== 'unpaid' ? current.updated_at : null);
    if (!canChargeMove(current.status, to, source)) {
      return { status: current.status, moved: false, becamePaid: false, paidAt };
    }
    // The day's money moves in the same transaction (pattern 56), so it is counted exactly once.
    const money = await financeItemsForMove(db, ref, current, to, now);
    const { applied, becamePaid } = await recordChargeStatus(db, ref, current.status, to, now, [
      ...money,
      ...(extraItems?.(withoutTaskToken(current)) ?? []),
    ]);
    if (applied) return { status: to, moved: true, becamePaid, paidAt: becamePaid ? (paidAt ?? now) : paidAt };
  }
  throw new Error(`Charge ${ref.chargeId}: status kept changing under ${MOVE_ATTEMPTS} attempts to move it to ${to}`);
}

/** A charge by its key, strongly consistent (it decides a move), with the workflow's task token if one waits. */
export async function getCharge(db: Db, ref: ChargeRef): Promise<(Charge & { taskToken: string | null }) | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return {
    ...chargeSchema.parse(stripKeys(Item)),
    taskToken: typeof Item.task_token === 'string' ? Item.task_token : null,
  };
}

/** The charge as the API answers it: the workflow's task token never leaves the server. */
export function withoutTaskToken(charge: Charge & { taskToken: string | null }): Charge {
  const { taskToken: _token, ...rest } = charge;
  return rest;
}

/** A claim older than this is taken to be a crashed attempt: the next 'Gerar PIX' may take over. */
export const CHARGE_CLAIM_SECONDS = 30;

export type ChargeClaim =
  { claimed: true; chargeId: string } | { claimed: false; chargeId: string | null; ready: boolean };

/**
 * Pattern 41, first step: claims the creation of a signed contract's one charge on the contract item itself. The
 * charge id is fixed on the first claim (`if_not_exists`), so every attempt, however many, works on the same id — the
 * externalReference Asaas gets — and only the holder of a live claim talks to Asaas.
 */
export async function claimChargeCreation(db: Db, userId: string, contractId: string, now: Date): Promise<ChargeClaim> {
  const newId = ulid();
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
        UpdateExpression: 'SET charge_id = if_not_exists(charge_id, :id), charge_claimed_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_type(assinado_em, :string) AND attribute_not_exists(charge_ready) AND ' +
          // A cancelled contract is never charged (its cancellation waits for a live claim to finish: cancellations.ts).
          'attribute_not_exists(cancelado_em) AND ' +
          '(attribute_not_exists(charge_claimed_at) OR charge_claimed_at < :stale)',
        ExpressionAttributeValues: {
          ':id': newId,
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - CHARGE_CLAIM_SECONDS * 1000).toISOString(),
          ':string': 'S',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { claimed: true, chargeId: String(Attributes?.charge_id) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    const { Item } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
        ConsistentRead: true,
      }),
    );
    return {
      claimed: false,
      chargeId: typeof Item?.charge_id === 'string' ? Item.charge_id : null,
      ready: Item?.charge_ready === true,
    };
  }
}

/**
 * Pattern 41 for a charge that can no longer be paid (its PIX expired: OVERDUE): the contract gets a new charge id and
 * a claim on it, conditioned on the old id still being the contract's ready charge, so two clicks replace it once.
 * The old charge stays in the history as it is.
 */
export async function claimReplacementCharge(
  db: Db,
  userId: string,
  contractId: string,
  expiredChargeId: string,
  now: Date,
): Promise<ChargeClaim> {
  const newId = ulid();
  const replaced = await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
        UpdateExpression: 'SET charge_id = :id, charge_claimed_at = :now REMOVE charge_ready',
        ConditionExpression: 'charge_id = :expired AND charge_ready = :true',
        ExpressionAttributeValues: {
          ':id': newId,
          ':now': now.toISOString(),
          ':expired': expiredChargeId,
          ':true': true,
        },
      }),
    ),
  );
  return replaced ? { claimed: true, chargeId: newId } : { claimed: false, chargeId: null, ready: false };
}

/**
 * Gives a claim back after a failure, so the customer's next click retries at once (the charge id stays). Only the
 * claim taken at `claimedAt`: a late holder never removes a newer holder's claim.
 */
export async function releaseChargeClaim(db: Db, userId: string, contractId: string, claimedAt: Date): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.contractSk(contractId) },
        UpdateExpression: 'REMOVE charge_claimed_at',
        ConditionExpression: 'charge_claimed_at = :mine',
        ExpressionAttributeValues: { ':mine': claimedAt.toISOString() },
      }),
    ),
  );
}

/**
 * Pattern 41, last step: once Asaas answered, the charge appears whole — item, provider pointer, counters and the
 * contract marked ready — in one transaction, or not at all.
 */
export async function completeChargeCreation(
  db: Db,
  params: { userId: string; charge: Charge & { asaas_id: string } },
): Promise<Charge> {
  const { userId, charge } = params;
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        ...newChargeWrites(db, userId, charge),
        {
          Update: {
            TableName: db.tableName,
            Key: { pk: keys.customer(userId), sk: keys.contractSk(charge.contrato_id) },
            UpdateExpression: 'SET charge_ready = :true REMOVE charge_claimed_at',
            ConditionExpression: 'charge_id = :id',
            ExpressionAttributeValues: { ':true': true, ':id': charge.id },
          },
        },
      ],
    }),
  );
  return charge;
}

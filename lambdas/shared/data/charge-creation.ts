import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { isChargePaid } from '../../../domain/charge-status.js';
import type { Charge } from '../../../domain/schemas/entities.js';
import { chargeItem, chargePointerItem, type ChargeRef } from './charges.js';
import { counterUpdate } from './counters.js';
import { financeItemsForNewCharge } from './finance.js';
import { COUNTERS, keys } from './keys.js';
import { appliedUnlessConditionFails, isConditionFailure, putNew, type Db, type TransactItem } from './table.js';

/*
 * A charge's creation (pattern 41): the claim on the contract that makes one charge per contract however many clicks,
 * and the one transaction that makes the charge appear whole once Asaas answered. Its status moves: charge-moves.ts.
 */

/**
 * The transaction items of a new charge: the item, its provider-id pointer, the charge counters and the day's finance
 * figures. `status` is already one of ours: the Asaas client normalised it at the edge.
 */
export function newChargeWrites(db: Db, userId: string, charge: Charge & { asaas_id: string }): TransactItem[] {
  const ref: ChargeRef = { userId, contractId: charge.contrato_id, chargeId: charge.id };
  return [
    putNew(db, chargeItem(userId, charge)),
    { Put: { TableName: db.tableName, Item: chargePointerItem(charge.asaas_id, ref) } },
    // A card plan's later instalments are Asaas payments of their own: their events find the charge by the plan's id.
    ...(charge.asaas_parcelamento_id
      ? [{ Put: { TableName: db.tableName, Item: chargePointerItem(charge.asaas_parcelamento_id, ref) } }]
      : []),
    counterUpdate(db.tableName, COUNTERS.charges, {
      total: 1,
      [charge.status]: 1,
      ...(isChargePaid(charge.status) ? { paid: 1 } : {}),
    }),
    ...financeItemsForNewCharge(db.tableName, charge),
  ];
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

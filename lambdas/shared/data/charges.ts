import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isChargePaid } from '../../../domain/charge-status.js';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import { chargeSchema, type Charge } from '../../../domain/schemas/entities.js';
import { NotFoundError } from '../errors.js';
import { ITEM_TYPE } from './items.js';
import { keys, pointerKey, statusIndexKeys, typeIndexKeys } from './keys.js';
import { isConditionFailure, readPointer, storedContractId, stripKeys, type Db } from './table.js';

/*
 * The charge item, its provider pointer and its reads. Its creation is in charge-creation.ts, its status moves in
 * charge-moves.ts.
 */

export type ChargeRef = { userId: string; contractId: string; chargeId: string };

/**
 * The charge item: the customer's collection, listed on gsi1 (all) and gsi2 (by status) for the admin. Both sort by
 * the last status change (`updated_at`), so /admin/financeiro reads a period as a key range (pattern 58).
 */
export function chargeItem(userId: string, charge: Charge) {
  return {
    pk: keys.customer(userId),
    sk: keys.chargeSk(charge.contrato_id, charge.id),
    type: ITEM_TYPE.charge,
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
    contrato_id: ref.contractId,
    charge_id: ref.chargeId,
  };
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
    contractId: storedContractId(pointer) as string,
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

import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { PROCESS_MESSAGES } from '../../../domain/messages.js';
import { isChargePaid } from '../../../domain/charge-status.js';
import { chargeSchema, type Charge } from '../../../domain/schemas/entities.js';
import { NotFoundError } from '../errors.js';
import { counterUpdate } from './counters.js';
import { COUNTERS, keys, pointerKey } from './keys.js';
import { isConditionFailure, stripKeys, type Db } from './table.js';

export type ChargeRef = { userId: string; contractId: string; chargeId: string };

type CreateChargeParams = {
  userId: string;
  contractId: string;
  asaasId: string;
  status: string;
  qrCode: string | null;
  pixPayload: string | null;
  link: string | null;
  fbEventId: string | null;
  now: string;
  newId?: () => string;
};

/** Creates a charge with its provider-id pointer and counts it, all or nothing. */
export async function createCharge(db: Db, params: CreateChargeParams): Promise<Charge> {
  const charge: Charge = {
    id: (params.newId ?? ulid)(),
    contrato_id: params.contractId,
    status: params.status.toUpperCase(),
    qr_code: params.qrCode,
    pix_payload: params.pixPayload,
    link: params.link,
    asaas_id: params.asaasId,
    fb_event_id: params.fbEventId,
    created_at: params.now,
    updated_at: params.now,
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.tableName,
            Item: {
              pk: keys.customer(params.userId),
              sk: keys.chargeSk(params.contractId, charge.id),
              type: 'CHARGE',
              user_id: params.userId,
              gsi1pk: keys.typeList('CHARGE'),
              gsi1sk: keys.listSort(charge.created_at, charge.id),
              gsi2pk: keys.statusList('CHARGE', charge.status),
              gsi2sk: keys.listSort(charge.updated_at, charge.id),
              ...charge,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.tableName,
            Item: {
              ...pointerKey(keys.providerChargePointer(params.asaasId)),
              type: 'CHARGE_POINTER',
              user_id: params.userId,
              contract_id: params.contractId,
              charge_id: charge.id,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        counterUpdate(db.tableName, COUNTERS.charges, { total: 1, [charge.status]: 1 }),
      ],
    }),
  );
  return charge;
}

/** Pattern 8: the newest charge of a contract. */
export async function latestChargeOfContract(db: Db, userId: string, contractId: string): Promise<Charge | null> {
  const { Items } = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
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
  const pointer = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.providerChargePointer(asaasId)) }),
  );
  if (!pointer.Item) return null;
  const ref: ChargeRef = {
    userId: pointer.Item.user_id,
    contractId: pointer.Item.contract_id,
    chargeId: pointer.Item.charge_id,
  };
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
    ref,
    taskToken: typeof Item.task_token === 'string' ? Item.task_token : null,
  };
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
 * Records the provider's status on a charge. Moving into a paid status happens at most once:
 * the condition refuses a second paid transition, so a charge is never paid (or counted) twice.
 * Returns whether this call made the charge paid.
 */
export async function recordChargeStatus(
  db: Db,
  ref: ChargeRef,
  previous: string,
  next: string,
  now: string,
): Promise<{ becamePaid: boolean }> {
  const from = previous.toUpperCase();
  const to = next.toUpperCase();
  if (from === to) return { becamePaid: false };
  const becamePaid = isChargePaid(to) && !isChargePaid(from);
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: { pk: keys.customer(ref.userId), sk: keys.chargeSk(ref.contractId, ref.chargeId) },
              UpdateExpression: 'SET #status = :to, updated_at = :now, gsi2pk = :gsi2pk, gsi2sk = :gsi2sk',
              // Optimistic lock on the status we read: a concurrent change makes this a no-op conflict.
              ConditionExpression: 'attribute_exists(pk) AND #status = :from',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':to': to,
                ':from': from,
                ':now': now,
                ':gsi2pk': keys.statusList('CHARGE', to),
                ':gsi2sk': keys.listSort(now, ref.chargeId),
              },
            },
          },
          counterUpdate(db.tableName, COUNTERS.charges, { [from]: -1, [to]: 1, ...(becamePaid ? { paid: 1 } : {}) }),
        ],
      }),
    );
    return { becamePaid };
  } catch (error) {
    if (isConditionFailure(error)) return { becamePaid: false };
    throw error;
  }
}

import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/**
 * Pattern 59: a profile's one Asaas customer (docs/data-model.md). Its id is kept on the profile item
 * (`asaas_customer_id`), written once under a condition; finding or creating it at Asaas is leased on the same item
 * (`asaas_customer_claim_until`, epoch ms), so parallel charge creations of one client make one Asaas customer.
 */

/**
 * The lease lasts longer than the longest function that takes it ('Gerar PIX', 25 s): a holder is never overtaken
 * while alive, and one that died is replaced once the lease lapsed.
 */
export const ASAAS_CUSTOMER_CLAIM_SECONDS = 30;

export type AsaasCustomerClaim =
  /** The profile holds its customer's id already. */
  | { kind: 'known'; customerId: string }
  /** Ours to find or create at Asaas until `until` (epoch ms), then to store with `saveAsaasCustomer`. */
  | { kind: 'claimed'; until: number }
  /** Another request is finding or creating it: read again shortly. */
  | { kind: 'busy' }
  /** No profile, or one being deleted (pattern 28): no Asaas customer may be made for it. */
  | { kind: 'gone' };

const profileKey = (userId: string) => ({ pk: keys.customer(userId), sk: keys.profileSk });

async function readProfileCustomer(db: Db, userId: string): Promise<AsaasCustomerClaim> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: profileKey(userId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, deleting_at, asaas_customer_id',
    }),
  );
  if (!Item || Item.deleting_at) return { kind: 'gone' };
  if (typeof Item.asaas_customer_id === 'string') return { kind: 'known', customerId: Item.asaas_customer_id };
  return { kind: 'busy' };
}

/**
 * Pattern 59 (a): the profile's Asaas customer id (a strongly consistent read), or else the lease to find or create
 * it: `SET asaas_customer_claim_until` only while no id is stored, the profile is not being deleted, and no other
 * lease is live.
 */
export async function claimAsaasCustomer(db: Db, userId: string, now: Date): Promise<AsaasCustomerClaim> {
  const read = await readProfileCustomer(db, userId);
  if (read.kind !== 'busy') return read;
  const until = now.getTime() + ASAAS_CUSTOMER_CLAIM_SECONDS * 1000;
  const claimed = await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: profileKey(userId),
        UpdateExpression: 'SET asaas_customer_claim_until = :until',
        ConditionExpression:
          'attribute_exists(pk) AND attribute_not_exists(deleting_at) AND attribute_not_exists(asaas_customer_id) ' +
          'AND (attribute_not_exists(asaas_customer_claim_until) OR asaas_customer_claim_until < :now)',
        ExpressionAttributeValues: { ':until': until, ':now': now.getTime() },
      }),
    ),
  );
  return claimed ? { kind: 'claimed', until } : readProfileCustomer(db, userId);
}

/**
 * Pattern 59 (b): stores the customer id once and ends the lease; answers the id the profile holds — this one, or one
 * stored first by a request whose lease this one outlived (the caller then uses that one).
 */
export async function saveAsaasCustomer(db: Db, userId: string, customerId: string): Promise<string> {
  const saved = await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: profileKey(userId),
        UpdateExpression: 'SET asaas_customer_id = :id REMOVE asaas_customer_claim_until',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(asaas_customer_id) OR asaas_customer_id = :id)',
        ExpressionAttributeValues: { ':id': customerId },
      }),
    ),
  );
  if (saved) return customerId;
  const read = await readProfileCustomer(db, userId);
  if (read.kind === 'known') return read.customerId;
  throw new Error('The profile went away before its Asaas customer was stored');
}

/** Pattern 59 (c): gives the lease back at once (Asaas failed), only while it is still this holder's. */
export async function releaseAsaasCustomerClaim(db: Db, userId: string, until: number): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: profileKey(userId),
        UpdateExpression: 'REMOVE asaas_customer_claim_until',
        ConditionExpression: 'asaas_customer_claim_until = :until',
        ExpressionAttributeValues: { ':until': until },
      }),
    ),
  );
}

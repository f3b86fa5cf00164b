import { BatchWriteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isChargePaid } from '../../../domain/charge-status.js';
import { profileSchema, type Profile } from '../../../domain/schemas/entities.js';
import { adminAlertIdOfRef } from './admin-alerts.js';
import { protocolSearchTokenItems } from './contracts.js';
import { cnjSearchTokenItem } from './processes.js';
import { auditPut, type NewAuditEntry } from './audit.js';
import { counterUpdate } from './counters.js';
import { clientSearchTokenItems } from './customers.js';
import { COUNTERS, keys, parseKey, pointerKey } from './keys.js';
import { findUserByProfileId } from './lookups.js';
import { referralSearchTokenItem } from './referrals.js';
import {
  batchGetAll,
  isConditionFailure,
  queryAllItems,
  readPointer,
  stripKeys,
  type Db,
  type TransactItem,
} from './table.js';

/**
 * Pattern 28: deleting a client with all their data (docs/data-model.md, Deleting a client). Every step tolerates
 * "already gone", so a deletion that stopped half-way is finished by running it again; the profile, its guards and the
 * profile-id pointer go last, so the client stays findable by profile id until everything else is gone.
 */

export type ItemKey = { pk: string; sk: string };
type Item = Record<string, unknown> & ItemKey;

/** What the deletion found: the owner of the profile id and the profile item as stored (with its list attributes). */
export type ClientToDelete = { userId: string; profile: Profile; item: Item };

/** The counts a deletion answers (spec 02 §7), accumulated on the profile item while it lives, so a rerun adds up. */
export const DELETION_COUNTS = [
  'deleted_contracts',
  'deleted_processes',
  'deleted_referrals',
  'deleted_charges',
  'deleted_documents',
  'removed_payments',
  'deleted_asaas_customers',
  'stopped_executions',
] as const;
export type DeletionCounts = Record<(typeof DELETION_COUNTS)[number], number>;

export const noDeletionCounts = (): DeletionCounts =>
  Object.fromEntries(DELETION_COUNTS.map((name) => [name, 0])) as DeletionCounts;

/** Pattern 28 (a): the client behind a profile id (pointer, then profile), strongly consistent. */
export async function findClientToDelete(db: Db, profileId: string): Promise<ClientToDelete | null> {
  const pointer = await readPointer(db, keys.profileIdPointer(profileId));
  const userId = typeof pointer?.user_id === 'string' ? pointer.user_id : null;
  if (!userId) return null;
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: { pk: keys.customer(userId), sk: keys.profileSk },
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return { userId, profile: profileSchema.parse(stripKeys(Item)), item: Item as Item };
}

/**
 * How long a deleted user's marker is kept: longer than any credential of theirs can live (id tokens last an hour;
 * refresh tokens 30 days, and Cognito refuses them once the user is deleted anyway). Cognito never reuses a `sub`.
 */
export const DELETED_USER_MARKER_DAYS = 30;

/**
 * Pattern 62 (a): marks the user as deleted before any of their data goes, so pattern 3 refuses a profile for them
 * from now on (a still-open tab holds a valid id token for up to an hour). The first deletion time is kept.
 */
export async function markUserDeleted(db: Db, userId: string, now: Date): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: pointerKey(keys.deletedUser(userId)),
      UpdateExpression: 'SET #type = :type, deleted_at = if_not_exists(deleted_at, :now), expiresAt = :ttl',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: {
        ':type': 'DELETED_USER',
        ':now': now.toISOString(),
        ':ttl': Math.floor(now.getTime() / 1000) + DELETED_USER_MARKER_DAYS * 24 * 60 * 60,
      },
    }),
  );
}

/**
 * Pattern 28 (b): marks the profile as being deleted (the first time is kept) and takes it off the admin list (gsi1)
 * at once. A profile already gone is not an error.
 */
export async function markClientDeleting(db: Db, userId: string, now: string): Promise<void> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.profileSk },
        UpdateExpression: 'SET deleting_at = if_not_exists(deleting_at, :now) REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

/** Pattern 28 (c): every item of the client's partition but the profile, strongly consistent. */
export async function clientItemsBesidesProfile(db: Db, userId: string): Promise<Item[]> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.customer(userId) },
    ConsistentRead: true,
  });
  return items.filter((item) => item.sk !== keys.profileSk) as Item[];
}

/**
 * Pattern 28 (d): the referral in which the client was the invitee. It lives under the referrer, keyed by the address
 * the invite went to (which may differ from the profile's e-mail), so the referrer's few referrals are read and the
 * one naming this profile is taken.
 */
export async function findReferralOfInvitee(db: Db, profile: Profile): Promise<Item | null> {
  if (!profile.referred_by_profile_id) return null;
  const referrerUserId = await findUserByProfileId(db, profile.referred_by_profile_id);
  if (!referrerUserId) return null;
  const referrals = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(referrerUserId), ':prefix': keys.referralSk('') },
    ConsistentRead: true,
  });
  return (referrals.find((item) => item.referred_profile_id === profile.id) as Item | undefined) ?? null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * Pattern 28 (e): the keys outside the client's partition that name their items — pointers, markers, search tokens
 * and the admin alerts about them (pattern 49).
 * The profile's own guards (document, referral code, profile id) are left for the last step.
 */
export function outsideKeysOf(userId: string, profile: Profile, items: Item[]): ItemKey[] {
  const found: ItemKey[] = [
    pointerKey(keys.magicLink(userId)),
    pointerKey(keys.recoveryRequest(userId)),
    ...clientSearchTokenItems(profile).map(({ pk, sk }) => ({ pk, sk })),
  ];
  for (const item of items) {
    const id = text(item.id);
    switch (item.type) {
      case 'CONTRACT': {
        const protocolo = text(item.protocolo);
        if (protocolo) {
          found.push(pointerKey(keys.protocolPointer(protocolo)));
          found.push(...protocolSearchTokenItems(userId, protocolo).map(({ pk, sk }) => ({ pk, sk })));
        }
        break;
      }
      case 'CHARGE': {
        const asaasId = text(item.asaas_id);
        if (asaasId) found.push(pointerKey(keys.providerChargePointer(asaasId)));
        if (id) found.push(pointerKey(keys.purchaseConversion(id)), pointerKey(keys.chargeSettlement(id)));
        break;
      }
      case 'PROCESS': {
        if (id) found.push(pointerKey(keys.filingAlert(id)));
        const numeroCnj = text(item.numero_cnj);
        if (numeroCnj) {
          const token = cnjSearchTokenItem(userId, numeroCnj);
          found.push({ pk: token.pk, sk: token.sk });
        }
        break;
      }
      case 'HISTORY': {
        const history = parseKey.historySk(item.sk);
        if (history) found.push(pointerKey(keys.statusNotice(userId, history.id)));
        break;
      }
      case 'REFERRAL': {
        const inviteCode = text(item.invite_code);
        const email = text(item.referred_email);
        const owner = text(item.referrer_user_id) ?? item.pk.slice(keys.customer('').length);
        if (inviteCode) found.push(pointerKey(keys.invitePointer(inviteCode)));
        if (email) {
          const token = referralSearchTokenItem(owner, email);
          found.push({ pk: token.pk, sk: token.sk });
        }
        break;
      }
      case 'CONNECTION': {
        const connectionId = text(item.connection_id);
        if (connectionId) found.push(pointerKey(keys.connectionPointer(connectionId)));
        break;
      }
      case 'CERTIFICATE': {
        const code = text(item.codigo);
        if (code) found.push(pointerKey(keys.certificatePointer(code)));
        break;
      }
      case 'ADMIN_ALERT_REF': {
        const alertId = adminAlertIdOfRef(item);
        if (alertId) found.push(pointerKey(keys.adminAlert(alertId)), pointerKey(keys.adminAlertSent(alertId)));
        break;
      }
    }
  }
  return found;
}

/**
 * Pattern 28 (f): deletes items by key, 25 per BatchWriteItem, again for whatever DynamoDB left unprocessed. Deleting
 * a missing item succeeds, so this step can run any number of times.
 */
export async function deleteItemKeys(db: Db, itemKeys: ItemKey[]): Promise<void> {
  const unique = [...new Map(itemKeys.map((key) => [`${key.pk}\u0000${key.sk}`, key])).values()];
  for (let start = 0; start < unique.length; start += 25) {
    let requests = unique
      .slice(start, start + 25)
      .map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1000)));
      if (attempt > 8) throw new Error('BatchWriteItem left items unprocessed after 8 retries');
      const { UnprocessedItems } = await db.client.send(
        new BatchWriteCommand({ RequestItems: { [db.tableName]: requests } }),
      );
      requests = (UnprocessedItems?.[db.tableName] ?? []) as typeof requests;
    }
  }
}

/** What a counted item takes off the admin counters when it goes (the opposite of what its creation added). */
function counterDeltasOf(item: Item): { counter: string; deltas: Record<string, number> } | null {
  const status = text(item.status);
  if (!status) return null;
  switch (item.type) {
    case 'PROCESS':
      return { counter: COUNTERS.processes, deltas: { total: -1, [status]: -1 } };
    case 'CHARGE':
      return {
        counter: COUNTERS.charges,
        deltas: { total: -1, [status]: -1, ...(isChargePaid(status) ? { paid: -1 } : {}) },
      };
    case 'REFERRAL':
      return { counter: COUNTERS.referrals, deltas: { total: -1, [status]: -1 } };
    default:
      return null;
  }
}

export const isCountedItem = (item: Item): boolean => counterDeltasOf(item) !== null;

const COUNTED_PER_TRANSACTION = 90;

/**
 * Pattern 28 (g): deletes processes, charges and referrals together with their counters, each delete conditioned on
 * the status read — so an item moves the counters exactly once, whether the deletion runs twice, concurrently, or
 * races a status change (the item is read again and the transaction retried). Items already gone are skipped.
 */
export async function deleteCountedItems(db: Db, counted: Item[]): Promise<void> {
  for (let start = 0; start < counted.length; start += COUNTED_PER_TRANSACTION) {
    let chunk = counted.slice(start, start + COUNTED_PER_TRANSACTION);
    for (let attempt = 0; chunk.length > 0; attempt += 1) {
      if (attempt >= 5) throw new Error('Counted items kept changing while the client was being deleted');
      try {
        await db.client.send(new TransactWriteCommand({ TransactItems: countedDeletes(db, chunk) }));
        break;
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        chunk = await reread(db, chunk);
      }
    }
  }
}

function countedDeletes(db: Db, chunk: Item[]): TransactItem[] {
  const totals = new Map<string, Record<string, number>>();
  const deletes: TransactItem[] = [];
  for (const item of chunk) {
    const counted = counterDeltasOf(item)!;
    const sum = totals.get(counted.counter) ?? {};
    for (const [name, delta] of Object.entries(counted.deltas)) sum[name] = (sum[name] ?? 0) + delta;
    totals.set(counted.counter, sum);
    deletes.push({
      Delete: {
        TableName: db.tableName,
        Key: { pk: item.pk, sk: item.sk },
        ConditionExpression: '#status = :status',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': item.status },
      },
    });
  }
  return [...deletes, ...[...totals].map(([counter, deltas]) => counterUpdate(db.tableName, counter, deltas))];
}

/** The items of a chunk as they are now (strongly consistent); the ones gone meanwhile drop out. */
async function reread(db: Db, chunk: Item[]): Promise<Item[]> {
  const found = await batchGetAll(
    db,
    chunk.map(({ pk, sk }) => ({ pk, sk })),
    { consistent: true },
  );
  return (found as Item[]).filter(isCountedItem);
}

/**
 * Pattern 28 (h): adds what this run deleted to the counts kept on the profile item and answers the totals so far
 * (a deletion finished by a second run answers what both runs deleted).
 */
export async function recordDeletionProgress(db: Db, userId: string, counts: DeletionCounts): Promise<DeletionCounts> {
  try {
    const { Attributes } = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(userId), sk: keys.profileSk },
        UpdateExpression: `ADD ${DELETION_COUNTS.map((name) => `${name} :${name}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: Object.fromEntries(DELETION_COUNTS.map((name) => [`:${name}`, counts[name]])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Object.fromEntries(
      DELETION_COUNTS.map((name) => [name, typeof Attributes?.[name] === 'number' ? Attributes[name] : 0]),
    ) as DeletionCounts;
  } catch (error) {
    if (isConditionFailure(error)) return counts;
    throw error;
  }
}

/**
 * Pattern 28 (i), the last step: the profile, its document and referral-code guards and its profile-id pointer, the
 * client counter and the deletion's audit record, all or nothing — so the counter moves exactly once and the trail
 * records the deletion exactly when it happened. Answers false when the profile was already gone (another run
 * finished first). Guards are deleted only while they still name this user (a document freed by an earlier run may
 * belong to someone new).
 */
export async function deleteProfileAndGuards(
  db: Db,
  client: { userId: string; profile: Profile },
  audit: (item: Item) => NewAuditEntry,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { Item } = await db.client.send(
      new GetCommand({
        TableName: db.tableName,
        Key: { pk: keys.customer(client.userId), sk: keys.profileSk },
        ConsistentRead: true,
      }),
    );
    if (!Item) return false;
    const hasContract = Item.has_contract === true;
    const ownedBy = (key: string): TransactItem => ({
      Delete: {
        TableName: db.tableName,
        Key: pointerKey(key),
        ConditionExpression: 'attribute_not_exists(pk) OR user_id = :user',
        ExpressionAttributeValues: { ':user': client.userId },
      },
    });
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: db.tableName,
                Key: { pk: keys.customer(client.userId), sk: keys.profileSk },
                ConditionExpression: hasContract
                  ? 'attribute_exists(pk) AND has_contract = :true'
                  : 'attribute_exists(pk) AND (attribute_not_exists(has_contract) OR has_contract = :false)',
                ExpressionAttributeValues: hasContract ? { ':true': true } : { ':false': false },
              },
            },
            ownedBy(keys.documentGuard(client.profile.cpf)),
            ownedBy(keys.referralCodeGuard(client.profile.referral_code)),
            ownedBy(keys.profileIdPointer(client.profile.id)),
            counterUpdate(db.tableName, COUNTERS.clients, { total: -1, ...(hasContract ? { with_contract: -1 } : {}) }),
            auditPut(db, audit(Item as Item)),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // The profile changed (a first signature) or went meanwhile: read it again.
    }
  }
  throw new Error('The profile kept changing while the client was being deleted');
}

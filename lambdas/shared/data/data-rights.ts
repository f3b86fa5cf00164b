import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DATA_RIGHTS_MESSAGES, type ErasureStatus } from '../../../domain/data-rights.js';
import type { Profile } from '../../../domain/schemas/entities.js';
import { ConflictError } from '../errors.js';
import { adminAlertIdOfRef } from './admin-alerts.js';
import { deleteCountedItems, deleteItemKeys, findReferralOfInvitee, type ItemKey } from './client-deletion.js';
import { ITEM_TYPE, storedStatusChangeOf } from './items.js';
import { keys, pointerKey, typeIndexKeys } from './keys.js';
import { referralSearchTokenItem } from './referrals.js';
import { eraseWhatsAppChannel, whatsappPointersOf } from './whatsapp.js';
import {
  GSI1,
  batchGetAll,
  decodeCursor,
  encodeCursor,
  isConditionFailure,
  putNew,
  queryAllItems,
  type Db,
} from './table.js';
import { refusal } from '../../../domain/refusals.js';

/**
 * LGPD self-service (docs/data-model.md, patterns 60 and 61): everything held about one customer, and their erasure
 * requests.
 */

type Item = Record<string, unknown> & ItemKey;

/** What the table holds about a customer, as stored (the service shapes it for the export). */
export type CustomerRecords = {
  /** Every item of `CUSTOMER#<sub>`: profile, contracts, charges, processes, history, referrals, certificates… */
  partition: Item[];
  /** The account's item of the partition (the welcome e-mail's marker), when there is one. */
  account: Item | null;
  /** The admin actions about them (`AUDIT#<sub>`). */
  audit: Item[];
  /** The referral in which they were invited (under the referrer's partition). */
  invitedBy: Item | null;
  /** Markers outside the partition named by it (pattern 60, c), by what they are about. */
  markers: CustomerMarkers;
  /** Their erasure requests (the open one; closed ones end with the client's data). */
  erasureRequests: ErasureRequestRecord[];
  /** The pointers outside the partition its WhatsApp items name (message ids, numbers: pattern 107). */
  whatsappPointers: Item[];
};

/** The markers outside a customer's partition that its items name, as stored (null or absent: none). */
export type CustomerMarkers = {
  /** The account's last magic-link request. */
  magicLink: Item | null;
  /** The account's last password-recovery request. */
  recoveryRequest: Item | null;
  /** The status-update e-mail of each status change, by the history record's id. */
  statusNotices: Map<string, Item>;
  /** The purchase conversion of each charge, by the charge's id. */
  purchaseConversions: Map<string, Item>;
  /** The admin alerts about the customer, by the alert's id. */
  adminAlerts: Map<string, Item>;
};

/** The marker keys a customer's items name (pattern 60, c), the admin alerts about them among them. */
export function markerKeysOf(userId: string, partition: Item[]): string[] {
  const found = [keys.magicLink(userId), keys.recoveryRequest(userId)];
  for (const item of partition) {
    const alertId = adminAlertIdOfRef(item);
    if (alertId) found.push(keys.adminAlert(alertId));
    if (item.type === ITEM_TYPE.charge && typeof item.id === 'string') found.push(keys.purchaseConversion(item.id));
    const change = storedStatusChangeOf(item);
    if (change) found.push(keys.statusNotice(userId, change.changeId));
  }
  return [...new Set(found)];
}

/** The markers read, by what each is about (the inverse of `markerKeysOf`). */
function customerMarkersOf(userId: string, partition: Item[], read: Item[]): CustomerMarkers {
  const byKey = new Map(read.map((item) => [item.pk, item]));
  const markers: CustomerMarkers = {
    magicLink: byKey.get(keys.magicLink(userId)) ?? null,
    recoveryRequest: byKey.get(keys.recoveryRequest(userId)) ?? null,
    statusNotices: new Map(),
    purchaseConversions: new Map(),
    adminAlerts: new Map(),
  };
  const found = (map: Map<string, Item>, id: string, key: string) => {
    const item = byKey.get(key);
    if (item) map.set(id, item);
  };
  for (const item of partition) {
    const alertId = adminAlertIdOfRef(item);
    if (alertId) found(markers.adminAlerts, alertId, keys.adminAlert(alertId));
    if (item.type === ITEM_TYPE.charge && typeof item.id === 'string') {
      found(markers.purchaseConversions, item.id, keys.purchaseConversion(item.id));
    }
    const change = storedStatusChangeOf(item);
    if (change) found(markers.statusNotices, change.changeId, keys.statusNotice(userId, change.changeId));
  }
  return markers;
}

/**
 * Pattern 60: everything about a customer — (a) `Query pk=CUSTOMER#<sub>` (the whole partition), (b) `Query
 * pk=AUDIT#<sub>`, (c) `BatchGetItem` of the markers its items name, (d) the referral that invited them (pattern 28 d),
 * (e) their open erasure request (pattern 61), (f) the WhatsApp pointers its items name (pattern 107). The owner is in every key: nothing of anyone else is read but (d).
 */
export async function customerRecords(db: Db, userId: string, profile: Profile | null): Promise<CustomerRecords> {
  const [partition, audit, invitedBy, erasure] = await Promise.all([
    queryAllItems(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.customer(userId) },
    }) as Promise<Item[]>,
    queryAllItems(db, {
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.audit(userId) },
    }) as Promise<Item[]>,
    profile ? findReferralOfInvitee(db, profile) : Promise.resolve(null),
    openErasureRequest(db, userId),
  ]);
  const [markers, whatsappPointers] = await Promise.all([
    batchGetAll(db, markerKeysOf(userId, partition).map(pointerKey)) as Promise<Item[]>,
    whatsappPointersOf(db, userId, partition),
  ]);
  return {
    partition,
    account: partition.find((item) => item.sk === keys.accountSk) ?? null,
    audit,
    invitedBy: invitedBy as Item | null,
    markers: customerMarkersOf(userId, partition, markers),
    erasureRequests: erasure ? [erasure] : [],
    whatsappPointers,
  };
}

/** An erasure request as stored (pattern 61). */
export type ErasureRequestRecord = {
  protocolo: string;
  user_id: string;
  profile_id: string;
  /** Copies for the admin list, removed when the request is `concluida` (the client is gone by then). */
  nome_completo: string | null;
  email: string | null;
  status: ErasureStatus;
  created_at: string;
  updated_at: string;
  retida_ate: string | null;
  concluida_em: string | null;
};

function erasureRequestItem(request: ErasureRequestRecord) {
  return {
    ...pointerKey(keys.erasureRequest(request.protocolo)),
    type: 'ERASURE_REQUEST',
    ...typeIndexKeys('ERASURE_REQUEST', request.created_at, request.protocolo),
    ...request,
  };
}

const recordOf = (item: Record<string, unknown>): ErasureRequestRecord => ({
  protocolo: String(item.protocolo),
  user_id: String(item.user_id),
  profile_id: String(item.profile_id),
  nome_completo: typeof item.nome_completo === 'string' ? item.nome_completo : null,
  email: typeof item.email === 'string' ? item.email : null,
  status: item.status as ErasureStatus,
  created_at: String(item.created_at),
  updated_at: String(item.updated_at),
  retida_ate: typeof item.retida_ate === 'string' ? item.retida_ate : null,
  concluida_em: typeof item.concluida_em === 'string' ? item.concluida_em : null,
});

/**
 * Pattern 61 (a): records a request — `TransactWriteItems` of the customer's open-request guard and the request, both
 * `attribute_not_exists`. Answers null when the customer already has an open request (the guard exists).
 */
export async function createErasureRequest(
  db: Db,
  request: ErasureRequestRecord,
): Promise<ErasureRequestRecord | null> {
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          putNew(db, {
            ...pointerKey(keys.openErasureRequest(request.user_id)),
            type: 'ERASURE_OPEN',
            protocolo: request.protocolo,
            created_at: request.created_at,
          }),
          putNew(db, erasureRequestItem(request)),
        ],
      }),
    );
    return request;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Pattern 61 (b): a customer's open request — the guard, then the request (both strongly consistent). */
export async function openErasureRequest(db: Db, userId: string): Promise<ErasureRequestRecord | null> {
  const { Item: guard } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.openErasureRequest(userId)), ConsistentRead: true }),
  );
  if (typeof guard?.protocolo !== 'string') return null;
  return erasureRequestByProtocol(db, guard.protocolo);
}

/** Pattern 61 (c): a request by its protocol. */
export async function erasureRequestByProtocol(db: Db, protocolo: string): Promise<ErasureRequestRecord | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.erasureRequest(protocolo)), ConsistentRead: true }),
  );
  return Item ? recordOf(Item) : null;
}

/** Pattern 61 (d): the admins' list — `Query gsi1 TYPE#ERASURE_REQUEST`, newest first, cursor passed through. */
export async function listErasureRequests(
  db: Db,
  options: { limit: number; cursor: string | null },
): Promise<{ items: ErasureRequestRecord[]; cursor: string | null }> {
  const page = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: GSI1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.typeList('ERASURE_REQUEST') },
      ScanIndexForward: false,
      Limit: options.limit,
      ExclusiveStartKey: decodeCursor(options.cursor, {
        attributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
        partition: ['gsi1pk', keys.typeList('ERASURE_REQUEST')],
      }),
    }),
  );
  return { items: (page.Items ?? []).map(recordOf), cursor: encodeCursor(page.LastEvaluatedKey) };
}

/**
 * Pattern 61 (e): the request kept as far as the law allows — `UpdateItem` to `retida` with its date, conditioned on
 * the status read (a concurrent run cannot move it twice).
 */
export async function markErasureRetained(
  db: Db,
  request: ErasureRequestRecord,
  params: { retainedUntil: string; now: string },
): Promise<ErasureRequestRecord> {
  try {
    await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: pointerKey(keys.erasureRequest(request.protocolo)),
        UpdateExpression: 'SET #status = :retida, retida_ate = :until, updated_at = :now',
        ConditionExpression: '#status = :read',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':retida': 'retida',
          ':until': params.retainedUntil,
          ':now': params.now,
          ':read': request.status,
        },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError(refusal('changed_concurrently', DATA_RIGHTS_MESSAGES.changedConcurrently));
    throw error;
  }
  return { ...request, status: 'retida', retida_ate: params.retainedUntil, updated_at: params.now };
}

/**
 * Pattern 61 (f): the request carried out — one transaction: the request `concluida` without the client's name and
 * e-mail (the record that it was done outlives them), and the open-request guard deleted. Running it again changes
 * nothing.
 */
export async function completeErasureRequest(
  db: Db,
  request: ErasureRequestRecord,
  now: string,
): Promise<ErasureRequestRecord> {
  if (request.status === 'concluida') return request;
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: db.tableName,
              Key: pointerKey(keys.erasureRequest(request.protocolo)),
              UpdateExpression:
                'SET #status = :done, concluida_em = :now, updated_at = :now REMOVE nome_completo, email',
              ConditionExpression: '#status = :read',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: { ':done': 'concluida', ':now': now, ':read': request.status },
            },
          },
          { Delete: { TableName: db.tableName, Key: pointerKey(keys.openErasureRequest(request.user_id)) } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error))
      throw new ConflictError(refusal('changed_concurrently', DATA_RIGHTS_MESSAGES.changedConcurrently));
    throw error;
  }
  return { ...request, status: 'concluida', concluida_em: now, updated_at: now, nome_completo: null, email: null };
}

/**
 * Pattern 61 (g): what an erasure request removes at once while signed contracts and payments must be kept: the
 * invitations the customer made that nobody took up (someone else's address, kept only for the referrer's benefit),
 * with their invite pointers, search tokens and counters; their live connections; their magic-link and recovery
 * records; their WhatsApp channel (consent, messages, replies and the pointers to them: pattern 107). Everything tolerates "already gone", so running it again is harmless.
 */
export async function eraseUnretainedData(
  db: Db,
  userId: string,
): Promise<{ invitations: number; connections: number; whatsapp: number }> {
  const partition = (await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.customer(userId) },
    ConsistentRead: true,
  })) as Item[];
  const invitations = partition.filter((item) => item.type === 'REFERRAL' && item.status === 'invited');
  const connections = partition.filter((item) => item.type === 'CONNECTION');
  const outside: ItemKey[] = [pointerKey(keys.magicLink(userId)), pointerKey(keys.recoveryRequest(userId))];
  for (const invitation of invitations) {
    if (typeof invitation.invite_code === 'string')
      outside.push(pointerKey(keys.invitePointer(invitation.invite_code)));
    if (typeof invitation.referred_email === 'string') {
      const token = referralSearchTokenItem(userId, invitation.referred_email);
      outside.push({ pk: token.pk, sk: token.sk });
    }
  }
  for (const connection of connections) {
    if (typeof connection.connection_id === 'string') {
      outside.push(pointerKey(keys.connectionPointer(connection.connection_id)));
    }
  }
  await deleteItemKeys(db, [...outside, ...connections.map(({ pk, sk }) => ({ pk, sk }))]);
  await deleteCountedItems(db, invitations);
  const whatsapp = await eraseWhatsAppChannel(db, userId);
  return { invitations: invitations.length, connections: connections.length, whatsapp };
}

/**
 * Pattern 81 ('Hoje'): the erasure requests still waiting for their answer (`recebida`), oldest first — pattern 61 (d)
 * walked whole: requests are few, and those carried out stay listed for the admin's record.
 */
export async function openErasureRequests(db: Db): Promise<ErasureRequestRecord[]> {
  const items = await queryAllItems(db, {
    IndexName: GSI1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.typeList('ERASURE_REQUEST') },
    ScanIndexForward: true,
  });
  return items.map(recordOf).filter((request) => request.status === 'recebida');
}

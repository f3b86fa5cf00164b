import { createHash } from 'node:crypto';
import { BatchGetCommand, DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  WHATSAPP_RETRY,
  WHATSAPP_STATUS_RANK,
  whatsappPhoneKey,
  type WhatsAppConsentChannel,
  type WhatsAppMessageState,
  type WhatsAppStatus,
} from '../../../domain/whatsapp.js';
import { deleteItemKeys } from './client-deletion.js';
import { keys, pointerKey } from './keys.js';
import {
  appliedUnlessConditionFails,
  GSI2,
  isConditionFailure,
  queryAllItems,
  type Db,
  type LeaseClaim,
} from './table.js';

/** The customer's WhatsApp consent as stored (pattern 94): the grant's evidence stays after a withdrawal. */
export type WhatsAppConsent = {
  state: 'granted' | 'withdrawn';
  /** The mobile the grant was for, as the Cloud API's `to` (55 + area code + number). */
  phone: string;
  grantedAt: string;
  grantedIp: string;
  /** The words shown beside the box, as the customer read them. */
  grantedText: string;
  withdrawnAt: string | null;
  withdrawnVia: WhatsAppConsentChannel | null;
};

/** One message of the outbox (pattern 95), with its latest delivery status. */
export type WhatsAppMessageRecord = {
  event: string;
  template: string;
  params: string[];
  to: string;
  claimedAt: string;
  /** Set once the Cloud API accepted it. */
  messageId: string | null;
  status: WhatsAppMessageState;
  statusAt: string | null;
  error: string | null;
  /** Meta's error code of the last failure, when it gave one. */
  errorCode: number | null;
  attempts: number;
  /** When the next attempt is due, while a failed message waits for it (pattern 108). */
  retryAt: string | null;
};

export type WhatsAppReplyRecord = {
  id: string;
  messageId: string;
  at: string;
  text: string;
  answeredAt: string | null;
  optOut: boolean;
};

/** The SHA-256 of a phone key: the pointer names a number only through it. */
export const phoneHash = (phoneKey: string) => createHash('sha256').update(phoneKey).digest('hex');

const customerKey = (userId: string, sk: string) => ({ pk: keys.customer(userId), sk });

/** Pattern 94: the customer's consent, read strongly (a send right after a withdrawal must see it). */
export async function getWhatsAppConsent(db: Db, userId: string): Promise<WhatsAppConsent | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: customerKey(userId, keys.whatsappConsentSk),
      ConsistentRead: true,
    }),
  );
  return Item ? consentOf(Item) : null;
}

function consentOf(item: Record<string, unknown>): WhatsAppConsent {
  return {
    state: item.estado === 'granted' ? 'granted' : 'withdrawn',
    phone: String(item.telefone ?? ''),
    grantedAt: String(item.autorizado_em ?? ''),
    grantedIp: String(item.autorizado_ip ?? ''),
    grantedText: String(item.texto_mostrado ?? ''),
    withdrawnAt: typeof item.retirado_em === 'string' ? item.retirado_em : null,
    withdrawnVia: item.retirado_por === 'perfil' || item.retirado_por === 'whatsapp' ? item.retirado_por : null,
  };
}

/**
 * Pattern 94: a grant on the profile, with its evidence (time, IP, text shown, the number), and the number's pointer
 * to the customer for the replies. A second grant replaces the first's evidence (the new number, the new text).
 */
export async function grantWhatsAppConsent(
  db: Db,
  grant: {
    userId: string;
    at: string;
    ip: string;
    text: string;
    phone: string;
    phoneKey: string;
    /** The number of the consent this grant replaces, if another: its pointer must not keep naming the customer. */
    previousPhone?: string | null;
  },
): Promise<void> {
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.tableName,
            Key: customerKey(grant.userId, keys.whatsappConsentSk),
            UpdateExpression:
              'SET #type = :type, estado = :granted, telefone = :phone, autorizado_em = :at, autorizado_ip = :ip, texto_mostrado = :text REMOVE retirado_em, retirado_por',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':type': 'WHATSAPP_CONSENT',
              ':granted': 'granted',
              ':phone': grant.phone,
              ':at': grant.at,
              ':ip': grant.ip,
              ':text': grant.text,
            },
          },
        },
        {
          Update: {
            TableName: db.tableName,
            Key: pointerKey(keys.whatsappPhonePointer(phoneHash(grant.phoneKey))),
            UpdateExpression: 'SET #type = :type, user_id = :user, atualizado_em = :at',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: { ':type': 'WHATSAPP_PHONE', ':user': grant.userId, ':at': grant.at },
          },
        },
      ],
    }),
  );
  const previousKey = grant.previousPhone ? whatsappPhoneKey(grant.previousPhone) : null;
  if (previousKey && previousKey !== grant.phoneKey) await deletePhonePointer(db, grant.userId, previousKey);
}

/** A number's pointer, only while it still names this customer (the number may be someone else's consent now). */
async function deletePhonePointer(db: Db, userId: string, phoneKey: string): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new DeleteCommand({
        TableName: db.tableName,
        Key: pointerKey(keys.whatsappPhonePointer(phoneHash(phoneKey))),
        ConditionExpression: 'user_id = :user',
        ExpressionAttributeValues: { ':user': userId },
      }),
    ),
  );
}

/**
 * Pattern 94: withdraws a granted consent; true only for the call that withdrew it (so 'SAIR' twice is confirmed
 * once, and a withdrawal on the profile of a consent never given writes nothing).
 */
export async function withdrawWhatsAppConsent(
  db: Db,
  userId: string,
  at: string,
  via: WhatsAppConsentChannel,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(userId, keys.whatsappConsentSk),
        UpdateExpression: 'SET estado = :withdrawn, retirado_em = :at, retirado_por = :via',
        ConditionExpression: 'estado = :granted',
        ExpressionAttributeValues: { ':withdrawn': 'withdrawn', ':granted': 'granted', ':at': at, ':via': via },
      }),
    ),
  );
}

/** Pattern 97: which customer consented with this mobile (the reply's `from`), or null. */
export async function customerOfPhone(db: Db, phoneKey: string): Promise<string | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.whatsappPhonePointer(phoneHash(phoneKey))) }),
  );
  return typeof Item?.user_id === 'string' ? Item.user_id : null;
}

/** Longer than any sender's timeout (routes 30 s, the stream consumer 10 s): a live sender is never overtaken. */
const WHATSAPP_LEASE_SECONDS = 60;

/** The retry index's entry of an outbox entry (pattern 108): due at `at`, the customer's id to keep keys unique. */
const retryIndex = (at: string, userId: string) => ({
  ':retryQueue': keys.whatsappRetryQueue,
  ':retrySort': keys.listSort(at, userId),
});

export type WhatsAppClaim = {
  claim: LeaseClaim;
  leaseUntil: number;
  /** Attempts made so far, this one included (when claimed). */
  attempts: number;
  /** When the first attempt was claimed (the retries' give-up clock). */
  firstAt: string;
};

/**
 * Pattern 95: claims the outbox entry of one event (no entry, or an unfinished one whose lease lapsed and whose attempts
 * are not spent), recording what is about to be sent and counting the attempt. 'done' when it was sent (or refused, or
 * cancelled) already; 'busy' while another sender holds it. While claimed, the entry waits in the retry index (pattern
 * 108) for its lease's end, so a sender that dies between the claim and Meta's answer is tried again.
 */
export async function claimWhatsAppMessage(
  db: Db,
  message: { userId: string; event: string; template: string; params: string[]; to: string; now: Date },
): Promise<WhatsAppClaim> {
  const nowSeconds = Math.floor(message.now.getTime() / 1000);
  const leaseUntil = nowSeconds + WHATSAPP_LEASE_SECONDS;
  const key = customerKey(message.userId, keys.whatsappMessageSk(message.event));
  let claimed: Record<string, unknown> | undefined;
  try {
    ({ Attributes: claimed } = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression:
          'SET #type = :type, modelo = :template, parametros = :params, para = :to, criado_em = if_not_exists(criado_em, :at), lease_until = :until, #status = :sending, gsi2pk = :retryQueue, gsi2sk = :retrySort ADD tentativas :one REMOVE nova_tentativa_em',
        ConditionExpression:
          'attribute_not_exists(pk) OR (attribute_not_exists(done_at) AND lease_until < :now AND (attribute_not_exists(tentativas) OR tentativas < :max))',
        ExpressionAttributeNames: { '#type': 'type', '#status': 'status' },
        ExpressionAttributeValues: {
          ':type': 'WHATSAPP_MESSAGE',
          ':template': message.template,
          ':params': message.params,
          ':to': message.to,
          ':at': message.now.toISOString(),
          ':until': leaseUntil,
          ':sending': 'sending',
          ':now': nowSeconds,
          ':one': 1,
          ':max': WHATSAPP_RETRY.maxAttempts,
          ...retryIndex(new Date(leaseUntil * 1000).toISOString(), message.userId),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  if (claimed) {
    return {
      claim: 'claimed',
      leaseUntil,
      attempts: Number(claimed.tentativas ?? 1),
      firstAt: String(claimed.criado_em ?? message.now.toISOString()),
    };
  }
  const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  return {
    claim: Item?.done_at ? 'done' : 'busy',
    leaseUntil,
    attempts: Number(Item?.tentativas ?? 0),
    firstAt: String(Item?.criado_em ?? message.now.toISOString()),
  };
}

/**
 * Pattern 95 → 96: the Cloud API accepted the message: the entry is done (never sent again), out of the retry index,
 * and holds its id (and every id it was sent under: a retry's message is a new one); the id's pointer lets its status
 * webhooks find it. One transaction, so a status can never arrive for an id we cannot find.
 */
export async function recordWhatsAppAccepted(
  db: Db,
  message: { userId: string; event: string; messageId: string; at: string },
): Promise<void> {
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: db.tableName,
            Key: customerKey(message.userId, keys.whatsappMessageSk(message.event)),
            UpdateExpression:
              // No status_at: Meta's own timestamps (whole seconds) order the statuses; ours would outrank its 'sent'.
              // A failed attempt's status and error go: this message's statuses are the ones that count now.
              'SET done_at = :at, message_id = :id, #status = :accepted, status_rank = :rank ADD ids_mensagens :ids REMOVE lease_until, gsi2pk, gsi2sk, nova_tentativa_em, status_at, erro, erro_codigo',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':at': message.at,
              ':id': message.messageId,
              ':ids': new Set([message.messageId]),
              ':accepted': 'accepted',
              ':rank': WHATSAPP_STATUS_RANK.accepted,
            },
          },
        },
        {
          Update: {
            TableName: db.tableName,
            Key: pointerKey(keys.whatsappMessagePointer(message.messageId)),
            UpdateExpression: 'SET #type = :type, user_id = :user, evento = :event',
            ExpressionAttributeNames: { '#type': 'type' },
            ExpressionAttributeValues: {
              ':type': 'WHATSAPP_MESSAGE_POINTER',
              ':user': message.userId,
              ':event': message.event,
            },
          },
        },
      ],
    }),
  );
}

/** Pattern 95: Meta refused the message for good: done (a retry would be refused again), with why. */
export async function recordWhatsAppRejected(
  db: Db,
  message: { userId: string; event: string; at: string; error: string; code: number | null },
): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: customerKey(message.userId, keys.whatsappMessageSk(message.event)),
      UpdateExpression: `SET done_at = :at, #status = :rejected, status_at = :at, erro = :error${message.code === null ? '' : ', erro_codigo = :code'} REMOVE lease_until, gsi2pk, gsi2sk, nova_tentativa_em`,
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: {
        ':at': message.at,
        ':rejected': 'rejected',
        ':error': message.error.slice(0, 500),
        ...(message.code === null ? {} : { ':code': message.code }),
      },
    }),
  );
}

/**
 * Pattern 95 → 108: the API was unavailable. With an attempt left (`retryAt`), the claim is given back at once (a
 * caller may try again now) and the entry waits in the retry index until `retryAt`; without one it ends 'failed' for
 * good. Only while it is still this sender's lease.
 */
export async function deferWhatsAppMessage(
  db: Db,
  message: {
    userId: string;
    event: string;
    leaseUntil: number;
    retryAt: string | null;
    at: string;
    error: string;
    code: number | null;
  },
): Promise<void> {
  const failure = {
    ':error': message.error.slice(0, 500),
    ...(message.code === null ? {} : { ':code': message.code }),
  };
  const setFailure = `erro = :error${message.code === null ? '' : ', erro_codigo = :code'}`;
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(message.userId, keys.whatsappMessageSk(message.event)),
        ...(message.retryAt
          ? {
              UpdateExpression: `SET lease_until = :lapsed, nova_tentativa_em = :retryAt, gsi2pk = :retryQueue, gsi2sk = :retrySort, ${setFailure}`,
              ExpressionAttributeValues: {
                ':lapsed': 0,
                ':retryAt': message.retryAt,
                ':mine': message.leaseUntil,
                ...retryIndex(message.retryAt, message.userId),
                ...failure,
              },
            }
          : {
              UpdateExpression: `SET done_at = :at, #status = :failed, status_at = :at, ${setFailure} REMOVE lease_until, gsi2pk, gsi2sk, nova_tentativa_em`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':at': message.at,
                ':failed': 'failed',
                ':mine': message.leaseUntil,
                ...failure,
              },
            }),
        ConditionExpression: 'lease_until = :mine AND attribute_not_exists(done_at)',
      }),
    ),
  );
}

/** Pattern 108: the outbox entries whose next attempt is due now (a failure's retry, or a dead sender's lapsed lease). */
export async function whatsappRetriesDue(db: Db, now: Date): Promise<{ userId: string; event: string }[]> {
  const items = await queryAllItems(db, {
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :retryQueue AND gsi2sk <= :due',
    ExpressionAttributeValues: { ':retryQueue': keys.whatsappRetryQueue, ':due': `${now.toISOString()}#\uffff` },
    ProjectionExpression: 'pk, sk',
  });
  return items.map((item) => ({
    userId: String(item.pk).slice(keys.customer('').length),
    event: String(item.sk).slice(keys.whatsappMessageSk('').length),
  }));
}

/** Pattern 108: one outbox entry as it stands (strongly consistent: a retry decides on it). */
export async function getWhatsAppMessage(
  db: Db,
  userId: string,
  event: string,
): Promise<{
  template: string;
  params: string[];
  done: boolean;
  leaseUntil: number;
  attempts: number;
  firstAt: string;
} | null> {
  const { Item } = await db.client.send(
    new GetCommand({
      TableName: db.tableName,
      Key: customerKey(userId, keys.whatsappMessageSk(event)),
      ConsistentRead: true,
    }),
  );
  if (!Item) return null;
  return {
    template: String(Item.modelo ?? ''),
    params: Array.isArray(Item.parametros) ? Item.parametros.map(String) : [],
    done: Boolean(Item.done_at),
    leaseUntil: Number(Item.lease_until ?? 0),
    attempts: Number(Item.tentativas ?? 0),
    firstAt: String(Item.criado_em ?? ''),
  };
}

/**
 * Pattern 108: an entry no retry will send — the consent was withdrawn ('cancelled'), or its attempts or time are spent
 * ('failed') — is done, out of the retry index. Only while no sender holds it.
 */
export async function closeWhatsAppMessage(
  db: Db,
  message: { userId: string; event: string; at: Date; state: 'cancelled' | 'failed'; error: string },
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(message.userId, keys.whatsappMessageSk(message.event)),
        UpdateExpression:
          'SET done_at = :at, #status = :state, status_at = :at, erro = :error REMOVE lease_until, gsi2pk, gsi2sk, nova_tentativa_em',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(done_at) AND lease_until < :now',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':at': message.at.toISOString(),
          ':state': message.state,
          ':error': message.error,
          ':now': Math.floor(message.at.getTime() / 1000),
        },
      }),
    ),
  );
}

/**
 * Pattern 96: a delivery status of one of our messages, by its id. 'unknown' for an id we never sent (ignored);
 * 'stale' when the message already holds a later status (events arrive in any order: the latest wins, by Meta's
 * timestamp, then by stage) or was sent again since under another id. Applied, it answers the entry's attempts so far.
 */
export async function applyWhatsAppStatus(
  db: Db,
  event: { messageId: string; status: WhatsAppStatus; at: string; error: string | null; code: number | null },
): Promise<
  | { outcome: 'applied'; userId: string; event: string; attempts: number; firstAt: string }
  | { outcome: 'stale' | 'unknown' }
> {
  const { Item: pointer } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.whatsappMessagePointer(event.messageId)) }),
  );
  if (typeof pointer?.user_id !== 'string' || typeof pointer.evento !== 'string') return { outcome: 'unknown' };
  const userId = pointer.user_id;
  const eventKey = pointer.evento;
  const rank = WHATSAPP_STATUS_RANK[event.status];
  const sets = ['#status = :status', 'status_at = :at', 'status_rank = :rank'];
  if (event.error) sets.push('erro = :error');
  if (event.code !== null) sets.push('erro_codigo = :code');
  let applied: Record<string, unknown> | undefined;
  try {
    ({ Attributes: applied } = await db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(userId, keys.whatsappMessageSk(eventKey)),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression:
          'attribute_exists(pk) AND message_id = :id AND (attribute_not_exists(status_at) OR status_at < :at OR (status_at = :at AND status_rank < :rank))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': event.status,
          ':at': event.at,
          ':rank': rank,
          ':id': event.messageId,
          ...(event.error ? { ':error': event.error.slice(0, 500) } : {}),
          ...(event.code !== null ? { ':code': event.code } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    ));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  if (!applied) return { outcome: 'stale' };
  return {
    outcome: 'applied',
    userId,
    event: eventKey,
    attempts: Number(applied.tentativas ?? 1),
    firstAt: String(applied.criado_em ?? ''),
  };
}

/**
 * Pattern 96 → 108: Meta reported a message 'failed' for a reason that may pass (`isRetryableWhatsAppError`): the entry
 * is open again and waits in the retry index until `retryAt`. Only while it still holds that failed message (a later
 * attempt, or a later status, wins).
 */
export async function reopenWhatsAppMessage(
  db: Db,
  message: { userId: string; event: string; messageId: string; retryAt: string },
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(message.userId, keys.whatsappMessageSk(message.event)),
        UpdateExpression:
          'SET lease_until = :lapsed, nova_tentativa_em = :retryAt, gsi2pk = :retryQueue, gsi2sk = :retrySort REMOVE done_at',
        ConditionExpression: 'message_id = :id AND #status = :failed AND attribute_exists(done_at)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':lapsed': 0,
          ':retryAt': message.retryAt,
          ':id': message.messageId,
          ':failed': 'failed',
          ...retryIndex(message.retryAt, message.userId),
        },
      }),
    ),
  );
}

/**
 * Pattern 97: a reply of the customer, once per message id (Meta redelivers until we answer 200), listed for 'Hoje'
 * until an admin marks it answered; an opt-out reply is stored answered (the system answered it).
 */
export async function storeWhatsAppReply(
  db: Db,
  reply: { userId: string; messageId: string; at: string; text: string; optOut: boolean },
): Promise<boolean> {
  const sk = keys.whatsappReplySk(reply.at, reply.messageId);
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(reply.userId, sk),
        UpdateExpression: reply.optOut
          ? 'SET #type = :type, message_id = :id, recebida_em = :at, texto = :text, saida = :optOut, respondida_em = :at'
          : 'SET #type = :type, message_id = :id, recebida_em = :at, texto = :text, saida = :optOut, gsi2pk = :open, gsi2sk = :sort',
        ConditionExpression: 'attribute_not_exists(pk)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'WHATSAPP_REPLY',
          ':id': reply.messageId,
          ':at': reply.at,
          ':text': reply.text.slice(0, 4096),
          ':optOut': reply.optOut,
          ...(reply.optOut
            ? {}
            : { ':open': keys.whatsappOpenReplies, ':sort': keys.listSort(reply.at, reply.userId) }),
        },
      }),
    ),
  );
}

/** Pattern 97: an admin answered a reply: out of 'Hoje'. False when it was answered already (or is not there). */
export async function markWhatsAppReplyAnswered(db: Db, userId: string, replyId: string, at: string): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: customerKey(userId, replyId),
        UpdateExpression: 'SET respondida_em = :at REMOVE gsi2pk, gsi2sk',
        ConditionExpression:
          'attribute_exists(pk) AND begins_with(sk, :prefix) AND attribute_not_exists(respondida_em)',
        ExpressionAttributeValues: { ':at': at, ':prefix': keys.whatsappReplySk('', '').slice(0, -1) },
      }),
    ),
  );
}

/** Pattern 97: every reply waiting for an admin ('Hoje' counts them and shows the oldest). */
export async function openWhatsAppReplies(db: Db): Promise<{ userId: string; id: string; at: string; text: string }[]> {
  const items = await queryAllItems(db, {
    IndexName: GSI2,
    KeyConditionExpression: 'gsi2pk = :open',
    ExpressionAttributeValues: { ':open': keys.whatsappOpenReplies },
    ProjectionExpression: 'pk, sk, recebida_em, texto',
  });
  return items.map((item) => ({
    userId: String(item.pk).slice(keys.customer('').length),
    id: String(item.sk),
    at: String(item.recebida_em),
    text: String(item.texto ?? ''),
  }));
}

/** Pattern 94–97 for the case file: the consent, the messages (newest first) and the replies, one Query. */
export async function whatsappChannelOf(db: Db, userId: string): Promise<WhatsAppChannel> {
  const items = await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(userId), ':prefix': keys.whatsappPrefix },
  });
  return whatsappChannelFrom(items);
}

export type WhatsAppChannel = {
  consent: WhatsAppConsent | null;
  messages: WhatsAppMessageRecord[];
  replies: WhatsAppReplyRecord[];
};

/** The WhatsApp items of a customer's partition (read whole, as the data export does), shaped. */
export function whatsappChannelFrom(items: readonly Record<string, unknown>[]): WhatsAppChannel {
  const consentItem = items.find((item) => item.type === 'WHATSAPP_CONSENT');
  const messages = items
    .filter((item) => item.type === 'WHATSAPP_MESSAGE')
    .map((item): WhatsAppMessageRecord => ({
      event: String(item.sk).slice(keys.whatsappMessageSk('').length),
      template: String(item.modelo ?? ''),
      params: Array.isArray(item.parametros) ? item.parametros.map(String) : [],
      to: String(item.para ?? ''),
      claimedAt: String(item.criado_em ?? ''),
      messageId: typeof item.message_id === 'string' ? item.message_id : null,
      status: (item.done_at ? item.status : 'sending') as WhatsAppMessageRecord['status'],
      statusAt: typeof item.status_at === 'string' ? item.status_at : null,
      error: typeof item.erro === 'string' ? item.erro : null,
      errorCode: typeof item.erro_codigo === 'number' ? item.erro_codigo : null,
      attempts: Number(item.tentativas ?? 1),
      retryAt: !item.done_at && typeof item.nova_tentativa_em === 'string' ? item.nova_tentativa_em : null,
    }))
    .sort((a, b) => b.claimedAt.localeCompare(a.claimedAt));
  const replies = items
    .filter((item) => item.type === 'WHATSAPP_REPLY')
    .map((item): WhatsAppReplyRecord => ({
      id: String(item.sk),
      messageId: String(item.message_id ?? ''),
      at: String(item.recebida_em ?? ''),
      text: String(item.texto ?? ''),
      answeredAt: typeof item.respondida_em === 'string' ? item.respondida_em : null,
      optOut: item.saida === true,
    }))
    .sort((a, b) => b.at.localeCompare(a.at));
  return { consent: consentItem ? consentOf(consentItem) : null, messages, replies };
}

type StoredItem = Record<string, unknown> & { pk: string; sk: string };

/** Every Cloud API message id an outbox entry was sent under (a retry sends again under a new id). */
function messageIdsOf(item: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  if (typeof item.message_id === 'string') ids.add(item.message_id);
  if (item.ids_mensagens instanceof Set) for (const id of item.ids_mensagens as Set<unknown>) ids.add(String(id));
  else if (Array.isArray(item.ids_mensagens)) for (const id of item.ids_mensagens) ids.add(String(id));
  return [...ids];
}

/** The number keys a customer's WhatsApp items name: the consent's number and every number a message went to. */
function phoneKeysOf(items: readonly Record<string, unknown>[]): string[] {
  const found = new Set<string>();
  for (const item of items) {
    const phone =
      item.type === 'WHATSAPP_CONSENT' ? item.telefone : item.type === 'WHATSAPP_MESSAGE' ? item.para : undefined;
    const key = typeof phone === 'string' ? whatsappPhoneKey(phone) : null;
    if (key) found.add(key);
  }
  return [...found];
}

/**
 * Patterns 96–97 (107): the items outside the customer's partition that their WhatsApp items name — each message id's
 * pointer (the status webhooks' way in) and each number's pointer (the replies' way in) — as stored, for 'Baixar meus
 * dados'. A number's pointer is theirs only while it names them: the same number may be another customer's consent now.
 */
export async function whatsappPointersOf(db: Db, userId: string, items: readonly StoredItem[]): Promise<StoredItem[]> {
  const messageIds = items.filter((item) => item.type === 'WHATSAPP_MESSAGE').flatMap(messageIdsOf);
  const pointerKeys = [
    ...messageIds.map((id) => pointerKey(keys.whatsappMessagePointer(id))),
    ...phoneKeysOf(items).map((key) => pointerKey(keys.whatsappPhonePointer(phoneHash(key)))),
  ];
  const found: StoredItem[] = [];
  for (let start = 0; start < pointerKeys.length; start += 100) {
    let requested: Record<string, unknown>[] = pointerKeys.slice(start, start + 100);
    for (let attempt = 0; requested.length > 0; attempt += 1) {
      if (attempt > 8) throw new Error('BatchGetItem left WhatsApp pointers unprocessed after 8 retries');
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1000)));
      const { Responses, UnprocessedKeys } = await db.client.send(
        new BatchGetCommand({ RequestItems: { [db.tableName]: { Keys: requested } } }),
      );
      found.push(...((Responses?.[db.tableName] ?? []) as StoredItem[]));
      requested = UnprocessedKeys?.[db.tableName]?.Keys ?? [];
    }
  }
  return found.filter((item) => item.user_id === userId);
}

/**
 * Pattern 107: removes the pointers outside the partition that a customer's WhatsApp items name (message ids: theirs
 * alone; numbers: only while they still name this customer). Before the partition's items go, since these are what
 * find them; deleting what is gone already succeeds, so a deletion run twice is harmless.
 */
export async function deleteWhatsAppPointersOf(db: Db, userId: string, items: readonly StoredItem[]): Promise<void> {
  const messageIds = items.filter((item) => item.type === 'WHATSAPP_MESSAGE').flatMap(messageIdsOf);
  await deleteItemKeys(
    db,
    messageIds.map((id) => pointerKey(keys.whatsappMessagePointer(id))),
  );
  for (const phoneKey of phoneKeysOf(items)) await deletePhonePointer(db, userId, phoneKey);
}

/**
 * Pattern 107: an erasure that must keep the contract and payments still ends the WhatsApp channel — the consent, every
 * message and reply, and their pointers — as none of it is kept by law (docs/decisions.md, WhatsApp in the customer's
 * data). Without a consent no message goes any more. Answers how many items went.
 */
export async function eraseWhatsAppChannel(db: Db, userId: string): Promise<number> {
  const items = (await queryAllItems(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': keys.customer(userId), ':prefix': keys.whatsappPrefix },
    ConsistentRead: true,
  })) as StoredItem[];
  await deleteWhatsAppPointersOf(db, userId, items);
  await deleteItemKeys(
    db,
    items.map(({ pk, sk }) => ({ pk, sk })),
  );
  return items.length;
}

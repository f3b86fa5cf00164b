import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './keys.js';
import { appliedUnlessConditionFails, type Db, type LeaseClaim } from './table.js';

/**
 * Pattern 66: an e-mail sent once per event, whatever the requests that reach it — 20 clicks of 'Cancelar contrato', two
 * tabs asking for an erasure, a retried invite. The marker lives beside the record of its event (the customer's
 * partition, the erasure request), so it goes with that record on a deletion and names nothing by itself. It is the
 * stream consumer's once-only notice (a lease, then done) made for a request: the first caller claims it, sends, and
 * marks it done; a caller that finds it held by a live sender or done sends nothing; a sender that dies between its
 * claim and the send leaves a lease that lapses, so the next request of the event sends it; a send that fails gives
 * the claim back at once.
 */
export type EmailOnceKey = { readonly pk: string; readonly sk: string };

/** The events told once (docs/data-model.md, pattern 66). */
export const emailOnceKeys = {
  /** 'Contrato cancelado' to the customer, once per cancelled contract. */
  withdrawal: (userId: string, contractId: string): EmailOnceKey => ({
    pk: keys.customer(userId),
    sk: keys.emailOnceSk(`desistencia#${contractId}`),
  }),
  /** The protocol of an erasure request, once per request. */
  erasureRequest: (protocolo: string): EmailOnceKey => ({
    pk: keys.erasureRequest(protocolo),
    sk: keys.emailOnceSk('solicitacao'),
  }),
  /** A court movement that matters, once per movement (in the customer's partition, beside the movement). */
  courtMovement: (userId: string, contractId: string, movementId: string): EmailOnceKey => ({
    pk: keys.customer(userId),
    sk: keys.emailOnceSk(`andamento#${contractId}#${movementId}`),
  }),
  /** An invitation to a friend, once per invite (in the referrer's partition, beside the referral). */
  invite: (referrerUserId: string, inviteCode: string): EmailOnceKey => ({
    pk: keys.customer(referrerUserId),
    sk: keys.emailOnceSk(`convite#${inviteCode}`),
  }),
  /** A filing-kit item's refusal to the customer, once per decision (the item and the decision's instant). */
  kitRefusal: (userId: string, contractId: string, item: string, decidedAt: string): EmailOnceKey => ({
    pk: keys.customer(userId),
    sk: keys.emailOnceSk(`documento-recusado#${contractId}#${item}#${decidedAt}`),
  }),
  /** A reminder (domain/reminders.ts), once per reminder and subject: `reminderId` is `<kind>#<charge or contract>`. */
  reminder: (userId: string, reminderId: string): EmailOnceKey => ({
    pk: keys.customer(userId),
    sk: keys.emailOnceSk(`lembrete#${reminderId}`),
  }),
} as const;

/** Longer than any sender's function timeout (API routes stop at 30 s): a live sender is never overtaken. */
const EMAIL_ONCE_LEASE_SECONDS = 60;

/** What `sendEmailOnce` did: sent it now, found it sent, or left it to a sender that holds it now. */
export type EmailOnceOutcome = 'sent' | 'already-sent' | 'being-sent';

/**
 * Sends through `send` unless the event's e-mail was sent or is being sent. The claim is one conditional UpdateItem
 * (no marker, or an unfinished one whose lease lapsed); a failed send gives it back (only if still ours) and throws.
 */
export async function sendEmailOnce(
  db: Db,
  key: EmailOnceKey,
  now: Date,
  send: () => Promise<void>,
): Promise<EmailOnceOutcome> {
  const leaseUntil = Math.floor(now.getTime() / 1000) + EMAIL_ONCE_LEASE_SECONDS;
  const claim = await claimEmailOnce(db, key, now, leaseUntil);
  if (claim === 'done') return 'already-sent';
  if (claim === 'busy') return 'being-sent';
  try {
    await send();
  } catch (error) {
    await releaseEmailOnce(db, key, leaseUntil);
    throw error;
  }
  await db.client.send(
    new UpdateCommand({
      TableName: db.tableName,
      Key: key,
      UpdateExpression: 'SET sent_at = :now REMOVE lease_until',
      ExpressionAttributeValues: { ':now': new Date().toISOString() },
    }),
  );
  return 'sent';
}

async function claimEmailOnce(db: Db, key: EmailOnceKey, now: Date, leaseUntil: number): Promise<LeaseClaim> {
  const claimed = await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET #type = :type, lease_until = :until, claimed_at = :claimedAt',
        ConditionExpression: 'attribute_not_exists(pk) OR (attribute_not_exists(sent_at) AND lease_until < :now)',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':type': 'EMAIL_ONCE',
          ':until': leaseUntil,
          ':claimedAt': now.toISOString(),
          ':now': Math.floor(now.getTime() / 1000),
        },
      }),
    ),
  );
  if (claimed) return 'claimed';
  const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: key, ConsistentRead: true }));
  return Item?.sent_at ? 'done' : 'busy';
}

/** Gives the claim back at once — only the claim this sender holds (its own lease), never one taken over since. */
async function releaseEmailOnce(db: Db, key: EmailOnceKey, leaseUntil: number): Promise<void> {
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: key,
        UpdateExpression: 'SET lease_until = :lapsed',
        ConditionExpression: 'lease_until = :mine AND attribute_not_exists(sent_at)',
        ExpressionAttributeValues: { ':lapsed': 0, ':mine': leaseUntil },
      }),
    ),
  );
}

/** What a customer's once-only marker says, for their data export: which e-mail and when it went (null: not yet). */
export function emailOnceRecordOf(
  item: Record<string, unknown>,
): { event: 'withdrawal' | 'invite' | 'other'; sentAt: string | null } | null {
  if (item.type !== 'EMAIL_ONCE' || typeof item.sk !== 'string') return null;
  const event = item.sk.slice(keys.emailOnceSk('').length);
  return {
    event: event.startsWith('desistencia#') ? 'withdrawal' : event.startsWith('convite#') ? 'invite' : 'other',
    sentAt: typeof item.sent_at === 'string' ? item.sent_at : null,
  };
}

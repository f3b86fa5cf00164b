import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AUTH_MESSAGES } from '../../../domain/messages.js';
import { TooManyRequestsError } from '../errors.js';
import { keys, pointerKey } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/** What the table keeps of a magic link: never the token, only a hash of its nonce. Times in epoch seconds. */
export type MagicLinkRecord = {
  /** `sub`, or `UNKNOWN#<hash>` for an e-mail without an account (kept only to rate-limit it alike). */
  subject: string;
  nonceHash: string;
  requestedAt: number;
  exp: number;
};

/**
 * Pattern 30a: stores a new link for `subject`, replacing the previous one (whose nonce then no longer matches, so
 * at most one link is live), unless an unused link was requested less than `minIntervalSeconds` ago.
 * Throws TooManyRequestsError('Aguarde um minuto…') in that case.
 */
export async function saveMagicLink(db: Db, record: MagicLinkRecord, minIntervalSeconds: number): Promise<void> {
  const saved = await appliedUnlessConditionFails(() =>
    db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: {
          ...pointerKey(keys.magicLink(record.subject)),
          type: 'MAGIC_LINK',
          nonce_hash: record.nonceHash,
          requested_at: record.requestedAt,
          exp: record.exp,
          used: false,
          // TTL deletion lags by up to days; every condition below reads `exp` itself, never relies on TTL.
          expiresAt: record.exp,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR requested_at <= :cutoff OR used = :true',
        ExpressionAttributeValues: { ':cutoff': record.requestedAt - minIntervalSeconds, ':true': true },
      }),
    ),
  );
  if (!saved) throw new TooManyRequestsError(AUTH_MESSAGES.magicLinkTooSoon);
}

/**
 * Pattern 30b: marks the live link of `subject` used, once. False when there is no such link, or it was used,
 * superseded by a newer one (other nonce) or has expired.
 */
export async function consumeMagicLink(
  db: Db,
  subject: string,
  nonceHash: string,
  nowSeconds: number,
): Promise<boolean> {
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: pointerKey(keys.magicLink(subject)),
        UpdateExpression: 'SET used = :true, used_at = :now',
        ConditionExpression: 'nonce_hash = :nonceHash AND used = :false AND exp > :now',
        ExpressionAttributeValues: { ':nonceHash': nonceHash, ':true': true, ':false': false, ':now': nowSeconds },
      }),
    ),
  );
}

/**
 * Pattern 30c: gives back a link whose e-mail could not be sent, by marking it used, so the person may ask again at
 * once instead of waiting out the interval for an e-mail that never came. Only that very link (same nonce).
 */
export async function releaseUnsentMagicLink(db: Db, subject: string, nonceHash: string): Promise<void> {
  // A failed condition means a newer request replaced it meanwhile: nothing of ours to give back.
  await appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: pointerKey(keys.magicLink(subject)),
        UpdateExpression: 'SET used = :true',
        ConditionExpression: 'nonce_hash = :nonceHash',
        ExpressionAttributeValues: { ':nonceHash': nonceHash, ':true': true },
      }),
    ),
  );
}

import { createHmac } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { rateWindow, type RateLimitRule } from '../../../domain/rate-limits.js';
import { TooManyRequestsError } from '../errors.js';
import { memoizedUntilFailure } from '../memoized.js';
import { readSecret } from '../secrets.js';
import { keys, pointerKey } from './keys.js';
import { appliedUnlessConditionFails, type Db } from './table.js';

/** Counters outlive their window by a minute; TTL may lag by days, and no condition ever reads an old window. */
const GRACE_SECONDS = 60;

/** HMAC-SHA256 keys shorter than the hash output weaken it. */
export const RATE_LIMIT_KEY_MIN_BYTES = 32;

/**
 * A counter's subject in its key: HMAC-SHA256, under the `rateLimitKey` secret, of the rule's scope and the subject
 * (an address, a document, a protocol). A bare hash of a CPF or an IPv4 address is reversed by trying them all (10^9
 * CPFs, 2^32 addresses); without the key, a leaked table export or backup names nobody (docs/decisions.md).
 */
export function rateLimitSubjectHash(key: Buffer, scope: string, subject: string): string {
  return createHmac('sha256', key).update(`${scope}\n${subject}`, 'utf8').digest('hex');
}

/** The `rateLimitKey` secret as HMAC key bytes: inline locally, from Secrets Manager on AWS. */
export async function loadRateLimitKey(env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  return Buffer.from(await readSecret('rateLimitKey', { minLength: RATE_LIMIT_KEY_MIN_BYTES, env }), 'utf8');
}

/**
 * The function's rate-limit key (grant `secrets: ['rateLimitKey']`), read on the first counted call and kept for the
 * life of the container, like every secret. A function that counts calls without the grant fails loudly, naming the
 * variable it lacks; a failed read is not kept, so the next call tries again.
 */
export const rateLimitKey: () => Promise<Buffer> = memoizedUntilFailure(() => loadRateLimitKey());

/**
 * Pattern 43: counts one call of `subject` under `rule` in the current fixed window, unless the window already holds
 * `rule.limit` calls. One `UpdateItem ADD hits 1` conditioned on `hits < limit`: atomic, so concurrent calls can never
 * pass the limit together, and a refused call adds nothing. True when the call may proceed.
 */
export async function countRateLimitedCall(db: Db, rule: RateLimitRule, subject: string, now: Date): Promise<boolean> {
  const window = rateWindow(rule, now);
  const key = keys.rateLimit(rule.scope, rateLimitSubjectHash(await rateLimitKey(), rule.scope, subject), window.start);
  return appliedUnlessConditionFails(() =>
    db.client.send(
      new UpdateCommand({
        TableName: db.tableName,
        Key: pointerKey(key),
        UpdateExpression: 'ADD hits :one SET #type = :type, expiresAt = :expiresAt',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: {
          ':one': 1,
          ':type': 'RATE_LIMIT',
          ':limit': rule.limit,
          ':expiresAt': window.end + GRACE_SECONDS,
        },
      }),
    ),
  );
}

/**
 * Pattern 43, for a route: counts the call against each rule in order and stops at the first one exhausted, with a
 * 429 carrying `message` and, as `Retry-After`, the seconds until that rule's window ends. Later rules are not counted for a refused call, so a blocked address cannot use up a
 * document's allowance.
 */
export async function enforceRateLimits(
  db: Db,
  now: Date,
  checks: readonly { rule: RateLimitRule; subject: string }[],
  message: string,
): Promise<void> {
  for (const { rule, subject } of checks) {
    if (!(await countRateLimitedCall(db, rule, subject, now))) {
      const secondsLeft = Math.ceil(rateWindow(rule, now).end - now.getTime() / 1000);
      throw new TooManyRequestsError(message, Math.max(1, secondsLeft));
    }
  }
}

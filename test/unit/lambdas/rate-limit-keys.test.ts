import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SECRET_ENV } from '../../../lambdas/grants.js';
import {
  loadRateLimitKey,
  RATE_LIMIT_KEY_MIN_BYTES,
  rateLimitSubjectHash,
} from '../../../lambdas/shared/data/rate-limits.js';

const KEY = Buffer.from('unit-rate-limit-key-0123456789abcdef0123', 'utf8');
const { value: INLINE, arn: ARN } = SECRET_ENV.rateLimitKey;

describe('rate-limit subject hashes (keyed)', () => {
  it('are HMAC-SHA256 of scope and subject under the key, never the bare SHA-256', () => {
    const hash = rateLimitSubjectHash(KEY, 'LOOKUP_QUERY', '52998224725');
    expect(hash).toBe(createHmac('sha256', KEY).update('LOOKUP_QUERY\n52998224725').digest('hex'));
    expect(hash).not.toBe(createHash('sha256').update('LOOKUP_QUERY\n52998224725').digest('hex'));
  });

  it('change with the key, the scope and the subject', () => {
    const base = rateLimitSubjectHash(KEY, 'LOOKUP_IP', '203.0.113.7');
    expect(rateLimitSubjectHash(Buffer.from(`${KEY.toString()}x`), 'LOOKUP_IP', '203.0.113.7')).not.toBe(base);
    expect(rateLimitSubjectHash(KEY, 'NADA_IP', '203.0.113.7')).not.toBe(base);
    expect(rateLimitSubjectHash(KEY, 'LOOKUP_IP', '203.0.113.8')).not.toBe(base);
    // The separator keeps scope and subject apart: ('A', 'B\nC') is not ('A\nB', 'C').
    expect(rateLimitSubjectHash(KEY, 'A', 'BC')).not.toBe(rateLimitSubjectHash(KEY, 'AB', 'C'));
  });
});

describe('the rate-limit key', () => {
  it('comes from the secrets module: inline locally', async () => {
    expect(await loadRateLimitKey({ [INLINE]: KEY.toString() })).toEqual(KEY);
  });

  it('is refused when shorter than the hash output, or missing, naming the variables', async () => {
    await expect(loadRateLimitKey({ [INLINE]: 'x'.repeat(RATE_LIMIT_KEY_MIN_BYTES - 1) })).rejects.toThrow(
      `at least ${RATE_LIMIT_KEY_MIN_BYTES} bytes`,
    );
    await expect(loadRateLimitKey({})).rejects.toThrow(`${INLINE} or ${ARN}`);
  });
});

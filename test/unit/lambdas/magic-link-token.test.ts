import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { magicLinkEmail } from '../../../domain/auth-links.js';
import { newNonce, signMagicLinkToken, verifyMagicLinkToken } from '../../../lambdas/auth/magic-link-token.js';

const secret = Buffer.from('unit-test-magic-link-secret-0123456789abcdef');
const now = 1_800_000_000;
const claims = { userId: 'a1b2c3d4-sub', email: 'ana@example.com', iat: now, exp: now + 900, nonce: newNonce() };

/** Flips one character of a base64url string to another valid one. */
const flip = (text: string, at: number) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;

describe('magic-link token', () => {
  it('round-trips its claims while unexpired', () => {
    const token = signMagicLinkToken(secret, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyMagicLinkToken(secret, token, now + 899)).toEqual(claims);
  });

  it('expires at exp', () => {
    const token = signMagicLinkToken(secret, claims);
    expect(verifyMagicLinkToken(secret, token, now + 900)).toBeNull();
    expect(verifyMagicLinkToken(secret, token, now + 10_000)).toBeNull();
  });

  it('refuses a tampered payload, even one re-encoded with a longer expiry or another user', () => {
    const [payload, signature] = signMagicLinkToken(secret, claims).split('.') as [string, string];
    expect(verifyMagicLinkToken(secret, `${flip(payload, 5)}.${signature}`, now)).toBeNull();
    for (const forged of [
      { ...claims, exp: now + 86_400 },
      { ...claims, userId: 'someone-else' },
    ]) {
      const forgedPayload = Buffer.from(JSON.stringify(forged)).toString('base64url');
      expect(verifyMagicLinkToken(secret, `${forgedPayload}.${signature}`, now)).toBeNull();
    }
  });

  it('refuses a tampered or truncated signature, another key, and malformed tokens', () => {
    const token = signMagicLinkToken(secret, claims);
    const [payload, signature] = token.split('.') as [string, string];
    expect(verifyMagicLinkToken(secret, `${payload}.${flip(signature, 3)}`, now)).toBeNull();
    expect(verifyMagicLinkToken(secret, `${payload}.${signature.slice(0, -2)}`, now)).toBeNull();
    expect(verifyMagicLinkToken(Buffer.from('another-secret-of-at-least-32-bytes!!'), token, now)).toBeNull();
    for (const bad of ['', 'abc', `${token}.x`, `.${signature}`, 'enviar-link']) {
      expect(verifyMagicLinkToken(secret, bad, now)).toBeNull();
    }
  });

  it('refuses a correctly signed payload that is not a claims object', () => {
    const payload = Buffer.from(JSON.stringify({ userId: 'x' })).toString('base64url');
    const signature = createHmac('sha256', secret).update(payload).digest('base64url');
    expect(verifyMagicLinkToken(secret, `${payload}.${signature}`, now)).toBeNull();
  });

  it('carries the e-mail the SPA reads (without trusting it) to start the sign-in in any browser', () => {
    expect(magicLinkEmail(signMagicLinkToken(secret, { ...claims, email: 'joão@exemplo.com.br' }))).toBe(
      'joão@exemplo.com.br',
    );
    expect(magicLinkEmail('not-a-token')).toBeNull();
  });

  it('uses fresh 128-bit nonces', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    expect(Buffer.from([...nonces][0]!, 'base64url')).toHaveLength(16);
  });
});

import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';

/**
 * A magic-link token: `base64url(JSON claims) + '.' + base64url(HMAC-SHA256(secret, first part))`.
 * The MAC covers the exact transmitted bytes, so there is no JSON canonicalisation to get wrong.
 * Times are epoch seconds.
 */
const claimsSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(3),
  iat: z.number().int(),
  exp: z.number().int(),
  nonce: z.string().min(16),
});
export type MagicLinkClaims = z.infer<typeof claimsSchema>;

const mac = (secret: Uint8Array, payload: string) => createHmac('sha256', secret).update(payload).digest();

export function signMagicLinkToken(secret: Uint8Array, claims: MagicLinkClaims): string {
  const payload = Buffer.from(JSON.stringify(claimsSchema.parse(claims)), 'utf8').toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The claims of a token signed with `secret` that has not expired at `nowSeconds`; null for anything else. */
export function verifyMagicLinkToken(secret: Uint8Array, token: string, nowSeconds: number): MagicLinkClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  const expected = mac(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: MagicLinkClaims;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  return claims.exp > nowSeconds ? claims : null;
}

/** 128 random bits; the token carries it, the table only its hash. */
export const newNonce = (): string => randomBytes(16).toString('base64url');

export const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('base64url');

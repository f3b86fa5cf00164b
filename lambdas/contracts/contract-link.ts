import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { CONTRACT_LINK_PAGE } from '../../domain/api/contracts.js';
import { grantedSecret } from '../shared/secrets.js';

/**
 * The 'Contrato assinado' e-mail's link to the signed PDF: `base64url(JSON claims) + '.' + base64url(HMAC-SHA256)`,
 * checked by the server, which then hands out a fresh five-minute S3 link. S3's own presigned links die after 7 days at
 * most (SigV4), too soon for a copy the customer keeps (Decreto 7.962/2013 art. 4, IV); this one lives a year, and the
 * Contrato page downloads the same PDF at any time after that.
 */
export const CONTRACT_LINK_DAYS = 365;

/** HMAC-SHA256 keys shorter than the hash output weaken it. */
const CONTRACT_LINK_KEY_MIN_BYTES = 32;

const claimsSchema = z.object({
  /** The contract's owner: the contract is read under the owner's key, never found by id alone. */
  sub: z.string().min(1),
  contract: z.string().min(1),
  /** Epoch seconds. */
  exp: z.number().int(),
});
export type ContractLinkClaims = z.infer<typeof claimsSchema>;

const mac = (key: Uint8Array, payload: string) => createHmac('sha256', key).update(payload).digest();

/** A link token for the owner's contract, valid `CONTRACT_LINK_DAYS` from `now`. */
export function signContractLink(key: Uint8Array, owner: { userId: string; contractId: string }, now: Date): string {
  const claims: ContractLinkClaims = {
    sub: owner.userId,
    contract: owner.contractId,
    exp: Math.floor(now.getTime() / 1000) + CONTRACT_LINK_DAYS * 24 * 60 * 60,
  };
  const payload = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key` and not expired at `now`; null for anything else, whatever the reason. */
export function verifyContractLink(key: Uint8Array, token: string, now: Date): ContractLinkClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: ContractLinkClaims;
  try {
    claims = claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  return claims.exp > now.getTime() / 1000 ? claims : null;
}

/** Where the link opens: the SPA's page, which asks the API for the PDF and starts the download. */
export function contractLinkUrl(appUrl: string, token: string): string {
  return new URL(`${CONTRACT_LINK_PAGE}/${token}`, appUrl).toString();
}

/** The link key (grant `secrets: ['contractLinkKey']`), read on first use and kept for the container's life. */
export function contractLinkKeyFromEnvironment(env: NodeJS.ProcessEnv = process.env): () => Promise<Buffer> {
  const read = grantedSecret('contractLinkKey', { minLength: CONTRACT_LINK_KEY_MIN_BYTES, env });
  return async () => Buffer.from(await read(), 'utf8');
}

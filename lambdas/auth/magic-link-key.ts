import { memoizedUntilFailure } from '../shared/memoized.js';
import { grantedSecret } from '../shared/secrets.js';

/** HMAC-SHA256 keys shorter than the hash output weaken it. */
export const MAGIC_LINK_SECRET_MIN_BYTES = 32;

/**
 * The magic-link signing key (grant `secrets: ['magicLinkKey']`): the grant checked at cold start, the key read on the
 * first sign-in and kept. No top-level await: a transient Secrets Manager error costs one sign-in, never the container.
 */
export function magicLinkKeyFromEnvironment(
  options: Parameters<typeof grantedSecret>[1] = {},
): () => Promise<Uint8Array> {
  const secret = grantedSecret('magicLinkKey', { ...options, minLength: MAGIC_LINK_SECRET_MIN_BYTES });
  return memoizedUntilFailure(async () => Buffer.from(await secret(), 'utf8'));
}

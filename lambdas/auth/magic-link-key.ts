import { readSecret } from '../shared/secrets.js';

/** HMAC-SHA256 keys shorter than the hash output weaken it. */
export const MAGIC_LINK_SECRET_MIN_BYTES = 32;

/** The magic-link signing key (grant `secrets: ['magicLinkKey']`), read once per cold start. */
export async function loadMagicLinkKey(env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  return Buffer.from(await readSecret('magicLinkKey', { minLength: MAGIC_LINK_SECRET_MIN_BYTES, env }), 'utf8');
}

import { ForbiddenError } from './errors.js';
import { matchesSecret } from './secrets.js';

/**
 * The header CloudFront adds to every request it forwards to the API (lib/constructs/web.ts), holding the
 * `originVerify` secret. CloudFront's viewer headers (the signer's address and location) are evidence only because a
 * request without it — one that bypassed the distribution and could carry forged viewer headers — is refused.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Refuses a request that did not come through the distribution; constant-time, so timing tells nothing. */
export function assertFromOrigin(header: string | undefined, secret: string): void {
  if (!matchesSecret(header, secret)) throw new ForbiddenError();
}

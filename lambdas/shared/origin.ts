import { timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from './errors.js';

/**
 * The header CloudFront adds to every request it forwards to the API (lib/constructs/web.ts), holding the
 * `originVerify` secret. CloudFront's viewer headers (the signer's address and location) are evidence only because a
 * request without it — one that bypassed the distribution and could carry forged viewer headers — is refused.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** Where CloudFront's viewer headers live: they are set by the distribution, never by the browser. */
export const VIEWER_HEADERS = [
  'cloudfront-viewer-address',
  'cloudfront-viewer-city',
  'cloudfront-viewer-country',
  'cloudfront-viewer-country-region',
  'cloudfront-viewer-latitude',
  'cloudfront-viewer-longitude',
] as const;

/** Refuses a request that did not come through the distribution; constant-time, so timing tells nothing. */
export function assertFromOrigin(header: string | undefined, secret: string): void {
  const given = Buffer.from(header ?? '', 'utf8');
  const expected = Buffer.from(secret, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new ForbiddenError();
}

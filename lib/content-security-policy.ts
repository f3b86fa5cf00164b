import { DEFERRED_ENTRY_LOADER_CSP_SOURCE } from './deferred-entry.js';

/** What the site's pages reach beyond their own origin, as each place knows it. */
export type PolicySources = {
  /** Cognito's endpoint the app signs in and refreshes tokens through (AWS: the region's; locally cognito-local). */
  cognitoOrigin: string;
  /** The live channel: the WebSocket API's stage URL. */
  liveUrl: string;
  /** Where the filing kit's files go: the documents bucket, which the browser POSTs to with a presigned form. */
  uploadsOrigin: string;
  /** Meta's pixel is configured for the stage. */
  pixel: boolean;
};

/**
 * The site's Content-Security-Policy, in one place for the two servers of the production build: CloudFront's response
 * headers policy (lib/constructs/web.ts) and the local site server the browser tests run against
 * (local/services/site.ts). So every browser test runs under the policy production sends, and a script, a connection or
 * an eval it refuses fails there first.
 */
export function contentSecurityPolicy({ cognitoOrigin, liveUrl, uploadsOrigin, pixel }: PolicySources): string {
  return [
    "default-src 'self'",
    // The public pages' one inline script, by its hash: it starts their entry once the page has loaded.
    `script-src 'self' ${DEFERRED_ENTRY_LOADER_CSP_SOURCE}${pixel ? ' https://connect.facebook.net' : ''}`,
    // Radix/Amplify UI set inline style attributes; styles cannot exfiltrate tokens.
    "style-src 'self' 'unsafe-inline'",
    // data: for the PIX QR code, which Asaas returns as a base64 PNG.
    `img-src 'self' data:${pixel ? ' https://www.facebook.com' : ''}`,
    "font-src 'self'",
    // The API is 'self' (/api); Cognito (Amplify's sign-in and token refresh); the live channel; the kit's uploads.
    `connect-src 'self' ${cognitoOrigin} ${liveUrl} ${uploadsOrigin}${pixel ? ' https://www.facebook.com https://connect.facebook.net' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

import { viewerAddressIp } from '../../domain/signature-evidence.js';
import type { ApiEvent } from './http.js';

/**
 * The person's IP: CloudFront's `CloudFront-Viewer-Address`, which can be trusted because the API answers only
 * requests that came through CloudFront (origin.ts); else API Gateway's source IP (which, behind CloudFront, is the
 * edge's). Header names arrive lower-cased.
 */
export function requesterIp(request: {
  headers: Readonly<Record<string, string | undefined>>;
  event: Pick<ApiEvent, 'requestContext'>;
}): string | undefined {
  return viewerAddressIp(request.headers['cloudfront-viewer-address']) ?? request.event.requestContext.http.sourceIp;
}

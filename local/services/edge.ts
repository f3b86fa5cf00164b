import type { ClientRequest, IncomingMessage } from 'node:http';
import { ORIGIN_VERIFY_HEADER } from '../../lambdas/shared/origin.js';
import type { LocalSettings } from '../settings.js';

/**
 * What CloudFront's /api behavior does to a request before API Gateway sees it (lib/constructs/web.ts): whatever the
 * browser sent as viewer or origin headers is dropped, then the secret origin header and the CloudFront-Viewer-*
 * headers are set — the address from the socket, the location from configuration (CloudFront's comes from its
 * geo-IP database, which this machine does not have). City names are percent-encoded, as CloudFront sends them.
 */
export function edgeHeaders(
  socket: { remoteAddress?: string; remotePort?: number },
  viewer: LocalSettings['viewer'],
  originSecret: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    [ORIGIN_VERIFY_HEADER]: originSecret,
    'cloudfront-viewer-address': `${socket.remoteAddress ?? '127.0.0.1'}:${socket.remotePort ?? 0}`,
  };
  const optional: [string, string][] = [
    ['cloudfront-viewer-city', encodeURIComponent(viewer.city)],
    ['cloudfront-viewer-country-region', viewer.region],
    ['cloudfront-viewer-country', viewer.country],
    ['cloudfront-viewer-latitude', viewer.latitude],
    ['cloudfront-viewer-longitude', viewer.longitude],
  ];
  for (const [name, value] of optional) if (value) headers[name] = value;
  return headers;
}

/** Applies `edgeHeaders` to a proxied request, after removing every header of those names the browser sent. */
export function applyEdgeHeaders(
  proxyReq: ClientRequest,
  req: IncomingMessage,
  viewer: LocalSettings['viewer'],
  originSecret: string,
): void {
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith('cloudfront-') || name === ORIGIN_VERIFY_HEADER) proxyReq.removeHeader(name);
  }
  for (const [name, value] of Object.entries(edgeHeaders(req.socket, viewer, originSecret))) {
    proxyReq.setHeader(name, value);
  }
}

import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * What API Gateway and CloudFront refuse before any route or origin sees a request, so the local stand-ins
 * (gateway.ts, site.ts, web.ts) answer it the same way instead of handing it to code that throws (a bare `%` in a
 * path made decodeURIComponent throw and stopped the whole `npm start`).
 */

/** The methods the distribution's /api behavior forwards (AllowedMethods.ALLOW_ALL) and an HTTP API can route. */
const METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);

/** CloudFront's limit on a request's URL (path and query), in bytes; a longer one gets 414. */
export const MAX_URL_LENGTH = 8192;

export type Refusal = { status: 400 | 414; message: 'Bad Request' | 'URI Too Long' };

const BAD_REQUEST: Refusal = { status: 400, message: 'Bad Request' };

/** A request target split as the services read it: no URL parsing, so '//host/…' stays a path, never a host. */
export function splitTarget(target: string): { path: string; query: string } {
  const mark = target.indexOf('?');
  return mark === -1 ? { path: target, query: '' } : { path: target.slice(0, mark), query: target.slice(mark + 1) };
}

function decodes(value: string): boolean {
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/** Control characters other than tab: Node's parser refuses most, this refuses them all wherever they came from. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/**
 * Why the edge would refuse this request, or null: a method it does not forward, a URL over its limit, a target that
 * is not a path, raw bytes a URL must percent-encode, a %-escape that is malformed or not UTF-8 in the path or the
 * query, a header value with control characters.
 */
export function refusalOf(req: { method?: string; url?: string; headers: IncomingHttpHeaders }): Refusal | null {
  const target = req.url ?? '';
  if (!METHODS.has(req.method ?? '')) return BAD_REQUEST;
  if (Buffer.byteLength(target) > MAX_URL_LENGTH) return { status: 414, message: 'URI Too Long' };
  if (!target.startsWith('/') || /[^\u0021-\u007e]/.test(target)) return BAD_REQUEST;
  const { path, query } = splitTarget(target);
  if (!decodes(path) || !decodes(query.replace(/\+/g, ' '))) return BAD_REQUEST;
  for (const value of Object.values(req.headers)) {
    for (const one of Array.isArray(value) ? value : [value ?? '']) if (CONTROL.test(one)) return BAD_REQUEST;
  }
  return null;
}

/** Answers a refusal as API Gateway does: its status and `{"message": …}`. */
export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close' });
  res.end(JSON.stringify({ message: refusal.message }));
}

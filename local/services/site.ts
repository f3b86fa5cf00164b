import { existsSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { extname, join, normalize } from 'node:path';
import { API_BASE_PATH } from '../../domain/api/route.js';
import { siteFileFor, siteStatusFor } from '../../domain/public-pages.js';
import type { RuntimeConfig } from '../../domain/schemas/runtime-config.js';
import type { LocalSettings } from '../settings.js';
import { contentSecurityPolicy } from '../../lib/content-security-policy.js';
import { edgeHeaders } from './edge.js';
import { refusalOf, sendRefusal, splitTarget } from './request-guard.js';
import { stageFiles } from './web.js';

/** Content types of the site's files, as S3 stores them at deploy time (also the Lighthouse benchmark's server's). */
export const SITE_CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
};

/**
 * The production build of the site (scripts/build-web.ts) served as the CloudFront distribution serves it: the same
 * path → file rule and status (domain/public-pages.ts), the per-stage files, and /api forwarded to the local gateway
 * with the origin secret and viewer headers. No hot reload: the browser tests run against it (the pages they load are
 * the ones that deploy, and a page costs a few requests instead of a few hundred modules); `npm start` keeps Vite.
 */
export async function startSiteServer(opts: {
  port: number;
  siteDir: string;
  runtimeConfig: RuntimeConfig;
  apiOrigin: string;
  viewer: LocalSettings['viewer'];
  originSecret: string;
  /** Where the filing kit's uploads go (the local S3): the policy's connect-src names it, as CloudFront's names S3's. */
  uploadsOrigin: string;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${opts.port}`;
  // CloudFront's policy, with this machine's Cognito, live channel and S3 in place of AWS's.
  const policy = contentSecurityPolicy({
    cognitoOrigin: new URL(
      opts.runtimeConfig.userPoolEndpoint ?? `https://cognito-idp.${opts.runtimeConfig.region}.amazonaws.com`,
    ).origin,
    liveUrl: opts.runtimeConfig.liveUrl,
    uploadsOrigin: opts.uploadsOrigin,
    pixel: opts.runtimeConfig.metaPixelId !== undefined,
  });
  const files = stageFiles(opts.runtimeConfig, url);
  const root = normalize(opts.siteDir);
  const api = new URL(opts.apiOrigin);

  const server: Server = createServer((req, res) => {
    try {
      serve(req, res);
    } catch (error) {
      // A bug here answers this request only; the server, and the tests or `npm start` around it, go on.
      console.error(`site server: ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error).stack ?? error}`);
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    }
  });

  function serve(req: IncomingMessage, res: ServerResponse): void {
    // What CloudFront refuses before any behavior (a malformed %-escape, an overlong URL, an odd method…).
    const refusal = refusalOf(req);
    if (refusal) return sendRefusal(res, refusal);
    // CloudFront's response headers policy, on every behavior (the site's files, the stage's and /api).
    res.setHeader('content-security-policy', policy);
    const pathname = decodeURIComponent(splitTarget(req.url ?? '/').path);
    if (pathname === API_BASE_PATH || pathname.startsWith(`${API_BASE_PATH}/`)) {
      // CloudFront's /api behavior: viewer headers of those names are dropped, then the edge's own are set.
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !name.startsWith('cloudfront-') && name !== 'host'),
      );
      let upstream: ReturnType<typeof httpRequest>;
      try {
        upstream = httpRequest(
          {
            host: api.hostname,
            port: api.port,
            method: req.method,
            path: req.url,
            headers: { ...headers, ...edgeHeaders(req.socket, opts.viewer, opts.originSecret) },
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
      } catch {
        // Node refuses to send what is not a valid request (a header value it cannot encode): so would CloudFront.
        return sendRefusal(res, { status: 400, message: 'Bad Request' });
      }
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end('Bad Gateway');
      });
      req.pipe(upstream);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { 'content-type': 'text/plain' }).end('Method Not Allowed');
      return;
    }
    const stageFile = files[pathname];
    if (stageFile) {
      res.writeHead(200, { 'content-type': stageFile.type, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : stageFile.body);
      return;
    }
    const file = siteFileFor(pathname);
    const path = normalize(join(root, file));
    if (!path.startsWith(root) || !existsSync(path) || !statSync(path).isFile()) {
      // What S3 answers CloudFront for a missing object, turned into a 404 by the viewer-response function.
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    res.writeHead(siteStatusFor(file), {
      'content-type': SITE_CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': file.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : readFileSync(path));
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

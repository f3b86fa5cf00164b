import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { API_BASE_PATH } from '../../domain/api/route.js';
import { robotsTxt, sitemapXml } from '../../domain/public-pages.js';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../domain/schemas/runtime-config.js';
import { REPO_ROOT } from '../../lib/paths.js';
import type { LocalSettings } from '../settings.js';
import { applyEdgeHeaders } from './edge.js';
import { refusalOf, sendRefusal } from './request-guard.js';
import { warmUpPages, type WarmUpReport } from './web-warmup.js';
import type { CompanyIdentity } from '../../domain/company.js';

/**
 * The files CDK writes per stage at deploy time (lib/constructs/web.ts), served as CloudFront serves them:
 * /config.json, and robots.txt and sitemap.xml naming this origin.
 */
export function stageFiles(config: RuntimeConfig, origin: string): Record<string, { type: string; body: string }> {
  return {
    [RUNTIME_CONFIG_PATH]: { type: 'application/json', body: JSON.stringify(config) },
    '/robots.txt': { type: 'text/plain; charset=utf-8', body: robotsTxt(origin) },
    '/sitemap.xml': { type: 'application/xml', body: sitemapXml(origin) },
  };
}

function stageFilesPlugin(config: RuntimeConfig, origin: string): Plugin {
  const files = stageFiles(config, origin);
  return {
    name: 'baixa-stage-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files[new URL(req.url ?? '/', origin).pathname];
        if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
        res.setHeader('content-type', file.type);
        res.setHeader('cache-control', 'no-store');
        res.end(req.method === 'HEAD' ? undefined : file.body);
      });
    },
  };
}

/** CloudFront's refusals (local/services/request-guard.ts) before Vite or its /api proxy sees the request. */
function edgeRefusalsPlugin(): Plugin {
  return {
    name: 'baixa-edge-refusals',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const refusal = refusalOf(req);
        if (refusal) return sendRefusal(res, refusal);
        next();
      });
    },
  };
}

/**
 * The SPA, served by Vite's dev server (hot reload while developing), and the API under /api on the same origin: the
 * local stand-in for the CloudFront distribution, whose /api behavior forwards to API Gateway with the origin secret
 * and the viewer headers (local/services/edge.ts).
 */
export async function startWebServer(opts: {
  port: number;
  runtimeConfig: RuntimeConfig;
  /** The local API Gateway's origin (http://127.0.0.1:<port>), which serves the API under /api. */
  apiOrigin: string;
  viewer: LocalSettings['viewer'];
  originSecret: string;
  /** @default Vite's own (node_modules/.vite) */
  cacheDir?: string;
  /** The identity the pages show (the build's `BAIXA_COMPANY_IDENTITY`). */
  company: CompanyIdentity;
}): Promise<{
  url: string;
  /** How long warming the landing page's modules took, before the start is announced. */
  landing: WarmUpReport;
  /** Warming the app's entry, which goes on in the background. */
  app: Promise<WarmUpReport>;
  stop(): Promise<void>;
}> {
  const url = `http://127.0.0.1:${opts.port}`;
  const server = await createServer({
    configFile: resolve(REPO_ROOT, 'frontend/vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
    cacheDir: opts.cacheDir,
    define: { 'import.meta.env.VITE_COMPANY_IDENTITY': JSON.stringify(JSON.stringify(opts.company)) },
    server: {
      host: '127.0.0.1',
      port: opts.port,
      strictPort: true,
      proxy: {
        [API_BASE_PATH]: {
          target: opts.apiOrigin,
          configure: (proxy) =>
            proxy.on('proxyReq', (proxyReq, req) => applyEdgeHeaders(proxyReq, req, opts.viewer, opts.originSecret)),
        },
      },
    },
    plugins: [edgeRefusalsPlugin(), stageFilesPlugin(opts.runtimeConfig, url)],
  });
  await server.listen();
  // The landing page first (a newcomer's first visit), then the app's entry, which the next click opens.
  const warmUps = new AbortController();
  const landing = await warmUpPages(url, ['/'], { signal: warmUps.signal });
  const app = warmUpPages(url, ['/auth'], { signal: warmUps.signal });
  return {
    url,
    landing,
    app,
    stop: async () => {
      warmUps.abort();
      await app.catch(() => {});
      await server.close();
    },
  };
}

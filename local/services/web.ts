import { resolve } from 'node:path';
import { createServer, type Plugin } from 'vite';
import { API_BASE_PATH } from '../../domain/api/route.js';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../domain/schemas/runtime-config.js';
import { REPO_ROOT } from '../../lib/paths.js';
import type { LocalSettings } from '../settings.js';
import { applyEdgeHeaders } from './edge.js';

/** Serves /config.json the way CloudFront serves the file CDK writes at deploy time. */
function runtimeConfigPlugin(config: RuntimeConfig): Plugin {
  const body = JSON.stringify(config);
  return {
    name: 'baixa-runtime-config',
    configureServer(server) {
      server.middlewares.use(RUNTIME_CONFIG_PATH, (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.setHeader('cache-control', 'no-store');
        res.end(body);
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
}): Promise<{ url: string; stop(): Promise<void> }> {
  const server = await createServer({
    configFile: resolve(REPO_ROOT, 'frontend/vite.config.ts'),
    logLevel: 'warn',
    clearScreen: false,
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
    plugins: [runtimeConfigPlugin(opts.runtimeConfig)],
  });
  await server.listen();
  return { url: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}

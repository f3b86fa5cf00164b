import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type ModuleNode, type Plugin, type ViteDevServer } from 'vite';
import react from '@vitejs/plugin-react';
import {
  APP_SHELL_FILE,
  prerenderedFile,
  PUBLIC_PAGES,
  siteFileFor,
  siteStatusFor,
  type PublicPath,
} from '../domain/public-pages';
import { companyForBuild } from '../lib/company-config';
import { lazyAmplifyThemeDefault } from '../lib/lazy-amplify-theme-default';

// Resolved from this file, not the cwd, so `vite build --config frontend/vite.config.ts` works from the repo root.
const frontendDir = fileURLToPath(new URL('.', import.meta.url));
const fromFrontend = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * First-party modules both entries load. Without naming them, Rollup may place a module shared by the app entry and a
 * public island into the app entry's own chunk, and the island would then import — and run — the whole app.
 * Kept apart: what the public entry loads up front (tracking) and what the islands share with the app (the public
 * shell, the error boundary, the messages). The page loaders (app/public-pages.tsx) stay with the app's router: a
 * chunk the islands import must not reach every page's code.
 */
const FIRST_PARTY_CHUNKS: [RegExp, string][] = [
  // With Vite's own loader helpers, which would otherwise land in a chunk that imports React.
  [
    /\/frontend\/src\/lib\/(tracking|pixel|canonical-link|head-tags|site-origin)\.ts$|\/domain\/(conversion-events|pricing|payment-methods|api\/base-path)\.ts$|vite\/(preload-helper|modulepreload-polyfill)/,
    'tracking',
  ],
  [
    /\/frontend\/src\/(components\/(public-layout|public-brand-mark|brand-mark-content|site-link|error-boundary|error-screen|not-found-page)\.tsx|lib\/(page-meta|brand|company|contact)\.ts)$|\/domain\/(public-pages|company|messages)\.ts$/,
    'public',
  ],
  // The toasts: the app's root holds them and the lookup page loads them on demand.
  [/\/frontend\/src\/(components\/toaster\.tsx|lib\/toast\.ts)$|\/node_modules\/@radix-ui\//, 'toaster'],
  // The landing page: the app's router imports it too (see app/routes.tsx).
  [/\/frontend\/src\/features\/landing\//, 'landing-page'],
];

/**
 * The chunks named above, then vendor code, which changes less often than ours: its chunks stay cached across deploys.
 * Only the big families are named:
 * a catch-all vendor chunk would make the landing page download zod, React Query and Radix for one small helper, so
 * everything else is left to Rollup, which puts it with the lazy pages that use it.
 */
function chunkOf(id: string): string | undefined {
  const named = FIRST_PARTY_CHUNKS.find(([pattern]) => pattern.test(id))?.[1];
  if (named || !id.includes('node_modules')) return named;
  if (/node_modules\/(@aws-amplify\/ui|@aws-amplify\/ui-react)\//.test(id)) return 'amplify-ui';
  if (/node_modules\/(aws-amplify|@aws-amplify|@aws-crypto|@smithy|@aws-sdk)\//.test(id)) return 'amplify';
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  // Apart from React: the public islands hydrate without a router.
  if (/node_modules\/(react-router|cookie|set-cookie-parser)\//.test(id)) return 'router';
  return undefined;
}

/** What only the dev server serves (modules, its client, files outside the root) and the proxied API. */
const DEV_SERVER_PATHS = /^\/(@|__|src\/|node_modules\/|api\/)/;

/**
 * The dev server answers requests as CloudFront does (domain/public-pages.ts `siteFileFor`): a public page gets
 * index.html (the public entry), an app route app.html (the app's entry), a file itself, and any other path the app's
 * entry with HTTP 404, where the router's catch-all shows the 404 page.
 */
function siteRoutes(): Plugin {
  return {
    name: 'site-routes',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.url) return next();
        const url = new URL(request.url, 'http://localhost');
        if (DEV_SERVER_PATHS.test(url.pathname)) return next();
        const file = siteFileFor(url.pathname);
        if (siteStatusFor(file) === 404) {
          const shell = readFileSync(fromFrontend('.' + APP_SHELL_FILE), 'utf8');
          server
            .transformIndexHtml(request.url, shell)
            .then((html) => {
              response.statusCode = 404;
              response.setHeader('content-type', 'text/html; charset=utf-8');
              response.setHeader('cache-control', 'no-cache');
              response.end(request.method === 'HEAD' ? undefined : html);
            })
            .catch(next);
          return;
        }
        const page = PUBLIC_PAGES.find((candidate) => prerenderedFile(candidate.path) === file);
        if (page) {
          // As on CloudFront, the page arrives rendered: its content paints before any module has loaded.
          prerenderedInDev(server, request.url, page.path)
            .then((html) => {
              response.setHeader('content-type', 'text/html; charset=utf-8');
              response.setHeader('cache-control', 'no-cache');
              response.end(request.method === 'HEAD' ? undefined : html);
            })
            .catch(next);
          return;
        }
        if (file.endsWith('.html'))
          request.url = `${file.replace(/\/[^/]+\/index\.html$/, '/index.html')}${url.search}`;
        next();
      });
    },
  };
}

/**
 * A public page rendered by the dev server with the tree the build prerenders (entry-server.tsx), its stylesheets linked
 * in the head (collected from the server render's module graph) so it paints styled; the entry then arms its islands as in
 * production. Hot reload is Vite's own: an edited module re-renders on the next request.
 */
async function prerenderedInDev(server: ViteDevServer, url: string, path: PublicPath): Promise<string> {
  const entry = '/src/entry-server.tsx';
  const { render } = (await server.ssrLoadModule(entry)) as { render: (page: PublicPath) => Promise<string> };
  const body = await render(path);
  const styles = new Set<string>();
  const visit = (module: ModuleNode | undefined, seen = new Set<ModuleNode>()) => {
    if (!module || seen.has(module)) return;
    seen.add(module);
    if (module.url.endsWith('.css')) styles.add(module.url);
    for (const imported of module.importedModules) visit(imported, seen);
  };
  visit(await server.moduleGraph.getModuleByUrl(entry, true));
  // The public entry's own stylesheet (public.css) is imported by the client entry, not by the server render.
  const clientEntry = '/src/public-main.tsx';
  await server.transformRequest(clientEntry);
  visit(await server.moduleGraph.getModuleByUrl(clientEntry, false));
  const template = await server.transformIndexHtml(url, readFileSync(fromFrontend('./index.html'), 'utf8'));
  const links = [...styles].map((style) => `<link rel="stylesheet" href="${style}" />`).join('');
  return template
    .replace('</head>', `${links}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * The company identity the pages are built with: whoever starts a build or the dev server names it (CDK's site build,
 * `npm run build:web -- --company <file>`, the local runtime); without it, the examples. Parsed here, so a malformed
 * identity fails the build instead of the visitor's page.
 */
const companyJson = JSON.stringify(companyForBuild());

export default defineConfig(({ isSsrBuild }) => ({
  root: frontendDir,
  define: { 'import.meta.env.VITE_COMPANY_IDENTITY': JSON.stringify(companyJson) },
  plugins: [react(), siteRoutes(), lazyAmplifyThemeDefault()],
  resolve: {
    alias: {
      '@domain': fromFrontend('../domain'),
      '@': fromFrontend('./src'),
    },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: fromFrontend('./dist'),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      // The prerender's server build (scripts/build-web.ts) is one file run once; chunks would only slow it.
      // Two documents: the prerendered public pages (index.html) and the app (app.html).
      input: isSsrBuild ? undefined : { index: fromFrontend('./index.html'), app: fromFrontend('./app.html') },
      output: { manualChunks: isSsrBuild ? undefined : chunkOf },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are harmless and would bury real warnings.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
}));

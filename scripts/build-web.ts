/**
 * Production build of the SPA: Vite's client build, then every public page (domain/public-pages.ts) rendered to static
 * HTML with the same component tree the browser hydrates, so its content paints before any JavaScript runs. Client
 * routes (/auth, /app, /admin, /verificar) get `app.html`, the app's own entry; any other path the prerendered 404.html.
 *
 * Usage: `npm run build:web [-- --outDir <dir>] [-- --site-url https://www.example.com.br] [-- --company
 * config/company/prod.json]`. The company identity is the file's, or BAIXA_COMPANY_IDENTITY's (CDK's build), or the
 * examples of domain/company.ts; a site built for a stage must be built with that stage's. With a site URL (or
 * SITE_URL), canonical links and Open Graph URLs are absolute in the HTML and robots.txt / sitemap.xml are written;
 * without one, the page sets its canonical link from its own origin and the CDK stack deploys robots.txt and
 * sitemap.xml for the distribution's URL.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { REPO_ROOT } from '../lib/paths.js';
import {
  documentTitle,
  NOT_FOUND_FILE,
  NOT_FOUND_TITLE,
  prerenderedFile,
  PUBLIC_PAGES,
  robotsTxt,
  sitemapXml,
  type PublicPath,
} from '../domain/public-pages.js';
import { COMPANY_IDENTITY_BUILD_ENV, companyForBuild, loadCompanyIdentity } from '../lib/company-config.js';
import { DEFERRED_ENTRY_LOADER } from '../lib/deferred-entry.js';

const CONFIG_FILE = join(REPO_ROOT, 'frontend/vite.config.ts');

/**
 * The lazy module behind each public page, so its stylesheet goes into the page's HTML (no unstyled flash, nothing
 * render-blocking). Its scripts are not preloaded on purpose: the entry fetches them after the first paint. A page
 * missing from the build's manifest fails the build.
 */
const PAGE_MODULES: Record<PublicPath, string> = {
  '/': 'src/features/landing/components/landing-page.tsx',
  '/consultar': 'src/features/lookup/components/lookup-page.tsx',
  '/duvidas': 'src/features/legal/components/faq-page.tsx',
  '/termos': 'src/features/legal/components/terms-page.tsx',
  '/privacidade': 'src/features/legal/components/privacy-page.tsx',
};

type Manifest = Record<string, { file: string; isEntry?: boolean; css?: string[]; imports?: string[] }>;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

/**
 * Which build the SPA runs, sent with its error reports: the commit, so a report names the code it came from. The same
 * commit builds the same files (CDK uploads the site only when it changed); outside a git checkout, 'unknown'.
 */
function buildId(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export async function buildWeb(options: { outDir: string; siteUrl?: string }): Promise<void> {
  const outDir = resolve(options.outDir);
  const siteUrl = options.siteUrl?.replace(/\/+$/, '');
  if (siteUrl) process.env.VITE_SITE_URL = siteUrl;
  process.env.VITE_BUILD_ID ??= buildId();

  await build({ configFile: CONFIG_FILE, build: { outDir, emptyOutDir: true, manifest: true }, logLevel: 'warn' });
  // Inside the repository (the server build resolves node_modules from there), one per build: builds may run at once.
  const ssrDir = join(REPO_ROOT, `frontend/.ssr-${process.pid}-${Date.now()}`);
  try {
    await build({
      configFile: CONFIG_FILE,
      build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
      logLevel: 'warn',
    });

    const manifestPath = join(outDir, '.vite/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    const { render, renderNotFound } = (await import(pathToFileURL(join(ssrDir, 'entry-server.js')).href)) as {
      render: (path: PublicPath) => Promise<string>;
      renderNotFound: () => string;
    };

    for (const page of PUBLIC_PAGES) {
      const body = await render(page.path);
      const head = withHead(template, page, siteUrl, stylesOf(manifest, PAGE_MODULES[page.path]));
      const html = deferEntryWithoutIsland(
        inlineStylesheets(head.replace('<div id="root"></div>', `<div id="root">${body}</div>`), outDir),
      );
      const file = join(outDir, prerenderedFile(page.path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, html);
    }
    writeFileSync(join(outDir, NOT_FOUND_FILE), notFoundDocument(template, renderNotFound(), outDir));
    if (siteUrl) {
      writeFileSync(join(outDir, 'robots.txt'), robotsTxt(siteUrl));
      writeFileSync(join(outDir, 'sitemap.xml'), sitemapXml(siteUrl));
    }
  } finally {
    // The server build is a means to an end: never left behind, even when the prerender fails.
    rmSync(ssrDir, { recursive: true, force: true });
    rmSync(join(outDir, '.vite'), { recursive: true, force: true });
  }
}

/** The stylesheets of a lazy page's chunk and of the chunks it imports. */
function stylesOf(manifest: Manifest, module: string): string[] {
  const visited = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: update PAGE_MODULES in scripts/build-web.ts`);
    if (visited.has(chunk.file)) return;
    visited.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) if (!manifest[imported]?.isEntry) visit(imported);
  };
  visit(module);
  return [...styles];
}

function withHead(
  template: string,
  page: (typeof PUBLIC_PAGES)[number],
  siteUrl: string | undefined,
  styles: string[],
): string {
  const title = documentTitle(companyForBuild().brand, page.title, page.path);
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:site_name" content="${escapeHtml(companyForBuild().brand)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    ...(siteUrl
      ? [
          `<link rel="canonical" href="${siteUrl}${page.path}" />`,
          `<meta property="og:url" content="${siteUrl}${page.path}" />`,
        ]
      : []),
    // What the entry's own tags already load is not repeated.
    ...styles
      .filter((file) => !template.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" />`),
  ];
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * The 404 page as a document of its own: the public entry's styles inlined, no script (nothing on it needs one), and
 * kept out of search results.
 */
function notFoundDocument(template: string, body: string, outDir: string): string {
  const html = template
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(documentTitle(companyForBuild().brand, NOT_FOUND_TITLE))}</title>`,
    )
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, '<meta name="robots" content="noindex" />')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  return inlineStylesheets(html, outDir);
}

/**
 * Each page's few kilobytes of CSS go inside its HTML: no render-blocking request before the first paint. On a page
 * with an island the link stays, with a media query that never matches (fetched late, never applied), so Vite's loader,
 * which looks for it before adding a lazy chunk's stylesheet, does not load the same CSS again when the island wakes;
 * a page without one loads no chunk, and the link would only be a wasted request.
 */
function inlineStylesheets(html: string, outDir: string): string {
  const hasIsland = html.includes('<div data-island=');
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)"\s*\/?>/g, (_tag, file: string) => {
    const css = readFileSync(join(outDir, file), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\//, '');
    const link = hasIsland ? `\n    <link rel="stylesheet" crossorigin href="/${file}" media="not all" />` : '';
    return `<style>${css}</style>${link}`;
  });
}

/**
 * A page without an island starts its entry once it has loaded and painted (lib/deferred-entry.ts): its module script
 * and the preloads of what the entry imports give way to the loader, which names the entry in `data-entry`. A page with
 * an island keeps them, so its island is armed as soon as the page is parsed.
 */
function deferEntryWithoutIsland(html: string): string {
  if (html.includes('<div data-island=')) return html;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error("the public entry's module script is not in the page: update deferEntryWithoutIsland");
  return html
    .replace(entry[0], `<script data-entry="${escapeHtml(entry[1]!)}">${DEFERRED_ENTRY_LOADER}</script>`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isMain) {
  const companyFile = argument('--company');
  if (companyFile) {
    process.env[COMPANY_IDENTITY_BUILD_ENV] = JSON.stringify(loadCompanyIdentity('build', companyFile).identity);
  }
  await buildWeb({
    outDir: argument('--outDir') ?? join(REPO_ROOT, 'frontend/dist'),
    siteUrl: argument('--site-url') ?? process.env.SITE_URL,
  });
}

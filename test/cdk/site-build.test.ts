import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, prerenderedFile } from '../../domain/public-pages.js';
import { buildWeb } from '../../scripts/build-web.js';
import { DEFERRED_ENTRY_LOADER, DEFERRED_ENTRY_LOADER_CSP_SOURCE } from '../../lib/deferred-entry.js';

/** A script's CSP hash source, as a browser computes it from the element's text. */
const cspHash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

/** The production site as `cdk deploy` builds it: prerendered public pages and the app shell. */
const SITE_URL = 'https://www.exemplo.com.br';
let outDir: string;
const read = (file: string) => readFileSync(join(outDir, file), 'utf8');

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'baixa-site-'));
  await buildWeb({ outDir, siteUrl: SITE_URL });
}, 240_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the prerendered public pages', () => {
  it.each(PUBLIC_PAGES.map((page) => [page.path, page] as const))(
    '%s paints its content and head without JavaScript',
    (_path, page) => {
      const html = read(prerenderedFile(page.path));
      const root = /<div id="root">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1] ?? '';
      expect(root).toContain('<h1');
      expect(root).toContain('Termos de Uso'); // the footer of every public page
      expect(html).toContain(`<link rel="canonical" href="${SITE_URL}${page.path}" />`);
      expect(html).toContain(`<meta property="og:url" content="${SITE_URL}${page.path}" />`);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('<meta name="description"');
      // The CSP allows one inline script, the entry's loader, by its hash; styles are inlined so nothing blocks the
      // first paint. Structured data for search engines (`application/ld+json`, the FAQ's) is a data block the browser
      // never runs, so CSP ignores it.
      const inline = [
        ...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>([^<]*)<\/script>/g),
      ];
      for (const [, code] of inline) expect(cspHash(code!)).toBe(DEFERRED_ENTRY_LOADER_CSP_SOURCE);
      expect(html.match(/<script(?![^>]*\b(?:src=|type="application\/ld\+json"))[^>]*>/g) ?? []).toHaveLength(
        inline.length,
      );
      expect(html).toContain('<style>');
    },
  );

  it('the landing page has every section and the start buttons', () => {
    const html = read('index.html');
    for (const step of ['Cadastro', 'Assinatura Digital', 'Pagamento PIX', 'Protocolo Judicial'])
      expect(html).toContain(step);
    expect(html).toContain('href="/auth?mode=register"');
    expect(html).toContain('R$');
  });

  it('the lookup page renders its form, not the authenticated app', () => {
    const html = read('consultar/index.html');
    expect(html).toContain('CPF, CNPJ ou protocolo');
    expect(html).not.toContain('amplify');
  });

  it('the app shell is empty, not indexed, and loads the app entry', () => {
    const html = read('app.html');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
  });

  it('the 404 page is prerendered with its styles, without any script, and not indexed', () => {
    const html = read('404.html');
    expect(html).toContain('404 Oops! Page not found');
    expect(html).toContain('href="/"');
    expect(html).toContain('<title>Página não encontrada | Limpa Nome</title>');
    expect(html).toMatch(/<meta name="robots" content="noindex"\s*\/?>/);
    expect(html).toContain('<style>');
    expect(html).not.toContain('<script');
  });

  it('robots.txt and sitemap.xml name the site', () => {
    expect(read('robots.txt')).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    expect(read('sitemap.xml')).toContain(`<loc>${SITE_URL}/consultar</loc>`);
  });
});

describe('what the public pages download', () => {
  /** The public entry's file: the module script of a page with an island, the loader's `data-entry` elsewhere. */
  const entryOf = (file: string) =>
    /<script (?:type="module" crossorigin src|data-entry)="\/assets\/([\w.-]+\.js)">/.exec(read(file))?.[1];
  const publicEntry = () => entryOf('index.html')!;

  /**
   * Every script a page can load from its entry: static imports and, unless `staticOnly`, dynamic imports and Vite's
   * preload lists (what an island brings when it wakes).
   */
  function reachableScripts(entry: string, { staticOnly = false } = {}): Set<string> {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = read(`assets/${file}`);
      const references = staticOnly
        ? [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)"\.\/([\w.-]+\.js)"/g)]
        : [
            ...code.matchAll(/(?:from|import)\s*\(?\s*"\.\/([\w.-]+\.js)"/g),
            ...code.matchAll(/"assets\/([\w.-]+\.js)"/g),
          ];
      for (const [, name] of references) visit(name!);
    };
    visit(entry);
    return seen;
  }

  it('never the app: no Amplify, no React Query, no router, no app entry, and no page to hydrate', () => {
    const scripts = [...reachableScripts(publicEntry())];
    // The lookup's island is reachable (it loads when the visitor reaches for the form); the pages themselves are not.
    expect(scripts.some((file) => file.startsWith('lookup-search'))).toBe(true);
    for (const forbidden of ['app-', 'amplify', 'router-', 'private-', 'landing-page', 'lookup-page', 'faq-page']) {
      expect(scripts.filter((file) => file.startsWith(forbidden))).toEqual([]);
    }
  });

  it('loads no React up front, and stays within the landing budget of 30 KB gzipped', () => {
    const upFront = [...reachableScripts(publicEntry(), { staticOnly: true })];
    expect(upFront.filter((file) => file.startsWith('react-'))).toEqual([]);
    const bytes = upFront.reduce((sum, file) => sum + gzipSync(readFileSync(join(outDir, 'assets', file))).length, 0);
    expect(bytes).toBeLessThan(30 * 1024);
  });

  it('starts the entry after the first paint where there is no island, and at once where there is one', () => {
    const entry = publicEntry();
    // The lookup's form must answer as soon as it is drawn: its page loads the entry as a module script.
    expect(read('consultar/index.html')).toContain(`<script type="module" crossorigin src="/assets/${entry}">`);
    for (const file of ['index.html', 'duvidas/index.html', 'termos/index.html', 'privacidade/index.html']) {
      const html = read(file);
      expect(html).toContain(`<script data-entry="/assets/${entry}">${DEFERRED_ENTRY_LOADER}</script>`);
      expect(html).not.toContain('type="module"');
      expect(html).not.toContain('modulepreload');
    }
  });

  it('renders the lookup island apart, as the root the browser hydrates, and the rest without islands', () => {
    const islands = (file: string) => [...read(file).matchAll(/<div data-island="([\w-]+)"/g)].map(([, name]) => name);
    expect(islands('consultar/index.html')).toEqual(['lookup']);
    expect(read('consultar/index.html')).not.toContain('data-island-slot');
    // The inlined styles' files are linked (never applied) only where an island's chunk could ask for them again.
    expect(read('consultar/index.html')).toContain('media="not all"');
    for (const file of ['index.html', 'duvidas/index.html', 'termos/index.html', 'privacidade/index.html']) {
      expect(islands(file)).toEqual([]);
      expect(read(file)).not.toContain('<link rel="stylesheet"');
    }
  });
});

/**
 * Public-site benchmark (issues 9 and 35): builds the production site (scripts/build-web.ts), serves it compressed on
 * loopback exactly as CloudFront routes it (domain/public-pages.ts `siteFileFor`), and runs Lighthouse (mobile,
 * simulated slow 4G and 4× CPU, its defaults) in Debian's Chromium on the landing page, /consultar and /duvidas. Prints
 * each page's scores, metrics and the JavaScript it downloads, then the targets it misses. Figures, not assertions.
 *
 * Usage: `npm run bench:web [-- --runs 3] [-- --skip-build]`. Targets (`TARGETS` below): the landing 100 in every
 * category, LCP ≤ 0.8 s and ≤ 30 KB of JavaScript gzipped; /consultar performance ≥ 98, LCP ≤ 1.2 s and ≤ 60 KB; every
 * page accessibility and SEO 100. The site is served on 127.0.0.1 on a port the system picks, so the bench runs beside
 * `npm start` and the e2e suite. `--quick`: one Lighthouse run of the landing page only, on a build of its own (a
 * throwaway folder, deleted afterwards): what `npm test` runs (test/tools/scripts.test.ts) so the bench cannot rot.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { REPO_ROOT } from '../lib/paths.js';
import { siteFileFor, siteStatusFor } from '../domain/public-pages.js';
import { SITE_CONTENT_TYPES } from '../local/services/site.js';
import { buildWeb } from './build-web.js';
import { hasFlag, numberFlag } from './cli.js';

const QUICK = hasFlag('quick');
const SKIP_BUILD = hasFlag('skip-build');
if (QUICK && SKIP_BUILD) throw new Error('--quick builds a site of its own: it cannot be combined with --skip-build');
mkdirSync(join(REPO_ROOT, '.bench'), { recursive: true });
// --skip-build reuses the last full run's build, so that one lives at a fixed place.
const OUT_DIR = QUICK ? mkdtempSync(join(REPO_ROOT, '.bench', 'web-quick-')) : join(REPO_ROOT, '.bench', 'web');
const PAGES = QUICK ? ['/'] : ['/', '/consultar', '/duvidas'];
const RUNS = numberFlag('runs', QUICK ? 1 : 3);

type Scores = 'performance' | 'accessibility' | 'seo' | 'bestPractices';
type Target = { scores: Partial<Record<Scores, number>>; lcpMs?: number; scriptGzipKb?: number };
/** What each page must reach: the page an ad's visitor lands on first, and on a slow phone. */
const TARGETS: Record<string, Target> = {
  '/': { scores: { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 }, lcpMs: 800, scriptGzipKb: 30 },
  '/consultar': { scores: { performance: 98, accessibility: 100, seo: 100 }, lcpMs: 1200, scriptGzipKb: 60 },
  '/duvidas': { scores: { accessibility: 100, seo: 100 } },
};

/**
 * CloudFront in miniature: the same path → file rule, compression, immutable hashed assets, uncached entry files. Each
 * file is compressed once per encoding and kept: brotli at its best level takes this loaded machine a good part of a
 * slow network's round trip, which Lighthouse would count as the page's time to first byte.
 */
function serve(root: string): Promise<Server> {
  const compressed = new Map<string, Buffer>();
  const once = (key: string, compress: () => Buffer) => {
    let payload = compressed.get(key);
    if (!payload) compressed.set(key, (payload = compress()));
    return payload;
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const siteFile = siteFileFor(url.pathname);
    const file = normalize(join(root, siteFile));
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = readFileSync(file);
    const encodings = String(request.headers['accept-encoding'] ?? '');
    const headers: Record<string, string> = {
      'content-type': SITE_CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let payload: Buffer = body;
    if (/\bbr\b/.test(encodings)) {
      payload = once(`br:${file}`, () => brotliCompressSync(body));
      headers['content-encoding'] = 'br';
    } else if (/\bgzip\b/.test(encodings)) {
      payload = once(`gzip:${file}`, () => gzipSync(body));
      headers['content-encoding'] = 'gzip';
    }
    response.writeHead(siteStatusFor(siteFile), headers).end(payload);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptKb: number;
  scriptGzipKb: number;
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** gzip -9 size of every script the page loaded: the budget's unit, whatever encoding the server chose. */
function gzippedScriptBytes(root: string, urls: string[]): number {
  return urls.reduce((sum, url) => {
    const file = join(root, new URL(url).pathname);
    return existsSync(file) ? sum + gzipSync(readFileSync(file), { level: 9 }).length : sum;
  }, 0);
}

async function audit(port: number, page: string, origin: string): Promise<Row> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const result = await lighthouse(`${origin}${page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    const { categories, audits } = result.lhr;
    const requests =
      (
        audits['network-requests']?.details as {
          items?: { url: string; resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? [];
    const scripts = requests.filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin));
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    void port;
    return {
      page,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
      scriptKb: kb(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0)),
      scriptGzipKb: kb(
        gzippedScriptBytes(
          OUT_DIR,
          scripts.map((item) => item.url),
        ),
      ),
    };
  } finally {
    await chrome.kill();
  }
}

const server = await serve(OUT_DIR).catch((error: unknown) => {
  throw error;
});
const { port } = server.address() as AddressInfo;
const origin = `http://127.0.0.1:${port}`;
try {
  if (!SKIP_BUILD) {
    console.log(`Building the site for ${origin} …`);
    // The canonical links must name the origin Lighthouse loads, or its SEO audit rightly complains.
    await buildWeb({ outDir: OUT_DIR, siteUrl: origin });
  }
  // Each page's document compressed before Lighthouse asks for it (see serve).
  for (const page of PAGES) await fetch(`${origin}${page}`, { headers: { 'accept-encoding': 'br' } });
  const rows: Row[] = [];
  for (const page of PAGES) {
    const runs: Row[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await audit(port, page, origin));
    // The median run by performance score, reported whole so its figures belong together.
    const byScore = [...runs].sort((a, b) => a.performance - b.performance);
    rows.push({ ...byScore[Math.floor(byScore.length / 2)]!, lcpMs: median(runs.map((r) => r.lcpMs)) });
  }
  console.log(
    `\nLighthouse mobile (simulated slow 4G, 4× CPU), median of ${RUNS} runs, served compressed on loopback:`,
  );
  console.table(
    rows.map((row) => ({
      page: row.page,
      performance: row.performance,
      accessibility: row.accessibility,
      seo: row.seo,
      'best practices': row.bestPractices,
      'FCP ms': row.fcpMs,
      'LCP ms': row.lcpMs,
      'TBT ms': row.tbtMs,
      CLS: row.cls,
      'JS sent KB': row.scriptKb,
      'JS gzip KB': row.scriptGzipKb,
    })),
  );
  const misses = rows.flatMap((row) => {
    const target = TARGETS[row.page] ?? { scores: {} };
    return [
      ...Object.entries(target.scores)
        .filter(([score, minimum]) => row[score as Scores] < minimum)
        .map(([score, minimum]) => `${row.page}: ${score} ${row[score as Scores]} < ${minimum}`),
      ...(target.lcpMs !== undefined && row.lcpMs > target.lcpMs
        ? [`${row.page}: LCP ${row.lcpMs} ms > ${target.lcpMs} ms`]
        : []),
      ...(target.scriptGzipKb !== undefined && row.scriptGzipKb > target.scriptGzipKb
        ? [`${row.page}: JavaScript ${row.scriptGzipKb} KB > ${target.scriptGzipKb} KB`]
        : []),
    ];
  });
  console.log(misses.length ? `\nMissed targets:\n- ${misses.join('\n- ')}` : '\nAll targets met.');
} finally {
  server.close();
  if (QUICK) rmSync(OUT_DIR, { recursive: true, force: true });
}

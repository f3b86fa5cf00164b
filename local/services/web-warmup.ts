/**
 * Vite's dev server compiles on demand: without this, the first visit after `npm start` waits for the dependency
 * optimizer and a few hundred module transforms (close to a minute on 2 cores). This walks a page's module graph over
 * HTTP as a browser would — the HTML, every static and dynamic import — so the transforms are cached before anyone
 * visits. Bounded: each URL once, a fixed concurrency and a deadline.
 */

import { init, parse } from 'es-module-lexer';

const CONCURRENCY = 6;
const MODULE_SCRIPTS = /<script[^>]+\bsrc="([^"]+)"/g;
/** Pre-bundled dependencies need no transform: fetched (it waits for the optimizer) but not parsed. */
const PREBUNDLED = '/node_modules/.vite/deps/';

/** The static and dynamic imports with a literal specifier, read by a real lexer (strings and comments are skipped). */
function importsOf(code: string, contentType: string): string[] {
  if (contentType.includes('html')) return [...code.matchAll(MODULE_SCRIPTS)].map((match) => match[1]!);
  const [imports] = parse(code);
  return imports.flatMap((entry) => (entry.n ? [entry.n] : []));
}

export type WarmUpReport = { modules: number; milliseconds: number };

export async function warmUpPages(
  origin: string,
  pages: readonly string[],
  options: { deadlineMs?: number; signal?: AbortSignal } = {},
): Promise<WarmUpReport> {
  await init;
  const started = performance.now();
  const deadline = started + (options.deadlineMs ?? 180_000);
  const seen = new Set<string>();
  const queue: { url: string; accept: string }[] = [];
  const enqueue = (url: string, accept: string) => {
    const parsed = new URL(url, origin);
    if (parsed.origin !== origin) return;
    const key = parsed.pathname + parsed.search;
    if (seen.has(key)) return;
    seen.add(key);
    queue.push({ url: parsed.href, accept });
  };
  for (const page of pages) enqueue(page, 'text/html');

  const visit = async ({ url, accept }: { url: string; accept: string }) => {
    const response = await fetch(url, { headers: { accept }, signal: options.signal });
    const body = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.ok || !/javascript|html/.test(contentType) || new URL(url).pathname.startsWith(PREBUNDLED)) return;
    for (const target of importsOf(body, contentType)) {
      if (target.startsWith('/') || target.startsWith('.')) enqueue(new URL(target, url).href, '*/*');
    }
  };

  let active = 0;
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (;;) {
      if (performance.now() > deadline || options.signal?.aborted) return;
      const next = queue.shift();
      if (!next) {
        // Others may still be discovering imports: wait for them unless every worker is idle.
        if (active === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
        continue;
      }
      active += 1;
      try {
        await visit(next);
      } catch {
        // A module that fails to load fails in the browser too, with Vite's own overlay; warming is best effort.
      } finally {
        active -= 1;
      }
    }
  });
  await Promise.all(workers);
  return { modules: seen.size, milliseconds: Math.round(performance.now() - started) };
}

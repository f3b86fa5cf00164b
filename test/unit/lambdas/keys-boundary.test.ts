import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The catalogue (lambdas/functions.ts, its shared grant builders in lambdas/catalogue.ts and each area's
 * lambdas/<area>/functions.ts) scopes each function's IAM to key prefixes, so it reads `keys` too; every other module
 * asks the data layer for what it needs by name (docs/decisions.md, Keys only in the data layer).
 */
const isCatalogue = (path: string) =>
  path === 'lambdas/functions.ts' || path === 'lambdas/catalogue.ts' || /^lambdas\/[a-z-]+\/functions\.ts$/.test(path);

describe('the data layer is the only code that knows keys', () => {
  const root = join(import.meta.dirname, '../../..');
  const files = ['lambdas', 'local', 'lib', 'domain', 'frontend/src']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

  it('has the product code to look at', () => {
    expect(files.some(({ path }) => path === 'lambdas/shared/data/keys.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('no module outside lambdas/shared/data imports its keys module', () => {
    const importsKeys = /from\s+['"][^'"]*shared\/data\/keys(\.js)?['"]/;
    const offenders = files
      .filter(({ path }) => !path.startsWith('lambdas/shared/data/') && !isCatalogue(path))
      .filter(({ text }) => importsKeys.test(text))
      .map(({ path }) => path);
    expect(offenders).toEqual([]);
  });
});

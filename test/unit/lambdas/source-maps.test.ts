import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lambdaEsbuildOptions } from '../../../lib/bundling.js';
import { sourceMappedStack, withSourceMappedStacks } from '../../../lambdas/shared/source-maps.js';

const dir = mkdtempSync(join(tmpdir(), 'source-maps-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A handler-like module whose error is thrown on its 6th line, bundled and minified exactly as Lambda's are.
const source = join(dir, 'failing.ts');
writeFileSync(
  source,
  [
    'export function handler(input: { ok: boolean }): string {',
    '  if (input.ok) {',
    "    return 'fine';",
    '  }',
    '  // the line below throws',
    "  throw new Error('boom');",
    '}',
    'try { handler({ ok: false }); } catch (error) { console.log((error as Error).stack); }',
    '',
  ].join('\n'),
);
await build({ ...lambdaEsbuildOptions(), entryPoints: [source], outdir: dir });
const bundledStack = execFileSync(process.execPath, [join(dir, 'failing.mjs')], { encoding: 'utf8' }).trim();

describe('stack traces of a bundle, mapped when logged', () => {
  it('the bundle alone points at its own minified file (no --enable-source-maps)', () => {
    expect(bundledStack).toMatch(/failing\.mjs:\d+:\d+/);
    expect(bundledStack).not.toMatch(/failing\.ts/);
  });

  it('points each frame in the bundle at the TypeScript line that threw', () => {
    const mapped = sourceMappedStack(bundledStack);
    expect(mapped).toMatch(/failing\.ts:6:\d+/);
    expect(mapped).not.toMatch(/failing\.mjs/);
  });

  it('leaves frames without a map beside them as they are', () => {
    const stack = 'Error: x\n    at run (/var/task/elsewhere.mjs:1:200)\n    at node:internal/main:1:1';
    expect(sourceMappedStack(stack)).toBe(stack);
  });

  it('maps an error and its causes when the logger serialises them', () => {
    const cause = Object.assign(new Error('inner'), { stack: bundledStack });
    const error = new Error('outer', { cause });
    error.stack = bundledStack;
    expect(withSourceMappedStacks('error', error)).toBe(error);
    expect(error.stack).toMatch(/failing\.ts:6:\d+/);
    expect(cause.stack).toMatch(/failing\.ts:6:\d+/);
  });
});

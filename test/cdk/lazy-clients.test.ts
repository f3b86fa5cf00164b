import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { lambdaEsbuildOptions } from '../../lib/bundling.js';
import { fromRepoRoot } from '../../lib/paths.js';

/**
 * Only DynamoDB's client (which every data route uses on every request) is imported at a bundle's top: every other
 * AWS client loads at its first call (lambdas/shared/lazy-sdk.ts), so a function that never sends an e-mail or signs
 * a link no longer parses those clients at its cold start.
 */
const AT_COLD_START = new Set(['@aws-sdk/client-dynamodb', '@aws-sdk/lib-dynamodb', '@aws-sdk/util-dynamodb']);

describe('AWS clients in the bundles', () => {
  it('are imported at module scope only for DynamoDB; the others are loaded at their first call', async () => {
    const { metafile } = await build({
      metafile: true,
      write: false,
      entryPoints: Object.fromEntries(ALL_FUNCTIONS.map((fn) => [fn.name, fromRepoRoot(fn.entry)])),
      outdir: '/tmp/lazy-clients-test',
      // Neither minified nor mapped: what a bundle imports is the same, and the check takes half the time.
      ...lambdaEsbuildOptions(),
      minify: false,
      sourcemap: false,
    });
    const eager = Object.entries(metafile.outputs)
      .filter(([path]) => path.endsWith('.mjs'))
      .flatMap(([path, output]) =>
        output.imports
          .filter((imported) => imported.external && imported.kind === 'import-statement')
          .filter((imported) => imported.path.startsWith('@aws-sdk/') && !AT_COLD_START.has(imported.path))
          .map((imported) => `${path.split('/').pop()}: ${imported.path}`),
      );
    expect(eager).toEqual([]);
    const health = Object.entries(metafile.outputs).find(([path]) => path.endsWith('/GetHealth.mjs'))?.[1];
    const healthEager = health?.imports.filter((imported) => imported.kind === 'import-statement');
    expect(healthEager?.map((imported) => imported.path).filter((path) => path.startsWith('@aws-sdk/'))).toEqual([]);
  }, 120_000);
});

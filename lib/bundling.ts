/**
 * How every Lambda is bundled: one home for the esbuild settings, read by ServiceFunction (CDK's NodejsFunction) and
 * by the bundle benchmark (scripts/bench-bundles.ts), so the figures measured are those of what `cdk deploy` ships.
 */
export const LAMBDA_BUNDLING = {
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Prefer ESM entry points so esbuild can tree-shake (e.g. zod, powertools).
  mainFields: ['module', 'main'],
  minify: true,
  sourceMap: true,
  // The AWS SDK v3 ships with the runtime; bundling it would only grow cold starts.
  external: ['@aws-sdk/*'],
  /**
   * A font the PDFs embed (lambdas/shared/pdf/fonts.ts) is imported as its bytes and inlined, so it ships inside the
   * function's one file. Outside a bundle the same import is served by a load hook (local/functions/binary-imports.mjs)
   * and, under vitest, by a plugin (test/vitest-projects.ts) that read the file.
   */
  loader: { '.ttf': 'binary' },
  /**
   * ESM bundles have no `require`; some transitive CommonJS dependencies still call it at run time,
   * so the bundle recreates it before any other code runs.
   */
  banner:
    "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
} as const;

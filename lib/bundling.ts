import { fromRepoRoot } from './paths.js';

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
  /**
   * Each bundle ships its map beside it, read only when an error is logged (lambdas/shared/source-maps.ts): Node is
   * not started with `--enable-source-maps`, which parses every map at each cold start. The maps leave out the
   * sources' text, three quarters of them (SignContract's: 7.2 MB with it, 1.3 MB without): a stack needs only file,
   * line and column.
   */
  sourceMap: true,
  sourcesContent: false,
  // The AWS SDK v3 ships with the runtime; bundling it would only grow cold starts.
  external: ['@aws-sdk/*'],
  /**
   * A font the PDFs embed (lambdas/shared/pdf/fonts.ts), or the HEIC decoder's WebAssembly (lambdas/kit/kit-files.ts),
   * is copied beside the bundle and imported as its relative URL, read on first use: inlined, two weights of Noto Sans were 1.6 MB of every PDF function's code, parsed at
   * each cold start. The local runtime's build (local/functions/function-build.ts) uses the same loader; under vitest a
   * plugin (test/vitest-projects.ts) gives the file's own URL.
   */
  loader: { '.ttf': 'file', '.wasm': 'file' },
  /** Packages replaced in the bundles by a stub of lib/bundling-stubs (fontkit's WOFF2 decoder: see its comment). */
  alias: { brotli: fromRepoRoot('lib/bundling-stubs/brotli') },
  /**
   * ESM bundles have no `require`, `__filename` or `__dirname`; some transitive CommonJS dependencies still use them at
   * run time (libheif's loader, in the filing kit's converter, reads `__dirname`), so the bundle recreates them before
   * any other code runs.
   */
  banner:
    "import { createRequire as __createRequire } from 'node:module'; import { fileURLToPath as __fileURLToPath } from 'node:url'; import { dirname as __pathDirname } from 'node:path'; const require = __createRequire(import.meta.url); const __filename = __fileURLToPath(import.meta.url); const __dirname = __pathDirname(__filename);",
} as const;

/**
 * The same settings as esbuild's own build options, for the code that runs esbuild directly to measure or test what
 * `cdk deploy` ships (scripts/bench-bundles.ts, test/cdk/pdf-bundle.test.ts): one translation, so neither drifts.
 */
export function lambdaEsbuildOptions() {
  return {
    bundle: true,
    outExtension: { '.js': '.mjs' },
    format: LAMBDA_BUNDLING.format,
    platform: LAMBDA_BUNDLING.platform,
    target: LAMBDA_BUNDLING.target,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    minify: LAMBDA_BUNDLING.minify,
    sourcemap: LAMBDA_BUNDLING.sourceMap,
    sourcesContent: LAMBDA_BUNDLING.sourcesContent,
    external: [...LAMBDA_BUNDLING.external],
    loader: { ...LAMBDA_BUNDLING.loader },
    alias: { ...LAMBDA_BUNDLING.alias },
    banner: { js: LAMBDA_BUNDLING.banner },
    logLevel: 'error' as const,
  };
}

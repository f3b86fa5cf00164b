import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { InlineConfig } from 'vitest/node';

/**
 * What more than one vitest configuration must agree on, in one place: vitest.config.ts (`npm test`) and
 * stryker.vitest.config.ts (`npm run mutation`, which reruns the unit tests for every mutant) both import it, so the
 * unit tests cannot run one way under `npm test` and another under Stryker.
 */

/** The aliases of frontend/tsconfig.json and frontend/vite.config.ts, so tests import SPA modules as the SPA does. */
export const testAliases = {
  '@domain': fileURLToPath(new URL('../domain', import.meta.url)),
  '@': fileURLToPath(new URL('../frontend/src', import.meta.url)),
};

/** The `unit` project: nothing external, so nothing here may start an emulator. Paths are from the repository root. */
export const unitProject = {
  name: 'unit',
  include: ['test/unit/**/*.test.ts'],
  environment: 'node',
  // What every API function is given on AWS and locally, set before any handler module is imported.
  setupFiles: ['test/unit/setup-env.ts'],
  // One module graph for every file: re-importing it per file was 80% of the project's time. The few files that mock
  // modules or stub the environment reset the module registry themselves.
  isolate: false,
} satisfies InlineConfig;

/**
 * A font (or WebAssembly) file imported by a module is the file's `file:` URL, as esbuild's file loader gives its copy
 * in the Lambda bundle and in the local runtime's build (lib/bundling.ts, local/functions/function-build.ts); without
 * it Vite would hand the tests a dev-server path.
 */
export const binaryImports: Plugin = {
  name: 'binary-imports',
  enforce: 'pre',
  load(id) {
    const path = id.split('?')[0]!;
    if (!path.endsWith('.ttf') && !path.endsWith('.wasm')) return null;
    return `export default ${JSON.stringify(pathToFileURL(path).href)};`;
  },
};

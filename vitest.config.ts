import { defineConfig } from 'vitest/config';
import { binaryImports, testAliases as alias, unitProject } from './test/vitest-projects.js';

/**
 * Five projects. Integration and e2e tests start real emulators in their global setups and stop them afterwards; they
 * run one file at a time, as the shared emulators require. `npm test` (scripts/test.ts) runs e2e and tools (every
 * documented script in its quick mode) in lanes of their own, beside the others.
 */
export default defineConfig({
  plugins: [binaryImports],
  resolve: { alias },
  test: {
    // Quiet output: what a passing test printed is dropped; a failing test's output is shown with it.
    silent: 'passed-only',
    // A WebAssembly file a module imports is its URL (test/vitest-projects.ts, binaryImports), as in the bundles; left
    // external, Node would load it as a WebAssembly module instead.
    server: { deps: { inline: [/\.wasm$/] } },
    projects: [
      // Shared with stryker.vitest.config.ts (`npm run mutation`), so the two cannot drift.
      { extends: true, test: unitProject },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          fileParallelism: false,
          // One module graph for every file (the handlers, the SDK): importing it again per file cost more than
          // most files' tests. Files share no state but the emulators, which they share anyway.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cdk',
          include: ['test/cdk/**/*.test.ts'],
          globalSetup: ['test/cdk/global-setup.ts'],
          // One module graph for every file, so test/cdk/helpers.ts synthesizes each stage variant once for all.
          fileParallelism: false,
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'tools',
          include: ['test/tools/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 300_000,
          hookTimeout: 60_000,
          // After the other projects of the same vitest run: these scripts start emulators, builds and browsers.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // The worker's browser connection and each test's contexts, so no file sets them up or closes them.
          setupFiles: ['test/e2e/browser-fixture.ts'],
          fileParallelism: false,
          // One worker for every file: a new worker per file (its start, playwright-core, the SDK and the domain
          // imported again, a new browser connection) cost about 2 s between files. Files share no state but the
          // runtime and the browser: each closes its contexts and connection (browser-fixture.ts).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll's 1 s default is too short for a page on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The aliases of frontend/tsconfig.json and frontend/vite.config.ts, so tests import SPA modules as the SPA does.
const alias = {
  '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
  '@': fileURLToPath(new URL('./frontend/src', import.meta.url)),
};

/**
 * One `npm test` runs four projects. Integration and e2e tests start real emulators in their
 * global setups and stop them afterwards; they run one file at a time to fit 2 cores.
 */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/unit/setup-env.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cdk',
          include: ['test/cdk/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // expect.poll's 1 s default is too short for a page on a busy 2-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The unit project alone, for mutation testing (`npm run mutation`): Stryker reruns these tests for every mutant, so
 * nothing here may start an emulator.
 */
export default defineConfig({
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
      '@': fileURLToPath(new URL('./frontend/src', import.meta.url)),
    },
  },
  test: { include: ['test/unit/**/*.test.ts'], environment: 'node' },
});

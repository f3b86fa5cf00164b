import { defineConfig } from 'vitest/config';
import { binaryImports, testAliases, unitProject } from './test/vitest-projects.js';

/**
 * The unit project alone, for mutation testing (`npm run mutation`): Stryker reruns these tests for every mutant. Its
 * settings are the very ones `npm test` uses (test/vitest-projects.ts), setup files included.
 */
export default defineConfig({
  plugins: [binaryImports],
  resolve: { alias: testAliases },
  test: unitProject,
});

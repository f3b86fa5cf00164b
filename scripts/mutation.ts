/**
 * Mutation testing of domain/ with the unit tests: StrykerJS as stryker.config.json configures it (its vitest settings
 * are the unit project's own, stryker.vitest.config.ts), report in reports/mutation/. Fails below a score of 90.
 *
 * Usage: `npm run mutation [-- <any stryker run option, e.g. --mutate domain/money.ts>]`. `--quick`: Stryker's dry run
 * only (`--dryRunOnly`, one test runner): every file to mutate is instrumented and every unit test runs once under
 * Stryker, no mutant is tried. That is what `npm test` runs (test/tools/scripts.test.ts) so the set-up cannot rot.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO_ROOT } from '../lib/paths.js';
import { hasFlag } from './cli.js';

const passThrough = process.argv.slice(2).filter((arg) => arg !== '--quick');
const quick = hasFlag('quick') ? ['--dryRunOnly', '--concurrency', '1'] : [];

const stryker = spawn(join(REPO_ROOT, 'node_modules/.bin/stryker'), ['run', ...quick, ...passThrough], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stryker.kill(signal));
stryker.once('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));

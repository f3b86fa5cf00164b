/**
 * First-visit benchmark: what a newcomer sees after `npm install && npm start`. Starts `npm start`'s runtime as a child
 * process (shifted ports, a throwaway data folder and, unless `--warm-cache`, an empty Vite cache, as in a fresh clone),
 * then opens its URL in Debian's Chromium the moment it says ready and times the landing page's heading, then the
 * sign-in screen. Target: the landing within 2 s of "ready".
 *
 * Usage: `npm run bench:start [-- --port-offset 3000] [-- --warm-cache]`. The offset keeps clear of a developer's
 * `npm start` (0), the e2e suite (1000) and `npm run bench` (2000). `--quick`: keeps Vite's cache between runs, leaves
 * the functions cold and times the landing only (what `npm test` runs, test/tools/, so the script cannot rot); it does
 * not fail on the target.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../lib/paths.js';
import { assertPortsFree } from '../local/preflight.js';
import { localSettings } from '../local/settings.js';
import { launchChromium } from '../test/e2e/browser.js';
import { hasFlag, numberFlag } from './cli.js';

const QUICK = hasFlag('quick');
const WARM_CACHE = QUICK || hasFlag('warm-cache');
const PORT_OFFSET = numberFlag('port-offset', 3000);
const TARGET_MS = 2000;
const READY_TIMEOUT_MS = 240_000;

const dataDir = mkdtempSync(join(tmpdir(), 'baixa-bench-start-'));
const viteCacheDir = WARM_CACHE ? join(REPO_ROOT, '.bench', 'vite-cache') : join(dataDir, 'vite-cache');
const env = {
  ...process.env,
  PORT_OFFSET: String(PORT_OFFSET),
  BAIXA_DATA_DIR: dataDir,
  BAIXA_VITE_CACHE_DIR: viteCacheDir,
  // Quick: no background cold start of every function competing with the rest of the suite for the CPU.
  ...(QUICK ? { BAIXA_WARM_FUNCTIONS: 'false' } : {}),
  LOG_LEVEL: 'ERROR',
};
const appUrl = `http://127.0.0.1:${localSettings(env).ports.app}`;

const started = performance.now();
const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['local/start.ts'], {
  cwd: REPO_ROOT,
  env,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
const killGroup = (signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // The whole group is gone already.
  }
};
/**
 * Ctrl-C as a person would give it, then waits until every port is free: the group's leader (tsx) may exit before the
 * runtime it started has stopped DynamoDB Local's Java. Whatever still holds a port after 15 s is killed.
 */
const stopRuntime = async () => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    killGroup('SIGTERM');
    const kill = setTimeout(() => killGroup('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
  }
  const settings = localSettings(env);
  for (const deadline = Date.now() + 15_000; ;) {
    try {
      await assertPortsFree(settings.ports, settings.host);
      return;
    } catch (error) {
      if (Date.now() > deadline) {
        killGroup('SIGKILL');
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
};

try {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready in ${READY_TIMEOUT_MS / 1000} s:\n${output}`)),
      READY_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
  });
  const readyMs = performance.now() - started;

  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext({ locale: 'pt-BR' })).newPage();
    const visit = async (path: string, heading: RegExp) => {
      const from = performance.now();
      await page.goto(`${appUrl}${path}`, { waitUntil: 'commit', timeout: READY_TIMEOUT_MS });
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: READY_TIMEOUT_MS });
      return performance.now() - from;
    };
    const landingMs = await visit('/', /apontamentos/i);
    // Quick: the landing alone (what the target is about); the app's entry is still being warmed in the background.
    const signInMs = QUICK ? null : await visit('/auth', /Acesse sua conta/);

    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const withinTarget = landingMs <= TARGET_MS;
    console.log(
      `\nFirst visit after npm start (${WARM_CACHE ? "Vite's cache kept" : 'empty Vite cache, as a fresh clone'})`,
    );
    console.log(`  npm start → "ready"           ${seconds(readyMs)}`);
    console.log(
      `  first visit: landing heading  ${seconds(landingMs)}  (target ≤ ${seconds(TARGET_MS)}: ${withinTarget ? 'ok' : 'ABOVE TARGET'})`,
    );
    if (signInMs !== null) console.log(`  then /auth: sign-in heading   ${seconds(signInMs)}`);
    if (!withinTarget && !QUICK) process.exitCode = 1;
  } finally {
    await browser.close();
  }
} finally {
  await stopRuntime();
  rmSync(dataDir, { recursive: true, force: true });
}

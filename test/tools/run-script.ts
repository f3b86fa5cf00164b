import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { REPO_ROOT } from '../../lib/paths.js';

export type ScriptRun = { code: number | null; signal: NodeJS.Signals | null; output: string; seconds: number };

/** A developer's environment: without what vitest sets for its workers (NODE_ENV=test would change Vite's build). */
function scriptEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  for (const name of Object.keys(env)) {
    if (name === 'NODE_ENV' || name === 'TEST' || name.startsWith('VITEST')) delete env[name];
  }
  return env;
}

/**
 * `npm run <script> -- <args>` as a developer types it, in its own process group so that a run past its time limit is
 * stopped whole (tsx, node, and whatever the script started: DynamoDB Local's Java, Chromium). Resolves with the
 * exit and everything printed (stdout and stderr, in order); never rejects for a failing script.
 */
export function runScript(
  script: string,
  args: string[],
  timeoutMs: number,
  /** Variables a developer would set in front of the command (e.g. `PORT_OFFSET=1000 npm run reconcile`). */
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  const started = performance.now();
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...scriptEnv(), ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // The group is gone already.
    }
  };
  let killTimer: NodeJS.Timeout | undefined;
  const limit = setTimeout(() => {
    output += `\n[test] ${script} still running after ${timeoutMs / 1000} s: stopped\n`;
    killGroup('SIGTERM');
    killTimer = setTimeout(() => killGroup('SIGKILL'), 10_000);
  }, timeoutMs);
  return new Promise((resolveRun) => {
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      clearTimeout(killTimer);
      // Anything the script left behind in its group (it should leave nothing) goes with it.
      killGroup('SIGKILL');
      resolveRun({ code, signal, output, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** Whether nothing listens on `port` any more, on loopback or any interface. */
export async function portIsFree(port: number): Promise<boolean> {
  const probe = (host: string) =>
    new Promise<boolean>((resolveProbe) => {
      const server = createServer()
        .once('error', () => resolveProbe(false))
        .once('listening', () => server.close(() => resolveProbe(true)))
        .listen(port, host);
    });
  return (await probe('127.0.0.1')) && (await probe('0.0.0.0'));
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../lib/paths.js';
import { localSettings } from '../../local/settings.js';

/** Ports shifted away from a developer's own `npm start`. */
const PORT_OFFSET = '1000';

/**
 * Runs the product exactly as `npm start` does (a child process, real emulators), on its own ports
 * and a throwaway data folder, and stops the whole process group afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baixa-e2e-'));
  const env = { ...process.env, PORT_OFFSET, BAIXA_DATA_DIR: dataDir, LOG_LEVEL: 'ERROR' };
  const settings = localSettings(env);
  const child: ChildProcess = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['local/start.ts'], {
    cwd: REPO_ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`local runtime not ready in 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is ready')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local runtime exited with ${code}:\n${output}`));
    });
  });

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(-child.pid!, 'SIGTERM');
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await ready;
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  child.removeAllListeners('exit');

  project.provide('e2e', {
    appUrl: `http://127.0.0.1:${settings.ports.app}`,
    // The SPA's own origin + /api (the local edge), and the gateway behind it, which refuses whoever bypasses the edge.
    apiUrl: `http://127.0.0.1:${settings.ports.app}/api`,
    gatewayUrl: `http://127.0.0.1:${settings.ports.api}/api`,
    dynamodbEndpoint: `http://127.0.0.1:${settings.ports.dynamodb}`,
    asaasUrl: `http://127.0.0.1:${settings.ports.asaas}`,
    sesUrl: `http://127.0.0.1:${settings.ports.ses}`,
    adminEmail: settings.adminEmail,
    adminPassword: settings.adminPassword,
  });

  return async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      appUrl: string;
      apiUrl: string;
      gatewayUrl: string;
      dynamodbEndpoint: string;
      asaasUrl: string;
      sesUrl: string;
      adminEmail: string;
      adminPassword: string;
    };
  }
}

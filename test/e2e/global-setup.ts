import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../../lib/paths.js';
import {
  CognitoIdentityProviderClient,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { localSettings } from '../../local/settings.js';
import { chromium } from 'playwright-core';
import { enrolAuthenticator } from '../totp.js';
import { E2E_CHROMIUM_OPTIONS } from './browser.js';

/** Ports shifted away from a developer's own `npm start` (and, by BAIXA_TEST_PORT_SHIFT, from another checkout's run). */
const PORT_OFFSET = String(1000 + Number(process.env.BAIXA_TEST_PORT_SHIFT ?? 0));

/** `npm run build:web` into a folder of the run's own. */
function buildSite(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const build = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['scripts/build-web.ts', '--outDir', outDir], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    build.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    build.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`site build failed (${code}):\n${output}`)),
    );
  });
}

/**
 * `npm test` runs the browser tests in two halves and builds the site once for both (scripts/test.ts): the first half
 * builds into BAIXA_E2E_SITE_DIR and marks it ready (or failed); the second waits for the mark. A run of its own
 * (`npm run test:e2e`, one file) builds into its data folder.
 */
async function siteFor(dataDir: string): Promise<{ dir: string; ready: Promise<void> }> {
  const shared = process.env.BAIXA_E2E_SITE_DIR;
  if (!shared) {
    const dir = join(dataDir, 'site');
    return { dir, ready: buildSite(dir) };
  }
  const [readyMark, failedMark] = [`${shared}.ready`, `${shared}.failed`];
  if (process.env.BAIXA_E2E_SITE_BUILDER === '1') {
    const ready = buildSite(shared).then(
      () => writeFileSync(readyMark, ''),
      (error: Error) => {
        writeFileSync(failedMark, error.message);
        throw error;
      },
    );
    return { dir: shared, ready };
  }
  const ready = (async () => {
    for (let waited = 0; waited < 300_000; waited += 500) {
      if (existsSync(readyMark)) return;
      if (existsSync(failedMark)) throw new Error(`the shared site build failed:\n${readFileSync(failedMark, 'utf8')}`);
      await sleep(500);
    }
    throw new Error(`the shared site build (${shared}) was not ready after 5 minutes`);
  })();
  return { dir: shared, ready };
}

/**
 * Runs the product exactly as `npm start` does (a child process, real emulators), on its own ports
 * and a throwaway data folder, and stops the whole process group afterwards.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baixa-e2e-'));
  // The production build of the site, served as CloudFront serves it (local/services/site.ts): built while the
  // runtime starts; the runtime reads its files only when a page is requested.
  const { dir: siteDir, ready: siteBuild } = await siteFor(dataDir);
  const env = {
    ...process.env,
    PORT_OFFSET,
    BAIXA_DATA_DIR: dataDir,
    BAIXA_SITE_DIR: siteDir,
    BAIXA_WARM_FUNCTIONS: 'false',
    LOG_LEVEL: 'ERROR',
  };
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
    await Promise.all([ready, siteBuild]);
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  child.removeAllListeners('exit');

  // The seeded admin gets an authenticator app through Cognito's API, so every test signs in as an admin would
  // (password, then the app's code); the enrolment screen itself is tested with an admin of its own.
  const cognito = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${settings.ports.cognito}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let cognitoPool: { userPoolId: string; clientId: string };
  let adminTotpSecret: string;
  try {
    const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 10 }));
    const userPoolId = UserPools[0]?.Id ?? '';
    const { UserPoolClients = [] } = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 10 }),
    );
    cognitoPool = { userPoolId, clientId: UserPoolClients[0]?.ClientId ?? '' };
    adminTotpSecret = await enrolAuthenticator(
      { client: cognito, ...cognitoPool },
      settings.adminEmail,
      settings.adminPassword,
    );
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  } finally {
    cognito.destroy();
  }

  // One browser for the run: each test file connects to it (browser.ts `launchBrowser`) instead of starting its own.
  let browserServer: Awaited<ReturnType<typeof chromium.launchServer>>;
  try {
    browserServer = await chromium.launchServer({ ...E2E_CHROMIUM_OPTIONS, host: '127.0.0.1' });
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }

  project.provide('e2e', {
    browserEndpoint: browserServer.wsEndpoint(),
    appUrl: `http://127.0.0.1:${settings.ports.app}`,
    // The SPA's own origin + /api (the local edge), and the gateway behind it, which refuses whoever bypasses the edge.
    apiUrl: `http://127.0.0.1:${settings.ports.app}/api`,
    gatewayUrl: `http://127.0.0.1:${settings.ports.api}/api`,
    dynamodbEndpoint: `http://127.0.0.1:${settings.ports.dynamodb}`,
    asaasUrl: `http://127.0.0.1:${settings.ports.asaas}`,
    datajudUrl: `http://127.0.0.1:${settings.ports.datajud}`,
    whatsappUrl: `http://127.0.0.1:${settings.ports.whatsapp}`,
    datajudApiKey: settings.secrets.datajudApiKey,
    sesUrl: `http://127.0.0.1:${settings.ports.ses}`,
    admin: { email: settings.adminEmail, password: settings.adminPassword, totpSecret: adminTotpSecret },
    cognitoEndpoint: `http://127.0.0.1:${settings.ports.cognito}`,
    userPoolId: cognitoPool.userPoolId,
    userPoolClientId: cognitoPool.clientId,
  });

  return async () => {
    await browserServer.close().catch(() => {});
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export type AdminCredentials = { email: string; password: string; totpSecret: string };

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: {
      /** The run's Chromium (playwright's browser server), shared by every test file. */
      browserEndpoint: string;
      appUrl: string;
      apiUrl: string;
      gatewayUrl: string;
      dynamodbEndpoint: string;
      asaasUrl: string;
      /** The DataJud stand-in (its control switches: local/services/datajud.ts `dataJudControl`) and its API key. */
      datajudUrl: string;
      /** The WhatsApp Cloud API stand-in: its inbox page and its `/__control` switches. */
      whatsappUrl: string;
      datajudApiKey: string;
      sesUrl: string;
      /** The seeded admin, with their authenticator app's secret (see `logInAsAdmin`). */
      admin: AdminCredentials;
      cognitoEndpoint: string;
      userPoolId: string;
      userPoolClientId: string;
    };
  }
}

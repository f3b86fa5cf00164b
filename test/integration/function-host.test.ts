import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALL_FUNCTIONS,
  API_ROUTES,
  AUTH_TRIGGERS,
  LIVE_FUNCTIONS,
  SCHEDULED_FUNCTIONS,
  WORKFLOW_TASKS,
} from '../../lambdas/functions.js';
import { ENV, SECRET_ENV } from '../../lambdas/grants.js';
import { buildFunctionModules } from '../../local/functions/function-build.js';
import { startFunctionHost, type FunctionHost, type LocalFunction } from '../../local/functions/function-host.js';
import { REPO_ROOT } from '../../lib/paths.js';
import { INTEGRATION_VALUES } from './global-setup.js';
import { ulid } from 'ulid';
import { keys } from '../../lambdas/shared/data/keys.js';
import { createApiEvent, ORIGIN_HEADERS } from '../factories.js';

/**
 * The local runtime runs each function in its own container (worker thread) with ONLY the environment its grants
 * give, through the same mapping CDK uses: a handler that needs something its grants lack fails here at its cold
 * start, as it would on AWS.
 */
let host: FunctionHost;
const failures: string[] = [];

/** What the containers get beside their grants: the emulators' endpoints this run's global setup gives. */
const runtimeEnv = (): Record<string, string> => {
  const inherited = [
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
    'AWS_ENDPOINT_URL_DYNAMODB',
    'AWS_ENDPOINT_URL_SFN',
    'AWS_ENDPOINT_URL_SESV2',
  ];
  return { ...Object.fromEntries(inherited.map((name) => [name, process.env[name]!])), LOG_LEVEL: 'SILENT' };
};

beforeAll(() => {
  host = startFunctionHost({
    stage: 'test',
    values: INTEGRATION_VALUES,
    runtimeEnv: runtimeEnv(),
    log: (line) => failures.push(line),
  });
});
afterAll(() => host.stop());

const route = (id: string) => {
  const found = API_ROUTES.find((r) => r.contract.id === id)!;
  return { name: found.contract.id, entry: found.entry, grants: found.grants };
};

/**
 * One function of each kind the host runs (an API route, one reading a secret, a workflow task, a live function, an auth
 * trigger, a scheduled job). That EVERY catalogue function cold-starts with only its grants' environment is checked on
 * its deployed bundle by `npm run bench:bundles` (part of `npm test`): a container per function here cost a minute.
 */
const ONE_OF_EACH_KIND = [
  API_ROUTES[0]!.contract.id,
  'ReceiveAsaasWebhook',
  Object.keys(WORKFLOW_TASKS)[0]!,
  Object.keys(LIVE_FUNCTIONS)[0]!,
  Object.keys(AUTH_TRIGGERS)[0]!,
  Object.keys(SCHEDULED_FUNCTIONS)[0]!,
];

const SAMPLED = ALL_FUNCTIONS.filter((fn) => ONE_OF_EACH_KIND.includes(fn.name));

describe('local function host', () => {
  it('samples one catalogue function of each kind', () => {
    expect(SAMPLED.map((fn) => fn.name).sort()).toEqual([...ONE_OF_EACH_KIND].sort());
  });

  it.each(SAMPLED.map((fn) => [fn.name, fn] as const))('%s cold-starts with its own grants', async (_n, fn) => {
    await expect(host.init(fn)).resolves.toBeUndefined();
  });

  it('fails the cold start of a handler whose grants lack what it reads, naming the variable', async () => {
    const dashboard = route('GetDashboard');
    await expect(host.init({ ...dashboard, name: 'DashboardWithoutTable', grants: {} })).rejects.toThrow(ENV.tableName);
    const webhook = route('ReceiveAsaasWebhook');
    await expect(
      host.init({
        ...webhook,
        name: 'WebhookWithoutWorkflow',
        grants: { table: 'readwrite', asaas: true, email: true, userPool: 'read', secrets: ['asaasWebhookToken'] },
      }),
    ).rejects.toThrow(ENV.stateMachineArn);
    await expect(
      host.init({
        ...webhook,
        name: 'WebhookWithoutToken',
        grants: { table: 'readwrite', asaas: true, workflow: 'start-and-callback', email: true, userPool: 'read' },
      }),
    ).rejects.toThrow(SECRET_ENV.asaasWebhookToken.value);
  });

  it('gives each container only the variables of its grants (plus what Lambda itself provides)', async () => {
    const probe = {
      name: 'EnvProbe',
      entry: 'test/integration/fixtures/env-probe.ts',
      grants: { table: 'read' } as const,
    };
    const names = (await host.invoke(probe, {})) as string[];
    expect(names).toContain(ENV.tableName);
    expect(names).toContain(ENV.stage);
    for (const other of [ENV.emailFrom, ENV.stateMachineArn, ENV.appUrl, SECRET_ENV.magicLinkKey.value]) {
      expect(names).not.toContain(other);
    }
  });

  it('refuses the table requests a function’s grants do not allow, as IAM would, and serves those they do', async () => {
    const getProfile = route('GetProfile');
    const event = createApiEvent({
      path: '/me/profile',
      claims: { sub: ulid(), email: `guard.${ulid().toLowerCase()}@baixa.test` },
    });
    // Its real grants: its own profile item.
    const allowed = (await host.invoke(getProfile, event)) as { statusCode: number; body: string };
    expect(allowed.statusCode).toBe(200);
    expect(JSON.parse(allowed.body)).toMatchObject({ profile: null });
    // The same handler granted another key family only: DynamoDB Local would answer, the guard refuses.
    const narrowed: LocalFunction = {
      ...getProfile,
      name: 'GetProfileWithoutItsPartition',
      grants: { ...getProfile.grants, tableItems: { actions: ['GetItem'], pkPrefixes: [keys.protocolPointer('')] } },
    };
    const refused = (await host.invoke(narrowed, event)) as { statusCode: number };
    expect(refused.statusCode).toBe(500);
  });

  it('answers a real request through the contract, in the container, and only one that came through CloudFront', async () => {
    const request = (headers: Record<string, string>) =>
      host.invoke(route('GetHealth'), {
        version: '2.0',
        rawPath: '/api/health',
        headers,
        requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: 'r1' },
      }) as Promise<{ statusCode: number; body: string }>;
    const result = await request(ORIGIN_HEADERS);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ status: 'ok' });
    expect((await request({})).statusCode).toBe(403);
  });

  it('keeps each invocation’s handler time only when asked (`npm run bench`), never the cold start', async () => {
    const timed = startFunctionHost({
      stage: 'test',
      values: INTEGRATION_VALUES,
      runtimeEnv: runtimeEnv(),
      functions: [route('GetHealth')],
      durations: true,
    });
    try {
      await timed.init(route('GetHealth'));
      const health = { version: '2.0', rawPath: '/api/health', headers: ORIGIN_HEADERS };
      for (let i = 0; i < 3; i += 1) {
        await timed.invoke(route('GetHealth'), {
          ...health,
          requestContext: { http: { method: 'GET', path: '/api/health' }, requestId: `r${i}` },
        });
      }
      const durations = timed.durations('GetHealth');
      expect(durations).toHaveLength(3);
      for (const ms of durations) expect(ms).toBeGreaterThan(0);
      expect(timed.durations('GetDashboard')).toEqual([]);
    } finally {
      await timed.stop();
    }
    // The suite's host was not asked: it keeps none, however many requests it served.
    expect(host.durations('GetHealth')).toEqual([]);
  });
});

describe('the functions’ build', () => {
  it('starts no worker for a function still being built when the host stops', async () => {
    // Nothing built up front: GetHealth's first call builds it, and the host stops meanwhile.
    const stopping = startFunctionHost({
      stage: 'test',
      values: INTEGRATION_VALUES,
      runtimeEnv: runtimeEnv(),
      functions: [],
    });
    const invoked = stopping.init(route('GetHealth'));
    await stopping.stop();
    await expect(invoked).rejects.toThrow('GetHealth: the function host has stopped');
  });

  it('removes the build a killed run left behind, and its own when it stops', async () => {
    const root = join(REPO_ROOT, 'node_modules/.cache/baixa-local-functions');
    // No process has this pid (Linux's pid_max is at most 2^22).
    const abandoned = join(root, `${2 ** 23}-killed`);
    mkdirSync(abandoned, { recursive: true });
    const modules = buildFunctionModules([]);
    const built = await modules.entry('lambdas/health/get-health.ts');
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(built)).toBe(true);
    // The worker and the clients module of the same build, beside it.
    expect(existsSync(fileURLToPath(modules.worker))).toBe(true);
    expect(existsSync(modules.clients)).toBe(true);
    modules.remove();
    expect(existsSync(built)).toBe(false);
  });
});

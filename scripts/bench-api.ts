/**
 * API latency benchmark: starts the local runtime (`npm start`'s emulators and function host)
 * on shifted ports and a throwaway data folder, signs a customer up through cognito-local, creates a profile, then
 * measures p50/p95 of the dashboard and profile routes (and the health route, which reads nothing: the path's own cost)
 * through the local API gateway, called as CloudFront calls it
 * (origin secret and viewer headers; JWT check, function host, DynamoDB Local), next to a bare DynamoDB Query of the
 * same item collection, and prints the ratios; then the same requests timed inside each route's function (its handler's
 * own time, as Lambda reports Duration: our code's share) and what the path to it took. Figures, not assertions.
 *
 * Usage: `npm run bench [-- --requests 300] [-- --port-offset 2000]`. The runtime listens on 127.0.0.1 with every port
 * of `npm start` shifted by 2000 (`--port-offset`): clear of a developer's `npm start` (0) and of the e2e suite's (1000),
 * so the bench runs beside both. `--quick`: 10 requests after 3 warm-ups, what `npm test` runs
 * (test/tools/scripts.test.ts) so the bench cannot rot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { getDashboardRoute } from '../domain/api/dashboard.js';
import { getHealthRoute } from '../domain/api/health.js';
import { createProfileRoute, getProfileRoute } from '../domain/api/profile.js';
import { keys } from '../lambdas/shared/data/keys.js';
import { LOCAL_REGION } from '../local/cdk-definitions.js';
import { LOCAL_TABLE, startLocalRuntime } from '../local/runtime.js';
import { edgeHeaders } from '../local/services/edge.js';
import { localSettings } from '../local/settings.js';
import { hasFlag, numberFlag } from './cli.js';

const QUICK = hasFlag('quick');
const REQUESTS = numberFlag('requests', QUICK ? 10 : 200);
const WARM_UP = QUICK ? 3 : 20;
const PORT_OFFSET = numberFlag('port-offset', 2000);

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Figures = { p50: number; p95: number };

/**
 * p50 and p95 of `run` as the caller times it; with `durationsOf` (a route's function), also of the function's own
 * handler time for the same requests, as Lambda reports Duration: what our code takes, apart from the path to it.
 */
async function measure(
  run: () => Promise<unknown>,
  durationsOf?: () => readonly number[],
): Promise<Figures & { inside?: Figures }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const before = durationsOf?.().length ?? 0;
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  const figures = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  if (!durationsOf) return figures;
  const inside = durationsOf().slice(before);
  if (inside.length !== REQUESTS) throw new Error(`${inside.length} invocations timed for ${REQUESTS} requests`);
  return { ...figures, inside: { p50: percentile(inside, 50), p95: percentile(inside, 95) } };
}

const dataDir = mkdtempSync(join(tmpdir(), 'baixa-bench-'));
const settings = localSettings({
  ...process.env,
  PORT_OFFSET: String(PORT_OFFSET),
  BAIXA_DATA_DIR: dataDir,
  LOG_LEVEL: 'ERROR',
});
// The API alone: no SPA server (so no Vite cache shared with a concurrent `npm start` or e2e run) and no background
// warming of every function while the figures are taken; the warm-up requests below cold-start what is measured.
const runtime = await startLocalRuntime(settings, () => {}, undefined, { app: false, warm: false, durations: true });
try {
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const cognito = new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    endpoint: runtime.cognitoEndpoint,
    credentials,
  });
  const email = `bench.${Date.now()}@example.com`;
  const password = 'segredo123';
  await cognito.send(
    new SignUpCommand({
      ClientId: runtime.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: runtime.userPoolId, Username: email }));
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: runtime.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = auth.AuthenticationResult!.IdToken!;
  const userId = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  // What CloudFront (locally, the SPA server's proxy) adds to every API request: the origin secret and viewer headers.
  const edge = edgeHeaders({ remoteAddress: '127.0.0.1' }, settings.viewer, settings.secrets.originVerify);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${runtime.gatewayUrl}${path}`, {
      method,
      headers: { ...edge, authorization: `Bearer ${idToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  await call(createProfileRoute.method, createProfileRoute.path, {
    tipo_documento: 'cpf',
    cpf: generateCpf(),
    nome_completo: 'Cliente de Benchmark',
    whatsapp: '(35) 99876-5432',
    cep: '37470-000',
    endereco: 'Rua Dr. Olavo Gomes Pinto',
    numero: '120',
    bairro: 'Centro',
    cidade: 'São Lourenço',
    estado: 'MG',
  });

  const dynamo = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: LOCAL_REGION, endpoint: `http://127.0.0.1:${settings.ports.dynamodb}`, credentials }),
  );
  const bareQuery = () =>
    dynamo.send(
      new QueryCommand({
        TableName: LOCAL_TABLE,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': keys.customer(userId),
          ':from': keys.contractsPrefix,
          ':to': keys.profileSk,
        },
      }),
    );
  const bareGet = () =>
    dynamo.send(new GetCommand({ TableName: LOCAL_TABLE, Key: { pk: keys.customer(userId), sk: keys.profileSk } }));

  const results = {
    'DynamoDB Query (collection)': await measure(bareQuery),
    [`${getDashboardRoute.method} ${getDashboardRoute.path}`]: await measure(
      () => call(getDashboardRoute.method, getDashboardRoute.path),
      () => runtime.durations(getDashboardRoute.id),
    ),
    'DynamoDB GetItem (profile)': await measure(bareGet),
    [`${getProfileRoute.method} ${getProfileRoute.path}`]: await measure(
      () => call(getProfileRoute.method, getProfileRoute.path),
      () => runtime.durations(getProfileRoute.id),
    ),
    // Where a route's time goes beyond its read: the same path with no read at all (gateway, worker, middleware).
    [`${getHealthRoute.method} ${getHealthRoute.path}`]: await measure(
      () => call(getHealthRoute.method, getHealthRoute.path),
      () => runtime.durations(getHealthRoute.id),
    ),
  };
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  console.log(
    `\nAPI latency against the local runtime (${REQUESTS} sequential requests after ${WARM_UP} warm-up; Node ${process.versions.node})\n`,
  );
  console.log(`${'what'.padEnd(30)}${'p50'.padStart(9)}${'p95'.padStart(9)}`);
  for (const [name, { p50, p95 }] of Object.entries(results)) console.log(`${name.padEnd(30)}${ms(p50)}${ms(p95)}`);
  const ratio = (route: string, bare: string) =>
    `${route}: ${(results[route]!.p50 / results[bare]!.p50).toFixed(1)}× the bare read at p50, ${(results[route]!.p95 / results[bare]!.p95).toFixed(1)}× at p95`;
  console.log(`\n${ratio(`GET ${getDashboardRoute.path}`, 'DynamoDB Query (collection)')}`);
  console.log(ratio(`GET ${getProfileRoute.path}`, 'DynamoDB GetItem (profile)'));
  const health = results[`GET ${getHealthRoute.path}`]!.p50;
  console.log(
    `GET ${getHealthRoute.path} (no read: the gateway, the function's worker and the handler's middleware): ${health.toFixed(1)} ms at p50`,
  );

  // The same requests seen from inside each function: its handler's own time (middleware, validation, the read, the
  // response), which is what our code decides; the rest of a route's time is the path to it (the HTTP client, the local
  // gateway and its token check, the worker thread's message hop), API Gateway's and Lambda's on AWS.
  const inside = (route: string) => results[route]!.inside!;
  const ms2 = (value: number) => `${value.toFixed(2)} ms`.padStart(9);
  console.log(`\nInside each function (its handler's own time, as Lambda reports Duration)\n`);
  // The last column: the route's p50 less its function's, what the path to the function takes at the median.
  console.log(`${'what'.padEnd(30)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'route − inside'.padStart(19)}`);
  for (const route of Object.keys(results).filter((name) => results[name]!.inside)) {
    const { p50, p95 } = inside(route);
    console.log(`${route.padEnd(30)}${ms2(p50)}${ms2(p95)}${ms2(results[route]!.p50 - p50).padStart(19)}`);
  }
  const insideRatio = (route: string, bare: string) =>
    `${route} inside its function: ${(inside(route).p50 / results[bare]!.p50).toFixed(2)}× the bare read at p50`;
  console.log(`\n${insideRatio(`GET ${getDashboardRoute.path}`, 'DynamoDB Query (collection)')}`);
  console.log(insideRatio(`GET ${getProfileRoute.path}`, 'DynamoDB GetItem (profile)'));
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

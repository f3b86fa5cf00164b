/**
 * Load test (docs/decisions.md, "Operations tools: dead-letter replay, load test, cost model"): starts the local
 * runtime (`npm start`'s emulators and function host, API only) on loopback with its ports shifted by 4000 and a
 * throwaway data folder, then drives three routes at rising rates, one after the other, through the local API gateway
 * as CloudFront calls it (origin secret and viewer headers):
 *
 * - the public lookup (`POST /public/lookup`), each request from its own viewer address and for its own unknown CPF,
 *   as a crowd of visitors would (one address or one document would be refused by the rate limits after 20 or 5);
 * - the dashboard (`GET /me/dashboard`) of a handful of signed-in customers;
 * - Asaas's webhook (`POST /webhooks/asaas`): PAYMENT_RECEIVED for charges seeded PENDING here and paid at the Asaas
 *   simulator, before each step as many as it delivers: nine deliveries in ten are an event's first (a payment
 *   confirmed: the heavy path), the tenth a redelivery of one sent moments before, often still in flight (Asaas
 *   delivers at least once).
 *
 * Each route is warmed up first (10 s at 25/s, not counted: see WARM_UP_REQUESTS), then climbs from 25 to 800
 * requests/s, 10 s a rate, until it breaks: an error, a request it could not keep up with, or a p99 over 100 ms;
 * requests leave on schedule whatever the answers' speed (open loop, at most 200 in flight). It prints p50/p95/p99,
 * errors and the rate achieved per step and the highest rate each route held, with what each request cost in CPU —
 * DynamoDB Local's Java process apart from this one (the generator, gateway, functions and stand-ins) — and how many
 * of the machine's cores were busy, so a break says whether the machine ran out; then it checks nothing was lost:
 * every event recorded exactly once, every charge RECEIVED, and the day's received total moved by exactly one payment
 * per charge. It exits 1 when a check fails. Figures, not targets (docs/operations.md, "Capacity", for what
 * production allows).
 *
 * Usage: `npm run bench:load [-- --seconds 10 --port-offset 4000]` (`--seconds`: per rate). Every request is
 * bounded: rates × seconds, a fixed number of customers, and charges seeded step by step. `--quick`: 5 requests of
 * warm-up and 1 s at two rates, what `npm test` runs (test/tools/scripts.test.ts) so the script cannot rot.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import { getDashboardRoute } from '../domain/api/dashboard.js';
import { lookupProcessRoute } from '../domain/api/lookup.js';
import { receiveAsaasWebhookRoute, type WEBHOOK_OUTCOMES } from '../domain/api/webhooks.js';
import { saoPauloDay } from '../domain/sao-paulo-calendar.js';
import { CONTRACT_PRICE } from '../domain/pricing.js';
import type { ProfileInput } from '../domain/schemas/profile-input.js';
import { getCharge } from '../lambdas/shared/data/charges.js';
import { nextProtocol } from '../lambdas/shared/data/contracts.js';
import { createProfile } from '../lambdas/shared/data/customers.js';
import { keys } from '../lambdas/shared/data/keys.js';
import type { Db } from '../lambdas/shared/data/table.js';
import { LOCAL_REGION } from '../local/cdk-definitions.js';
import { LOCAL_TABLE, startLocalRuntime } from '../local/runtime.js';
import { edgeHeaders } from '../local/services/edge.js';
import { localSettings } from '../local/settings.js';
import { hasFlag, numberFlag } from './cli.js';
import { runStep, sustainedRate, type Outcome, type StepResult } from './load/open-loop.js';
import { createCharge } from '../test/seeds.js';

const QUICK = hasFlag('quick');
/** Seconds each rate runs. */
const SECONDS = numberFlag('seconds', QUICK ? 1 : 10);
const PORT_OFFSET = numberFlag('port-offset', 4000);
/**
 * Requests per second, step by step, each for SECONDS: a route climbs until a step breaks (an error, a request it could
 * not keep up with, or a p99 over BREAK_P99_MS), and the next steps are not run.
 */
const RATES = QUICK ? [5, 10] : [25, 50, 100, 150, 200, 300, 400, 600, 800];
/** The latency a step may not pass at its 99th percentile and still count as held. */
const BREAK_P99_MS = 100;
/** The cores this machine gives its processes: DynamoDB Local, this process and anything else running share them. */
const CORES = availableParallelism();
const CUSTOMERS = QUICK ? 2 : 10;
/**
 * One webhook delivery in REDELIVERY_EVERY repeats the event sent REDELIVERY_LAG deliveries before it, at high rates
 * while that one is still being applied: exactly once must hold for concurrent duplicates, not only late ones.
 */
const REDELIVERY_EVERY = 10;
const REDELIVERY_LAG = 5;
/**
 * Requests sent at the first rate before any step is measured. DynamoDB Local is a Java program: a code path it has not
 * run often enough (the webhook's transactions, which the earlier phases never write) runs interpreted until its JIT
 * compiles it. Measured on this machine, a paid delivery cost DynamoDB Local about 37 ms of CPU over the first 150 and
 * 16 ms after 300, and measured cold the webhook "broke" at 25/s with a third of the machine busy. Lambda and DynamoDB
 * have no such warm-up: a step measures a route in its steady state, as the call before the warm-up keeps the
 * function's own cold start out of it.
 */
const WARM_UP_REQUESTS = RATES[0]! * SECONDS;
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const log = (line: string) => console.log(line);

const dataDir = mkdtempSync(join(tmpdir(), 'baixa-load-'));
const settings = localSettings({
  ...process.env,
  PORT_OFFSET: String(PORT_OFFSET),
  BAIXA_DATA_DIR: dataDir,
  LOG_LEVEL: 'ERROR',
});
const startedAt = performance.now();
const runtime = await startLocalRuntime(settings, () => {}, undefined, { app: false, warm: false });
let failed = false;
try {
  log(
    `Local runtime on 127.0.0.1 (ports + ${PORT_OFFSET}) in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`,
  );
  const db: Db = {
    client: DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        endpoint: `http://127.0.0.1:${settings.ports.dynamodb}`,
        credentials,
      }),
      { marshallOptions: { removeUndefinedValues: true } },
    ),
    tableName: LOCAL_TABLE,
  };
  /** What CloudFront adds, as if the request came from `address`. */
  const edge = (address = '127.0.0.1') =>
    edgeHeaders({ remoteAddress: address }, settings.viewer, settings.secrets.originVerify);
  const post = async (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${runtime.gatewayUrl}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  // --- Set-up: customers with a profile (the dashboard), charges PENDING here and paid at Asaas (the webhook) --------
  const tokens = await Promise.all(Array.from({ length: CUSTOMERS }, () => signedInCustomer(db)));
  // The warm-up's deliveries pay charges of their own; each step's are seeded before it (`prepare`).
  const warmUpCharges = await seedPaidCharges(db, WARM_UP_REQUESTS);
  log(`Seeded ${CUSTOMERS} signed-in customers and the webhook warm-up's ${WARM_UP_REQUESTS} charges paid at Asaas`);
  const dayTotalsBefore = await receivedToday(db);

  // --- The three phases --------------------------------------------------------------------------------------------
  const stepSeconds = SECONDS;
  /**
   * `send(i)` makes the i-th measured request (i < 0: the call that completes the cold start); `warmUp(i)` the i-th
   * request of the warm-up, `send` itself unless the route needs requests of its own for it.
   */
  const phase = async (
    name: string,
    send: (i: number) => Promise<Outcome>,
    warmUp?: (i: number) => Promise<Outcome>,
    /** Before each step, unmeasured: what its `count` requests from index `from` need (the webhook's charges). */
    prepare?: (from: number, count: number) => Promise<void>,
  ) => {
    // One unmeasured call first: the function's cold start is not what a rate measures.
    await send(-1);
    const warm = await runStep(RATES[0]!, WARM_UP_REQUESTS / RATES[0]!, warmUp ?? send);
    const steps: MeteredStep[] = [];
    // Measured requests follow the warm-up's: a lookup's visitor, for one, is never the same twice.
    let offset = warmUp ? 0 : WARM_UP_REQUESTS;
    for (const rate of RATES) {
      const base = offset;
      await prepare?.(base, Math.round(rate * stepSeconds));
      const before = cpuReading();
      const step = await runStep(rate, stepSeconds, (i) => send(base + i));
      steps.push({ ...step, cpu: cpuSpent(before, step.sent) });
      offset += Math.round(rate * stepSeconds);
      // The quick run (npm test, on a busy machine) prints every step: it checks the script, not the machine.
      if (!QUICK && sustainedRate([step], BREAK_P99_MS) === 0) break;
    }
    return { name, steps, warm };
  };
  const ok = (response: Response): Outcome => ({ ok: response.ok, status: response.status });

  const lookup = await phase(`${lookupProcessRoute.method} ${lookupProcessRoute.path}`, async (i) => {
    // A distinct visitor (10.x.y.z) asking for a distinct CPF: the crowd the limits are per address and per document.
    const address = `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;
    const response = await post(lookupProcessRoute.path, { consulta: generateCpf() }, edge(address));
    await response.arrayBuffer();
    return ok(response);
  });

  const dashboard = await phase(`${getDashboardRoute.method} ${getDashboardRoute.path}`, async (i) => {
    const token = tokens[Math.abs(i) % tokens.length]!;
    const response = await fetch(`${runtime.gatewayUrl}${getDashboardRoute.path}`, {
      headers: { ...edge(), authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    return ok(response);
  });

  const outcomes = new Map<string, (typeof WEBHOOK_OUTCOMES)[number][]>();
  const webhookHeaders = { ...edge(), 'asaas-access-token': runtime.asaasWebhookToken };
  // The measured deliveries' charges: seeded before each step, each taken by the delivery of its event's first time.
  const unpaidCharges: SeededCharge[] = [];
  const firstDeliveries = new Map<number, SeededCharge>();
  const isRedelivery = (i: number) => i % REDELIVERY_EVERY === REDELIVERY_EVERY - 1;
  const chargeOfDelivery = (i: number): SeededCharge => {
    if (isRedelivery(i)) return firstDeliveries.get(i - REDELIVERY_LAG)!;
    const charge = unpaidCharges.shift();
    if (!charge) throw new Error(`No charge seeded for delivery ${i}`);
    firstDeliveries.set(i, charge);
    return charge;
  };
  const deliver = async (charge: { asaasId: string }) => {
    const eventId = `evt_load_${charge.asaasId}`;
    const response = await post(
      receiveAsaasWebhookRoute.path,
      {
        id: eventId,
        event: 'PAYMENT_RECEIVED',
        dateCreated: new Date().toISOString(),
        payment: {
          object: 'payment',
          id: charge.asaasId,
          status: 'RECEIVED',
          value: CONTRACT_PRICE,
          billingType: 'PIX',
        },
      },
      webhookHeaders,
    );
    if (!response.ok) {
      await response.arrayBuffer();
      return ok(response);
    }
    const { outcome } = (await response.json()) as { outcome: (typeof WEBHOOK_OUTCOMES)[number] };
    outcomes.set(eventId, [...(outcomes.get(eventId) ?? []), outcome]);
    return ok(response);
  };
  const webhook = await phase(
    `${receiveAsaasWebhookRoute.method} ${receiveAsaasWebhookRoute.path}`,
    async (i) => {
      if (i < 0) {
        // The cold start's call: an event without a payment, acknowledged and ignored.
        const response = await post(
          receiveAsaasWebhookRoute.path,
          { id: `evt_warm_${ulid()}`, event: 'TRANSFER_DONE' },
          webhookHeaders,
        );
        await response.arrayBuffer();
        return ok(response);
      }
      return deliver(chargeOfDelivery(i));
    },
    (i) => deliver(warmUpCharges[i]!),
    async (from, count) => {
      const firsts = Array.from({ length: count }, (_, k) => from + k).filter((i) => !isRedelivery(i)).length;
      unpaidCharges.push(...(await seedPaidCharges(db, firsts)));
    },
  );

  // --- Figures -----------------------------------------------------------------------------------------------------
  const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1)).padStart(9);
  log(
    `\nLoad against the local runtime: ${stepSeconds.toFixed(1)} s per rate, open loop (Node ${process.versions.node})\n`,
  );
  log(
    `${'route'.padEnd(24)}${'rate/s'.padStart(7)}${'sent'.padStart(7)}${'errors'.padStart(8)}${'achieved/s'.padStart(11)}` +
      `${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `${'DDB ms/req'.padStart(11)}${'Node ms/req'.padStart(12)}${'cores busy'.padStart(11)}`,
  );
  for (const { name, steps } of [lookup, dashboard, webhook]) {
    for (const step of steps) {
      const errors = step.errors + step.skipped;
      log(
        `${name.padEnd(24)}${String(step.rate).padStart(7)}${String(step.sent).padStart(7)}${String(errors).padStart(8)}` +
          `${step.achieved.toFixed(1).padStart(11)}${ms(step.p50)}${ms(step.p95)}${ms(step.p99)}` +
          `${cpuColumns(step.cpu)}` +
          (errors > 0
            ? `  (${Object.entries(step.errorsByStatus)
                .map(([status, n]) => `${status} ×${n}`)
                .join(', ')}${step.skipped ? `, ${step.skipped} not sent: too many in flight` : ''})`
            : ''),
      );
    }
  }
  log('');
  for (const { name, warm } of [lookup, dashboard, webhook]) {
    log(
      `${name}: warm-up (not counted) ${warm.sent} requests at ${warm.rate}/s, ${warm.errors + warm.skipped} errors, ` +
        `p50 ${warm.p50.toFixed(1)} ms, p99 ${warm.p99.toFixed(1)} ms`,
    );
  }
  for (const { name, steps } of [lookup, dashboard, webhook]) {
    const held = sustainedRate(steps, BREAK_P99_MS);
    const broke = steps.length < RATES.length || sustainedRate(steps.slice(-1), BREAK_P99_MS) === 0;
    log(
      `${name}: held ${held} requests/s (p99 ≤ ${BREAK_P99_MS} ms, no error)` +
        (broke ? `; broke at ${steps.at(-1)!.rate}/s` : `; did not break up to ${RATES.at(-1)}/s`),
    );
  }
  // Why a step broke on this machine: what a request cost the emulator and this process, against the cores there are.
  log('');
  log(
    `CPU per request: DDB = DynamoDB Local's Java process; Node = this process (the load generator, the gateway, the ` +
      `functions' workers, the stand-ins, the stream poller). cores busy = both, per second of the step, of ${CORES} cores.`,
  );
  for (const { name, steps } of [lookup, dashboard, webhook]) {
    const last = steps.at(-1)!;
    const perRequest = cpuPerRequestMs(last.cpu);
    if (perRequest === null) continue;
    log(
      `${name}: at ${last.rate}/s, ${perRequest.toFixed(1)} ms of CPU per request: this machine's ${CORES} cores ` +
        `would be used up at ≈ ${Math.floor((CORES * 1000) / perRequest)}/s`,
    );
  }

  // --- Nothing lost ------------------------------------------------------------------------------------------------
  const check = (what: string, good: boolean, detail: string) => {
    log(`check ${what}: ${good ? 'ok' : 'FAILED'} (${detail})`);
    if (!good) failed = true;
  };
  const delivered = [...outcomes.values()].reduce((sum, list) => sum + list.length, 0);
  const recordedOnce = [...outcomes.values()].filter((list) => list.filter((o) => o === 'recorded').length === 1);
  const unexpected = [...outcomes.values()].flat().filter((o) => !['recorded', 'duplicate', 'ignored'].includes(o));
  log('');
  // The warm-up's events and charges are checked with the measured ones: nothing may be lost there either.
  const deliveredCharges = [...warmUpCharges, ...firstDeliveries.values()];
  const events = deliveredCharges.length;
  check(
    'every webhook applied exactly once',
    outcomes.size === events && recordedOnce.length === events && unexpected.length === 0,
    `${events} events in ${delivered} deliveries: ${recordedOnce.length} recorded exactly once` +
      (unexpected.length ? `, unexpected outcomes ${unexpected.join(', ')}` : ''),
  );
  const stored = await Promise.all(deliveredCharges.map((charge) => getCharge(db, charge.ref)));
  const received = stored.filter((charge) => charge?.status === 'RECEIVED' && charge.paid_at);
  check(
    'every charge consistent',
    received.length === events,
    `${received.length} of ${events} charges RECEIVED with a payment date`,
  );
  const dayTotalsAfter = await receivedToday(db);
  const counted = dayTotalsAfter.count - dayTotalsBefore.count;
  const cents = dayTotalsAfter.cents - dayTotalsBefore.cents;
  check(
    "the day's received total counts each payment once",
    counted === events && cents === events * CONTRACT_PRICE * 100,
    `${counted} payments, R$ ${(cents / 100).toFixed(2)} (expected ${events}, R$ ${(events * CONTRACT_PRICE).toFixed(2)})`,
  );
} finally {
  await runtime.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;

type CpuReading = { dynamoDb: number | null; node: number; at: number };
type CpuSpent = { dynamoDbMs: number | null; nodeMs: number; coresBusy: number | null; requests: number };
type MeteredStep = StepResult & { cpu: CpuSpent };

/** The CPU used so far by DynamoDB Local and by this process (every thread: the functions run in workers here). */
function cpuReading(): CpuReading {
  const { user, system } = process.cpuUsage();
  return { dynamoDb: runtime.dynamoDbCpuSeconds(), node: (user + system) / 1e6, at: performance.now() };
}

/** What a step used since `before`, per request sent, and both processes' cores busy over the step's wall time. */
function cpuSpent(before: CpuReading, requests: number): CpuSpent {
  const now = cpuReading();
  const seconds = (now.at - before.at) / 1000;
  const dynamoDb = now.dynamoDb === null || before.dynamoDb === null ? null : now.dynamoDb - before.dynamoDb;
  const node = now.node - before.node;
  const per = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, requests);
  return {
    dynamoDbMs: dynamoDb === null ? null : per(dynamoDb),
    nodeMs: per(node),
    coresBusy: dynamoDb === null ? null : (dynamoDb + node) / seconds,
    requests,
  };
}

function cpuPerRequestMs(cpu: CpuSpent): number | null {
  return cpu.dynamoDbMs === null ? null : cpu.dynamoDbMs + cpu.nodeMs;
}

function cpuColumns(cpu: CpuSpent): string {
  const figure = (value: number | null, width: number, digits: number) =>
    (value === null ? '–' : value.toFixed(digits)).padStart(width);
  return `${figure(cpu.dynamoDbMs, 11, 1)}${figure(cpu.nodeMs, 12, 1)}${figure(cpu.coresBusy, 11, 2)}`;
}

/** A customer signed up and confirmed in cognito-local, with a profile and its contract: the id token. */
async function signedInCustomer(db: Db): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: LOCAL_REGION,
    endpoint: runtime.cognitoEndpoint,
    credentials,
  });
  const email = `carga.${ulid().toLowerCase()}@example.com`;
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
  cognito.destroy();
  const idToken = auth.AuthenticationResult!.IdToken!;
  const userId = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
  await createProfile(db, {
    userId,
    input: profileInput(email),
    referredByProfileId: null,
    now: new Date().toISOString(),
    initialContract: { protocolo: nextProtocol(new Date()), valor: CONTRACT_PRICE, formaPagamento: 'pix' },
  });
  return idToken;
}

/**
 * `count` customers with a contract and a PENDING charge, written through the real access patterns, whose payments
 * the Asaas simulator holds as RECEIVED (imported without webhooks: the load test delivers them itself).
 */
type SeededCharge = { asaasId: string; ref: { userId: string; contractId: string; chargeId: string } };

async function seedPaidCharges(db: Db, count: number): Promise<SeededCharge[]> {
  if (count === 0) return [];
  const imported = await fetch(`${runtime.asaasUrl}/__control/payments/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      payments: Array.from({ length: count }, () => ({ value: CONTRACT_PRICE, status: 'RECEIVED' })),
    }),
  });
  if (!imported.ok) throw new Error(`The simulator refused the import: ${imported.status} ${await imported.text()}`);
  const { ids } = (await imported.json()) as { ids: string[] };
  const seedOne = async (asaasId: string): Promise<SeededCharge> => {
    const userId = ulid();
    const { contract } = await createProfile(db, {
      userId,
      input: profileInput(`carga.${userId.toLowerCase()}@example.com`),
      referredByProfileId: null,
      now: new Date().toISOString(),
      initialContract: { protocolo: nextProtocol(new Date()), valor: CONTRACT_PRICE, formaPagamento: 'pix' },
    });
    // With its value, as every charge the product creates keeps it: a charge without one (written before charges kept
    // their value) costs its payment one more read, of the contract, which no new payment makes.
    const charge = await createCharge(db, { userId, contractId: contract.id, asaasId, valor: CONTRACT_PRICE });
    return { asaasId, ref: { userId, contractId: contract.id, chargeId: charge.id } };
  };
  // Eight at a time: a step's charges (up to a few thousand) are seeded in seconds, not minutes.
  const seeded: SeededCharge[] = [];
  for (let from = 0; from < ids.length; from += 8) {
    seeded.push(...(await Promise.all(ids.slice(from, from + 8).map(seedOne))));
  }
  return seeded;
}

function profileInput(email: string): ProfileInput {
  return {
    tipo_documento: 'cpf',
    nome_completo: 'Cliente de Carga',
    email,
    whatsapp: '(35) 99876-5432',
    cpf: generateCpf(),
    cep: '37470-000',
    endereco: 'Rua Dr. Olavo Gomes Pinto',
    numero: '120',
    complemento: null,
    bairro: 'Centro',
    cidade: 'São Lourenço',
    estado: 'MG',
  };
}

/** The received count and centavos of today and yesterday (São Paulo), so a run across midnight adds up. */
async function receivedToday(db: Db): Promise<{ count: number; cents: number }> {
  const days = [saoPauloDay(new Date(Date.now() - 86_400_000)), saoPauloDay(new Date())];
  let count = 0;
  let cents = 0;
  for (const day of new Set(days)) {
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.financeDayPk, sk: day }, ConsistentRead: true }),
    );
    count += Number(Item?.received_count ?? 0);
    cents += Number(Item?.received_cents ?? 0);
  }
  return { count, cents };
}

/**
 * The nightly reconciliation at 10,000 charges (how long a night's run takes and what it costs at Asaas): starts a
 * throwaway in-memory DynamoDB Local with the table as CDK synthesizes it and an Asaas simulator, seeds N charges on
 * both sides (contracts, processes, charges and their `ASAAS#` pointers by parallel BatchWriteItem of the real item
 * builders; the payments by the simulator's bulk import, 2,000 at a time), makes some diverge — paid deliveries that
 * never arrived, payments with no charge of ours (orphans), charges Asaas does not know, other values, charges paid
 * here and still open at Asaas — then runs one reconciliation through the real service and the real Asaas client over
 * HTTP, and prints its duration, pages, requests and what it repaired and found, against what was seeded. A second run
 * shows it changes nothing more. The workflow and the e-mail are recorders (resumes, starts and e-mails counted, not
 * run). Figures, not assertions.
 *
 * Usage: `npm run bench:reconcile [-- --charges 10000 --port 18910 --verbose]`. DynamoDB Local listens on `--port`
 * (18910 by default; `--port 0` takes any free port), the simulator on a free port; `--verbose` keeps the run's log
 * lines. `--quick`: 300 charges on free ports, what `npm test` runs (test/tools/scripts.test.ts) so the bench cannot
 * rot.
 */
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { CONTRACT_PRICE } from '../domain/pricing.js';
import type { ChargeStatus } from '../domain/charge-status.js';
import type { ProcessStatus } from '../domain/process-status.js';
import { saoPauloDay } from '../domain/sao-paulo-calendar.js';
import type { Charge, Contract, Process } from '../domain/schemas/entities.js';
import { reconcilePayments, type ReconciliationDeps } from '../lambdas/payments/reconciliation-service.js';
import { createAsaasClient } from '../lambdas/providers/asaas.js';
import type { Workflow } from '../lambdas/providers/workflow.js';
import { chargeItem, chargePointerItem } from '../lambdas/shared/data/charges.js';
import { contractItem } from '../lambdas/shared/data/contracts.js';
import { processItem } from '../lambdas/shared/data/processes.js';
import type { ReconciliationRun } from '../lambdas/shared/data/reconciliation.js';
import type { Db } from '../lambdas/shared/data/table.js';
import { logger } from '../lambdas/shared/logger.js';
import { synthesizeLocalDefinitions } from '../local/cdk-definitions.js';
import { startAsaasSimulator } from '../local/services/asaas-simulator.js';
import { ensureTable, startDynamoDbLocal } from '../local/services/dynamodb.js';
import { hasFlag, numberFlag } from './cli.js';
import { ENV } from '../lambdas/grants.js';
import { loadCompanyIdentity } from '../lib/company-config.js';

const QUICK = hasFlag('quick');
const CHARGES = numberFlag('charges', QUICK ? 300 : 10_000, 100);
const PORT = numberFlag('port', QUICK ? 0 : 18_910, 0);
/** Parallel BatchWriteItem requests: enough to keep DynamoDB Local busy on 2 cores without starving it. */
const CONCURRENCY = numberFlag('concurrency', 6);
const TABLE = 'baixa-bench-reconcile';
const API_KEY = 'bench-asaas-api-key-0123456789abcdef';
/** Lambda's limit, the function's timeout (lambdas/functions.ts). */
const LAMBDA_TIMEOUT_SECONDS = 900;
const IMPORT_CHUNK = 2_000;
const DAY_MS = 86_400_000;

/** How many of the N charges diverge, and how (each a few per thousand, at least one). */
const share = (perMille: number) => Math.max(1, Math.round((CHARGES * perMille) / 1000));
const DROPPED_PAID = share(20);
const ORPHANS = share(5);
const UNKNOWN_AT_ASAAS = share(2);
const OTHER_VALUE = share(2);
const PAID_HERE_ONLY = share(1);

type Kind = 'pending' | 'paid' | 'overdue' | 'dropped' | 'unknown' | 'value' | 'paidHere';

/** Which case charge i is: the divergent ones first, then consistent ones in three statuses. */
function kindOf(i: number): Kind {
  let at = i;
  for (const [kind, n] of [
    ['dropped', DROPPED_PAID],
    ['unknown', UNKNOWN_AT_ASAAS],
    ['value', OTHER_VALUE],
    ['paidHere', PAID_HERE_ONLY],
  ] as const) {
    if (at < n) return kind;
    at -= n;
  }
  return (['pending', 'paid', 'overdue'] as const)[at % 3]!;
}

/** Asaas's side of charge i: its status and value there (null: Asaas does not know it). */
function asaasSide(kind: Kind): { status: string; value: number } | null {
  switch (kind) {
    case 'unknown':
      return null;
    case 'dropped':
    case 'paid':
      return { status: 'RECEIVED', value: CONTRACT_PRICE };
    case 'overdue':
    case 'paidHere':
      return { status: 'OVERDUE', value: CONTRACT_PRICE };
    case 'value':
      return { status: 'PENDING', value: 299 };
    case 'pending':
      return { status: 'PENDING', value: CONTRACT_PRICE };
  }
}

/** Ours: the charge's status and its process's. */
function ourSide(kind: Kind): { status: ChargeStatus; process: ProcessStatus } {
  if (kind === 'paid') return { status: 'RECEIVED', process: 'pago' };
  if (kind === 'paidHere') return { status: 'CONFIRMED', process: 'pago' };
  if (kind === 'overdue') return { status: 'OVERDUE', process: 'pagamento_pendente' };
  return { status: 'PENDING', process: 'pagamento_pendente' };
}

/** Charge i, created at some time in the last 80 days (well inside the 90-day window). */
function createdAtOf(i: number, now: number): Date {
  return new Date(now - ((i * 7_919) % (80 * 24 * 60)) * 60_000 - 3_600_000);
}

async function writeBatch(db: Db, items: Record<string, unknown>[]): Promise<void> {
  let pending = items.map((Item) => ({ PutRequest: { Item } }));
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
    const { UnprocessedItems } = await db.client.send(
      new BatchWriteCommand({ RequestItems: { [db.tableName]: pending } }),
    );
    pending = (UnprocessedItems?.[db.tableName] ?? []) as typeof pending;
  }
}

async function writeAll(db: Db, items: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let b = 0; b < items.length; b += 25) batches.push(items.slice(b, b + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) await writeBatch(db, batches[next++]!);
    }),
  );
}

/** A port nothing listens on now, on any interface (DynamoDB Local binds them all). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer()
      .once('error', reject)
      .listen(0, '0.0.0.0', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolvePort(port));
      });
  });
}

// The orphan payments' e-mails name the company, as the function's `email` grant gives it on AWS and locally.
process.env[ENV.company] ??= JSON.stringify(loadCompanyIdentity('local').identity);

// The run logs an error line per new orphan payment and a warning per repair: they would bury the figures.
if (!hasFlag('verbose')) logger.setLogLevel('SILENT');

const dynamodb = await startDynamoDbLocal({ port: PORT || (await freePort()), dataDir: null });
const simulator = await startAsaasSimulator({ port: 0, apiKey: API_KEY, webhook: null });
const client = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: dynamodb.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 10,
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
const stopAll = async () => {
  client.destroy();
  await simulator.stop();
  await dynamodb.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));

/** What the recorders saw: the workflow's resumes and starts, the e-mails. */
const recorded = { resumes: 0, starts: 0 };
const workflow: Workflow = {
  start: async (name) => {
    recorded.starts += 1;
    return { executionArn: `arn:bench:${name}`, alreadyStarted: false };
  },
  resume: async () => {
    recorded.resumes += 1;
    return 'resumed';
  },
  fail: async () => 'resumed',
  stop: async () => 'not-running',
};

try {
  const { table } = synthesizeLocalDefinitions(TABLE);
  // No stream: nothing consumes it here, and it would only slow the seeding down.
  delete table.StreamSpecification;
  await ensureTable(dynamodb.endpoint, table, null);
  const db: Db = { client, tableName: TABLE };
  console.log(`DynamoDB Local (in memory) on ${dynamodb.endpoint}; Asaas simulator on ${simulator.url}.`);

  // --- Seeding ---------------------------------------------------------------------------------------------------
  const seedStarted = performance.now();
  const now = Date.now();
  const chargeIds = Array.from({ length: CHARGES }, (_, i) => ulid(createdAtOf(i, now).getTime()));
  const asaasIds: (string | null)[] = new Array<string | null>(CHARGES).fill(null);
  const onAsaas = chargeIds.flatMap((id, i) => {
    const side = asaasSide(kindOf(i));
    if (!side) return [];
    const created = saoPauloDay(createdAtOf(i, now));
    return [
      {
        index: i,
        payment: {
          value: side.value,
          status: side.status,
          externalReference: id,
          dateCreated: created,
          dueDate: saoPauloDay(new Date(createdAtOf(i, now).getTime() + 3 * DAY_MS)),
          ...(side.status === 'RECEIVED' ? { paymentDate: created } : {}),
        },
      },
    ];
  });
  const orphans = Array.from({ length: ORPHANS }, (_, i) => ({
    value: CONTRACT_PRICE,
    status: 'RECEIVED',
    externalReference: `feito-no-painel-${i}`,
    dateCreated: saoPauloDay(new Date(now - (i % 30) * DAY_MS)),
  }));
  const toImport = [...onAsaas.map((entry) => entry.payment), ...orphans];
  const imported: string[] = [];
  for (let start = 0; start < toImport.length; start += IMPORT_CHUNK) {
    const response = await fetch(`${simulator.url}/__control/payments/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payments: toImport.slice(start, start + IMPORT_CHUNK) }),
    });
    if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
    imported.push(...((await response.json()) as { ids: string[] }).ids);
  }
  onAsaas.forEach((entry, n) => (asaasIds[entry.index] = imported[n]!));

  const items: Record<string, unknown>[] = [];
  for (let i = 0; i < CHARGES; i += 1) {
    const kind = kindOf(i);
    const created = createdAtOf(i, now).toISOString();
    const userId = `bench-${String(i).padStart(6, '0')}`;
    const contractId = ulid(createdAtOf(i, now).getTime());
    const ours = ourSide(kind);
    const contract: Contract = {
      id: contractId,
      profile_id: userId,
      protocolo: `BENCH-${i}`,
      valor: CONTRACT_PRICE,
      forma_pagamento: 'pix',
      assinado_em: created,
      ip_assinatura: '203.0.113.9',
      geo_assinatura: null,
      parent_contrato_id: null,
      created_at: created,
    };
    const process: Process = {
      id: ulid(createdAtOf(i, now).getTime()),
      contrato_id: contractId,
      status: ours.process,
      previsao: null,
      observacoes: null,
      baixa_deferida_em: null,
      baixa_caiu_em: null,
      created_at: created,
      updated_at: created,
    };
    const asaasId = asaasIds[i] ?? `pay_desconhecido${i}`;
    const charge: Charge = {
      id: chargeIds[i]!,
      contrato_id: contractId,
      status: ours.status,
      qr_code: null,
      pix_payload: null,
      link: null,
      asaas_id: asaasId,
      fb_event_id: null,
      created_at: created,
      updated_at: created,
    };
    items.push(
      contractItem(userId, contract),
      processItem(userId, process),
      // A workflow waits on every unpaid charge (its task token), as AwaitPayment leaves it.
      { ...chargeItem(userId, charge), ...(ours.status === 'PENDING' ? { task_token: `token-${i}` } : {}) },
      chargePointerItem(asaasId, { userId, contractId, chargeId: charge.id }),
    );
  }
  await writeAll(db, items);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(
    `Seeded ${CHARGES.toLocaleString('en')} charges (${items.length.toLocaleString('en')} items) and ` +
      `${toImport.length.toLocaleString('en')} Asaas payments in ${seedSeconds.toFixed(1)} s: ` +
      `${DROPPED_PAID} dropped paid deliveries, ${ORPHANS} orphan payments, ${UNKNOWN_AT_ASAAS} charges unknown at ` +
      `Asaas, ${OTHER_VALUE} other values, ${PAID_HERE_ONLY} paid here only.`,
  );

  // --- The run -----------------------------------------------------------------------------------------------------
  const deps: ReconciliationDeps = {
    db,
    clock: () => new Date(),
    workflow,
    asaas: createAsaasClient({ baseUrl: simulator.apiUrl, apiKey: API_KEY }),
  };
  const runOnce = async (): Promise<{ run: ReconciliationRun; seconds: number }> => {
    const started = performance.now();
    const outcome = await reconcilePayments(deps, {
      runId: new Date().toISOString(),
      lockSeconds: LAMBDA_TIMEOUT_SECONDS,
    });
    if (outcome.skipped) throw new Error('the run was skipped');
    return { run: outcome.run, seconds: (performance.now() - started) / 1000 };
  };
  const { run, seconds } = await runOnce();
  const row = (label: string, value: string | number) =>
    console.log(`${label.padEnd(38)}${typeof value === 'number' ? value.toLocaleString('en') : value}`);
  const check = (label: string, got: number, expected: number) =>
    row(
      label,
      `${got.toLocaleString('en')} (expected ${expected.toLocaleString('en')}: ${got === expected ? 'ok' : 'MISMATCH'})`,
    );
  console.log('');
  row('run', `${run.status} in ${seconds.toFixed(1)} s`);
  row('charges per second', Math.round(run.charges_checked / seconds));
  row('pages', run.pages);
  row('Asaas requests', run.requests);
  row('payments read', run.payments_read);
  check('charges checked', run.charges_checked, CHARGES);
  check('repaired (dropped paid deliveries)', run.repaired, DROPPED_PAID);
  check('workflow resumes', recorded.resumes, DROPPED_PAID);
  check('orphan payments', run.orphans_new, ORPHANS);
  check('divergences', run.divergences_new, UNKNOWN_AT_ASAAS + OTHER_VALUE + PAID_HERE_ONLY);
  row('errors', run.errors);
  row(`fits Lambda's ${LAMBDA_TIMEOUT_SECONDS} s`, seconds < LAMBDA_TIMEOUT_SECONDS ? 'yes' : 'NO');

  const second = await runOnce();
  console.log('');
  row(
    'second run',
    `${second.run.status} in ${second.seconds.toFixed(1)} s: ${second.run.repaired} repaired, ` +
      `${second.run.divergences_new} new divergences, ${second.run.divergences_open} open, ${second.run.orphans_new} new orphans`,
  );
} finally {
  await stopAll();
}

/**
 * Admin lists at 1,000 and 100,000 clients (how they stay fast as clients grow): starts a throwaway in-memory DynamoDB
 * Local with the table as CDK synthesizes it, seeds 1,000 clients (profile, signed contract, protocol pointer, process,
 * charge, one referral each, their search tokens, the counters and the days' money) with parallel BatchWriteItem of the
 * real item builders, measures each admin list's first page, a search and a status filter, and the finance period's
 * page and totals through the real service functions (median of N runs), tops up to 100,000 clients, measures again,
 * and prints both with the ratio against the target "page time at 100k ≤ 1.2 × page time at 1k". Figures, not
 * assertions.
 *
 * Usage: `npm run bench:admin [-- --clients 100000 --runs 25 --port 18900]`. DynamoDB Local is started on `--port`
 * (18900 by default); `--port 0` takes any free port. `--quick`: 100 then 300 clients, 3 runs per case, no pauses, on a
 * free port (unless `--port` names one): what `npm test` runs (test/tools/scripts.test.ts) so the bench cannot rot.
 */
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { saoPauloDay } from '../domain/sao-paulo-calendar.js';
import { PROCESS_STATUSES, type ProcessStatus } from '../domain/process-status.js';
import { formatLegacyProtocol } from '../domain/protocol.js';
import type { Charge, Contract, Process, Profile, Referral } from '../domain/schemas/entities.js';
import { listAdminClients } from '../lambdas/admin/clients/admin-clients-service.js';
import { listAdminCharges } from '../lambdas/admin/finance/admin-finance-service.js';
import { getFinanceSummary } from '../lambdas/admin/finance/finance-summary-service.js';
import { listAdminProcesses } from '../lambdas/admin/processes/admin-processes-service.js';
import { listAdminReferrals } from '../lambdas/admin/referrals/admin-referrals-service.js';
import { chargeItem } from '../lambdas/shared/data/charges.js';
import { contractItem, protocolPointerItem } from '../lambdas/shared/data/contracts.js';
import { getAdminCounters } from '../lambdas/shared/data/counters.js';
import { clientSearchTokenItems, profileItem } from '../lambdas/shared/data/customers.js';
import { COUNTERS, keys } from '../lambdas/shared/data/keys.js';
import { processItem } from '../lambdas/shared/data/processes.js';
import { referralItem, referralSearchTokenItem, referrerCopyOf } from '../lambdas/shared/data/referrals.js';
import type { Db } from '../lambdas/shared/data/table.js';
import { synthesizeLocalDefinitions } from '../local/cdk-definitions.js';
import { ensureTable, startDynamoDbLocal } from '../local/services/dynamodb.js';
import { hasFlag, numberFlag } from './cli.js';

const QUICK = hasFlag('quick');
const SMALL = QUICK ? 100 : 1_000;
const LARGE = numberFlag('clients', QUICK ? 300 : 100_000, SMALL + 1);
const RUNS = numberFlag('runs', QUICK ? 3 : 41);
const WARM_UP = QUICK ? 1 : 5;
const PORT = numberFlag('port', QUICK ? 0 : 18_900, 0);
/** Parallel BatchWriteItem requests: enough to keep DynamoDB Local busy on 2 cores without starving it. */
const CONCURRENCY = numberFlag('concurrency', 6);
const CLIENTS_PER_CHUNK = 500;
/** The client whose document and protocol the searches look for: one of the first SMALL, so both sizes find it. */
const SAMPLE_CLIENT = SMALL / 2;
const TARGET = 1.2;
const TABLE = 'baixa-bench-admin';

// Common Brazilian names, so name searches meet partitions that grow with the table ("maria" ≈ 1 client in 30).
const FIRST = [
  'Maria', 'Jose', 'Ana', 'Joao', 'Antonio', 'Francisca', 'Carlos', 'Paulo', 'Pedro', 'Lucas',
  'Luiz', 'Marcos', 'Luis', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe',
  'Raimundo', 'Rodrigo', 'Juliana', 'Adriana', 'Marcia', 'Fernanda', 'Patricia', 'Aline', 'Sandra', 'Camila',
]; // prettier-ignore
const LAST = [
  'Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes',
  'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa',
]; // prettier-ignore
const CHARGE_STATUSES = ['OVERDUE', 'CONFIRMED', 'RECEIVED', 'OVERDUE'] as const;
/** A PIX expires in 3 days, so few charges are ever open: one client in a thousand still has a PENDING one. */
const OPEN_EVERY = 1000;
const PAID_CHARGES = new Set<string>(['CONFIRMED', 'RECEIVED']);
const REFERRAL_STATUSES = ['invited', 'signed_up', 'paid'] as const;

type Counts = {
  clients: number;
  processes: Record<string, number>;
  charges: Record<string, number>;
  chargesPaid: number;
  referrals: Record<string, number>;
  /** The money of each São Paulo day (pattern 56), as the moves that paid the seeded charges would have left it. */
  financeDays: Record<string, { received_cents: number; received_count: number }>;
};

const START = Date.parse('2025-01-01T12:00:00Z');

/** Eleven digits spread over the whole range, so document tokens fill many search partitions. */
const cpfOf = (i: number) => String((i * 48_271 * 7_919 + 10_000_000_000) % 100_000_000_000).padStart(11, '0');

/** Client i, deterministic: its items from the real builders, and what it adds to the counters. */
function clientItems(i: number, counts: Counts): Record<string, unknown>[] {
  const createdMs = START + i * 60_000;
  const at = new Date(createdMs).toISOString();
  const later = new Date(createdMs + 30_000).toISOString();
  const first = FIRST[i % FIRST.length]!;
  const last = LAST[(i * 7) % LAST.length]!;
  const middle = LAST[(i * 13 + 3) % LAST.length]!;
  const userId = `bench-${String(i).padStart(6, '0')}`;
  const profile: Profile = {
    id: ulid(createdMs),
    user_id: userId,
    nome_completo: `${first} ${middle} ${last}`,
    tipo_documento: 'cpf',
    cpf: cpfOf(i),
    email: `${first}.${last}.${i}@exemplo.com.br`.toLowerCase(),
    whatsapp: '11987654321',
    endereco: 'Praça da Sé',
    numero: String(i),
    complemento: null,
    bairro: 'Sé',
    cidade: 'São Paulo',
    estado: 'SP',
    cep: '01001000',
    referral_code: `REF-${String(i).padStart(6, '0')}`,
    referred_by_profile_id: null,
    free_renewals: 0,
    created_at: at,
  };
  const day = Math.floor(i / 90_000);
  const contract: Contract = {
    id: ulid(createdMs),
    profile_id: profile.id,
    protocolo: formatLegacyProtocol(new Date(START + day * 86_400_000), (i % 90_000) + 1),
    valor: 399,
    forma_pagamento: 'pix',
    assinado_em: later,
    ip_assinatura: '203.0.113.9',
    geo_assinatura: null,
    parent_contrato_id: null,
    created_at: at,
  };
  const status: ProcessStatus = PROCESS_STATUSES[i % PROCESS_STATUSES.length]!;
  const process: Process = {
    id: ulid(createdMs),
    contrato_id: contract.id,
    status,
    previsao: null,
    observacoes: null,
    baixa_deferida_em: null,
    baixa_caiu_em: null,
    created_at: at,
    updated_at: later,
  };
  const chargeStatus = i % OPEN_EVERY === 0 ? 'PENDING' : CHARGE_STATUSES[i % CHARGE_STATUSES.length]!;
  const charge: Charge = {
    id: ulid(createdMs),
    contrato_id: contract.id,
    status: chargeStatus,
    qr_code: null,
    pix_payload: null,
    link: null,
    asaas_id: `pay_bench${i}`,
    fb_event_id: null,
    valor: 399,
    created_at: at,
    updated_at: later,
  };
  const referralStatus = REFERRAL_STATUSES[i % REFERRAL_STATUSES.length]!;
  const referral: Referral = {
    id: ulid(createdMs),
    referrer_profile_id: profile.id,
    referred_profile_id: null,
    // Another first name than the referrer's, so a name search meets referrers and invitees that differ.
    referred_email: `${FIRST[(i * 11 + 1) % FIRST.length]}.amigo.${i}@amigos.com.br`.toLowerCase(),
    invite_code: `${profile.referral_code}-${String(i % 10_000).padStart(4, '0')}`,
    status: referralStatus,
    created_at: at,
    updated_at: later,
  };
  counts.clients += 1;
  counts.processes[status] = (counts.processes[status] ?? 0) + 1;
  counts.charges[chargeStatus] = (counts.charges[chargeStatus] ?? 0) + 1;
  if (PAID_CHARGES.has(chargeStatus)) {
    counts.chargesPaid += 1;
    const day = (counts.financeDays[saoPauloDay(later)] ??= { received_cents: 0, received_count: 0 });
    day.received_cents += 39_900;
    day.received_count += 1;
  }
  counts.referrals[referralStatus] = (counts.referrals[referralStatus] ?? 0) + 1;
  return [
    profileItem(profile, { hasContract: true, contractCount: 1, processCount: 1 }),
    ...clientSearchTokenItems(profile),
    contractItem(userId, contract),
    protocolPointerItem(contract.protocolo, userId, contract.id),
    processItem(userId, process),
    chargeItem(userId, charge),
    referralItem(referral, referrerCopyOf(profile)),
    referralSearchTokenItem(userId, referral.referred_email),
  ];
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

/** The counters as the writes that count would leave them (absolute values of everything seeded so far). */
async function writeCounters(db: Db, counts: Counts): Promise<void> {
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  const put = (sk: string, values: Record<string, number>) =>
    db.client.send(new PutCommand({ TableName: db.tableName, Item: { pk: keys.counterPk, sk, ...values } }));
  await put(COUNTERS.clients, { total: counts.clients, with_contract: counts.clients });
  await put(COUNTERS.processes, { total: sum(counts.processes), ...counts.processes });
  await put(COUNTERS.charges, { total: sum(counts.charges), paid: counts.chargesPaid, ...counts.charges });
  await put(COUNTERS.referrals, { total: sum(counts.referrals), ...counts.referrals });
  for (const [day, money] of Object.entries(counts.financeDays)) {
    await db.client.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { pk: keys.financeDayPk, sk: day, type: 'FINANCE_DAY', ...money },
      }),
    );
  }
}

/** Clients [from, to) written with CONCURRENCY BatchWriteItem requests in flight. */
async function seed(db: Db, from: number, to: number, counts: Counts): Promise<{ items: number; seconds: number }> {
  const started = performance.now();
  let written = 0;
  let lastReport = started;
  for (let chunkStart = from; chunkStart < to; chunkStart += CLIENTS_PER_CHUNK) {
    const items: Record<string, unknown>[] = [];
    for (let i = chunkStart; i < Math.min(to, chunkStart + CLIENTS_PER_CHUNK); i += 1) {
      items.push(...clientItems(i, counts));
    }
    const batches: Record<string, unknown>[][] = [];
    for (let b = 0; b < items.length; b += 25) batches.push(items.slice(b, b + 25));
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < batches.length) await writeBatch(db, batches[next++]!);
      }),
    );
    written += items.length;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      const rate = written / ((lastReport - started) / 1000);
      console.log(`  … ${chunkStart + CLIENTS_PER_CHUNK} clients, ${written} items (${rate.toFixed(0)} items/s)`);
    }
  }
  await writeCounters(db, counts);
  return { items: written, seconds: (performance.now() - started) / 1000 };
}

/** A pause after seeding, so DynamoDB Local's garbage collection of the writes is not measured as read time. */
const settle = () => new Promise((r) => setTimeout(r, QUICK ? 0 : 10_000));

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

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Case = { name: string; run: () => Promise<{ items: unknown[] } | unknown> };

function cases(db: Db): Case[] {
  const clock = () => new Date();
  return [
    { name: 'summary (counters)', run: () => getAdminCounters(db) },
    { name: 'clientes: first page', run: () => listAdminClients(db, {}) },
    { name: 'clientes: search "maria"', run: () => listAdminClients(db, { search: 'maria' }) },
    {
      name: 'clientes: search document',
      run: () => listAdminClients(db, { search: cpfOf(SAMPLE_CLIENT).slice(0, 9) }),
    },
    { name: 'processos: first page', run: () => listAdminProcesses({ db, clock }, {}) },
    { name: 'processos: search "maria"', run: () => listAdminProcesses({ db, clock }, { search: 'maria' }) },
    {
      name: 'processos: search protocol',
      run: () => listAdminProcesses({ db, clock }, { search: formatLegacyProtocol(new Date(START), SAMPLE_CLIENT) }),
    },
    { name: 'processos: status "pago"', run: () => listAdminProcesses({ db, clock }, { status: 'pago' }) },
    { name: 'financeiro: first page', run: () => listAdminCharges({ db }, {}) },
    { name: 'financeiro: search "maria"', run: () => listAdminCharges({ db }, { search: 'maria' }) },
    { name: 'financeiro: status CONFIRMED', run: () => listAdminCharges({ db }, { status: 'CONFIRMED' }) },
    // The period view: a week's first page is a key range; the totals read the period's days and its open charges.
    { name: 'financeiro: 7 dias', run: () => listAdminCharges({ db }, { from: '2025-01-01', to: '2025-01-07' }) },
    {
      name: 'financeiro: totais do mês',
      run: () => getFinanceSummary({ db }, { from: '2025-01-01', to: '2025-01-31' }),
    },
    {
      name: 'financeiro: totais do ano',
      run: () => getFinanceSummary({ db }, { from: '2025-01-01', to: '2025-12-31' }),
    },
    { name: 'indicacoes: first page', run: () => listAdminReferrals({ db }, {}) },
    { name: 'indicacoes: search "maria"', run: () => listAdminReferrals({ db }, { search: 'maria' }) },
    { name: 'indicacoes: status "paid"', run: () => listAdminReferrals({ db }, { status: 'paid' }) },
  ];
}

type Figure = { ms: number; rows: number | null };

/**
 * Every case WARM_UP times, then RUNS rounds of every case once each (round-robin, so a slow moment of the machine
 * spreads over all cases instead of one), and the median of each case's samples.
 */
async function measureAll(db: Db): Promise<Map<string, Figure>> {
  const all = cases(db);
  const rows = new Map<string, number | null>();
  for (let i = 0; i < WARM_UP; i += 1) {
    for (const c of all) {
      const items = ((await c.run()) as { items?: unknown[] }).items;
      rows.set(c.name, Array.isArray(items) ? items.length : null);
    }
  }
  const samples = new Map<string, number[]>(all.map((c) => [c.name, []]));
  for (let i = 0; i < RUNS; i += 1) {
    for (const c of all) {
      const started = performance.now();
      await c.run();
      samples.get(c.name)!.push(performance.now() - started);
    }
  }
  return new Map(all.map((c) => [c.name, { ms: median(samples.get(c.name)!), rows: rows.get(c.name) ?? null }]));
}

const dynamodb = await startDynamoDbLocal({ port: PORT || (await freePort()), dataDir: null });
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
  await dynamodb.stop();
};
process.once('SIGINT', () => void stopAll().then(() => process.exit(130)));
process.once('SIGTERM', () => void stopAll().then(() => process.exit(143)));

try {
  const { table } = synthesizeLocalDefinitions(TABLE);
  // No stream: nothing consumes it here, and it would only slow the seeding down.
  delete table.StreamSpecification;
  await ensureTable(dynamodb.endpoint, table, null);
  const db: Db = { client, tableName: TABLE };
  const counts: Counts = { clients: 0, processes: {}, charges: {}, chargesPaid: 0, referrals: {}, financeDays: {} };

  console.log(`DynamoDB Local (in memory) on ${dynamodb.endpoint}; ${RUNS} runs per case after ${WARM_UP} warm-ups.`);
  const small = await seed(db, 0, SMALL, counts);
  console.log(`Seeded ${SMALL} clients: ${small.items} items in ${small.seconds.toFixed(1)} s.`);
  await settle();
  const atSmall = await measureAll(db);

  const large = await seed(db, SMALL, LARGE, counts);
  console.log(
    `Topped up to ${LARGE} clients: ${large.items} more items in ${large.seconds.toFixed(1)} s ` +
      `(${(large.items / large.seconds).toFixed(0)} items/s).`,
  );
  await settle();
  const atLarge = await measureAll(db);

  const label = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
  const header = ['case', `${label(SMALL)} (ms)`, `${label(LARGE)} (ms)`, 'ratio', 'rows', `≤ ${TARGET}×`];
  const rows = [...atSmall.keys()].map((name) => {
    const a = atSmall.get(name)!;
    const b = atLarge.get(name)!;
    const ratio = b.ms / a.ms;
    return [
      name,
      a.ms.toFixed(2),
      b.ms.toFixed(2),
      ratio.toFixed(2),
      `${a.rows ?? '—'} / ${b.rows ?? '—'}`,
      ratio <= TARGET ? 'yes' : 'NO',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)));
  console.log('');
  console.log(line(header).join('  '));
  for (const r of rows) console.log(line(r).join('  '));
  const failing = rows.filter((r) => r[5] === 'NO').map((r) => r[0]);
  console.log('');
  console.log(
    failing.length === 0
      ? `Target met: every page at ${label(LARGE)} clients within ${TARGET}× of its time at ${label(SMALL)}.`
      : `Target missed by: ${failing.join(', ')}.`,
  );
  if (QUICK)
    console.log('(--quick: too few clients for the ratios to mean anything; this run proves the bench works.)');
} finally {
  await stopAll();
}

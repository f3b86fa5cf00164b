import { DescribeExecutionCommand } from '@aws-sdk/client-sfn';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAdminReconciliationRoute, runAdminReconciliationRoute } from '../../domain/api/admin-reconciliation.js';
import { RECONCILIATION_MESSAGES } from '../../domain/messages.js';
import { RECONCILIATION_AUDIT_SUBJECT } from '../../domain/reconciliation.js';
import { saoPauloWallClock } from '../../domain/sao-paulo-calendar.js';
import { handler as runNow } from '../../lambdas/admin/finance/run-admin-reconciliation.js';
import { runReconciliationNow } from '../../lambdas/admin/finance/run-reconciliation-service.js';
import { auditTrailOf } from '../../lambdas/shared/data/audit.js';
import { handler as getAdminReconciliation } from '../../lambdas/admin/finance/get-admin-reconciliation.js';
import { applyProviderStatus } from '../../lambdas/payments/charge-status-service.js';
import { createChargeForContract } from '../../lambdas/payments/create-charge-service.js';
import {
  RECONCILIATION_EVENT,
  reconcilePayments,
  type ReconciliationDeps,
} from '../../lambdas/payments/reconciliation-service.js';
import { executionArnFor } from '../../lambdas/providers/workflow.js';
import { getCharge } from '../../lambdas/shared/data/charges.js';
import { createCharge } from '../seeds.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { listOrphanPayments } from '../../lambdas/shared/data/orphan-payments.js';
import {
  claimReconciliationLock,
  getReconciliationCursor,
  listDivergences,
  releaseReconciliationLock,
  type Divergence,
} from '../../lambdas/shared/data/reconciliation.js';
import { adminClaims, customerClaims } from '../factories.js';
import { until, useAsaasSimulator, useLocalWorkflow, useWebhookReceiver } from './asaas-harness.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { guardedTestDb, testDb } from './db.js';
import { deliverAdminAlert, storedAdminAlert } from './admin-alerts.js';
import { seedCustomer, seedPendingCharge, seedSignature } from './seed.js';

/**
 * The nightly reconciliation against DynamoDB Local, the Asaas simulator and the CDK state machine run locally with
 * the real task handlers. The table is the integration run's own, so other files' charges are in it too (created
 * now, with Asaas ids this simulator never made): every assertion names this file's payments.
 */
const db = testDb();
// Asaas's deliveries reach the real webhook handler, as they reach it through CloudFront.
const receiver = useWebhookReceiver();
const sim = useAsaasSimulator({ webhook: receiver.webhook, retryScheduleMs: [0, 50, 100] });
const { control } = sim;
const { workflow, sfn, stateMachineArn } = useLocalWorkflow({
  // The filing deadline is another test's subject: this one stops at the paid process.
  waitOverrides: { AwaitFilingDeadline: 10 },
});
let deps: ReconciliationDeps;
/** A fresh run id each time, later than the last (a run's id is its scheduled time, so runs sort by it). */
let lastRunAt = 0;
const runId = () => new Date((lastRunAt = Math.max(Date.now(), lastRunAt + 1))).toISOString();
const reconcile = (options: { maxRequests?: number } = {}) =>
  reconcilePayments(deps, { runId: runId(), lockSeconds: 60, ...options }).then((outcome) => {
    if (outcome.skipped) throw new Error('the run was skipped');
    return outcome.run;
  });

const importPayments = async (payments: Record<string, unknown>[]) =>
  ((await control('payments/import', { payments })) as { ids: string[] }).ids;

beforeAll(() => {
  deps = {
    // As the nightly function's grants reach the table (local/functions/table-guard.ts refuses anything else).
    db: guardedTestDb('ReconcilePayments'),
    clock: () => new Date(),
    workflow,
    asaas: sim.asaas,
  };
});

/**
 * A signed contract whose 'Gerar PIX' (or the card or boleto choice) made a real payment at the simulator and a
 * workflow waiting for it.
 */
async function chargeAwaitingPayment(choice?: Parameters<typeof createChargeForContract>[3]) {
  const seeded = await seedCustomer(db);
  const ref = { userId: seeded.userId, contractId: seeded.contract.id };
  await seedSignature(db, seeded);
  const caller = { userId: seeded.userId, email: seeded.profile.email, isAdmin: false };
  const { charge } = await createChargeForContract(
    { db, clock: deps.clock, workflow, asaas: sim.asaas },
    caller,
    ref.contractId,
    choice,
  );
  const chargeRef = { ...ref, chargeId: charge!.id };
  // AwaitPayment parked: the workflow waits on the charge's token.
  await until(
    () => getCharge(db, chargeRef),
    (c) => c?.taskToken !== null,
    'AwaitPayment parked',
  );
  return { ...seeded, charge: charge!, ref: chargeRef, asaasId: charge!.asaas_id! };
}

const divergencesOf = async (asaasId: string): Promise<Divergence[]> => {
  const all: Divergence[] = [];
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await listDivergences(db, { limit: 100, cursor });
    all.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return all.filter((d) => d.asaas_id === asaasId);
};

describe('the nightly reconciliation', () => {
  it('repairs a dropped paid delivery: the charge is paid and the process confirmed by the waiting workflow', async () => {
    const { ref, asaasId, userId } = await chargeAwaitingPayment();
    // The PAYMENT_RECEIVED delivery is lost (held for ever, as after a paused queue's 14 days).
    await control('webhooks', { holdNext: 1 });
    await control(`payments/${asaasId}/pay`, {});
    await new Promise((r) => setTimeout(r, 200));
    expect((await getCharge(db, ref))?.status).toBe('PENDING');

    const run = await reconcile();
    expect(run.status).toBe('completed');
    expect(run.repaired).toBeGreaterThanOrEqual(1);
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
    const execution = await until(
      () => sfn.send(new DescribeExecutionCommand({ executionArn: executionArnFor(stateMachineArn, ref.chargeId) })),
      (e) => e.status !== 'RUNNING',
      'the workflow finished',
    );
    expect(execution.status).toBe('SUCCEEDED');
    const collection = await getCustomerCollection(db, userId);
    expect(collection.processes[0]?.status).toBe('pago');
    expect(collection.history[0]).toMatchObject({ para: 'pago', by_user: 'sistema' });
    expect(await divergencesOf(asaasId)).toEqual([]);

    // The held delivery arriving after all changes nothing more: the same transition is not applied twice.
    await control('webhooks/release', {});
    const again = await reconcile();
    expect(again.status).toBe('completed');
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
  });

  it('records a paid payment with no charge of ours as an orphan payment, and tells the admins once', async () => {
    const [asaasId] = await importPayments([{ value: 399, status: 'RECEIVED', externalReference: 'feito-no-painel' }]);
    const first = await reconcile();
    expect(first.orphans_new).toBeGreaterThanOrEqual(1);
    const second = await reconcile();
    expect(second.orphans).toBeGreaterThanOrEqual(1);

    const orphans = await listOrphanPayments(db, { limit: 1000 });
    expect(orphans.items.find((o) => o.asaasId === asaasId)).toMatchObject({
      status: 'RECEIVED',
      value: 399,
      externalReference: 'feito-no-painel',
      lastEvent: RECONCILIATION_EVENT,
    });
    expect(await deliverAdminAlert(db, `pagamento-sem-cobranca#${asaasId}`)).toEqual([
      `Pagamento sem cobrança — ${asaasId}`,
    ]);

    // Refunded at Asaas, its delivery lost: the orphan's item follows, as the webhook's would.
    await control('webhooks', { holdNext: 1 });
    await control(`payments/${asaasId}/refund`, {});
    await reconcile();
    const refunded = (await listOrphanPayments(db, { limit: 1000 })).items.find((o) => o.asaasId === asaasId);
    expect(refunded).toMatchObject({ status: 'REFUNDED', lastEvent: RECONCILIATION_EVENT });
  });

  it('records what it cannot repair once, across runs, reports it once, and settles it when both sides agree', async () => {
    // Paid here ('Marcar pago': the money came another way), still open at Asaas.
    const { ref, asaasId, contract } = await chargeAwaitingPayment();
    await applyProviderStatus(deps, ref, 'CONFIRMED', { freshRead: true });
    await until(
      () => getCustomerCollection(db, ref.userId),
      (c) => c.processes[0]?.status === 'pago',
      'the admin’s payment confirmed',
    );

    const first = await reconcile();
    const [recorded] = await divergencesOf(asaasId);
    expect(recorded).toMatchObject({
      kind: 'status_refused',
      our_status: 'CONFIRMED',
      asaas_status: 'PENDING',
      charge_id: ref.chargeId,
      first_run_id: first.id,
      last_run_id: first.id,
    });
    expect(first.divergences_new).toBeGreaterThanOrEqual(1);
    const report = await storedAdminAlert(db, `conciliacao#${first.id}`);
    expect(JSON.stringify(report?.paragraphs)).toContain(`pagamento ${asaasId}: Aqui: Pago. No Asaas: Pendente.`);
    expect(await deliverAdminAlert(db, `conciliacao#${first.id}`)).toEqual([report?.subject]);

    const second = await reconcile();
    const kept = await divergencesOf(asaasId);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      first_run_id: first.id,
      last_run_id: second.id,
      first_seen_at: recorded!.first_seen_at,
    });
    // The second run does not report it as new again.
    const secondReport = await storedAdminAlert(db, `conciliacao#${second.id}`);
    expect(JSON.stringify(secondReport?.paragraphs ?? [])).not.toContain(`pagamento ${asaasId}:`);

    // The admin sees it under 'Divergências' with the contract's protocol and the client.
    let row;
    let cursor: string | undefined;
    do {
      const body = okBody(
        await callRoute(getAdminReconciliationRoute, getAdminReconciliation, {
          claims: adminClaims(),
          query: cursor ? { cursor } : {},
        }),
      );
      expect(body.lastRun).toMatchObject({ id: second.id, status: 'completed' });
      row = body.items.find((item) => item.asaas_id === asaasId);
      cursor = body.cursor ?? undefined;
    } while (!row && cursor);
    expect(row).toMatchObject({
      id: `${asaasId}#status_refused`,
      kind: 'status_refused',
      protocolo: contract.protocolo,
      nome_cliente: expect.any(String),
    });

    // The customer pays the PIX too: Asaas RECEIVED, ours CONFIRMED → RECEIVED; the divergence is over.
    await control('webhooks', { holdNext: 1 });
    await control(`payments/${asaasId}/pay`, {});
    const third = await reconcile();
    expect(await divergencesOf(asaasId)).toEqual([]);
    expect(third.divergences_resolved).toBeGreaterThanOrEqual(1);
    expect((await getCharge(db, ref))?.status).toBe('RECEIVED');
  });

  it('reconciles a PIX, a card plan and a boleto alike: a divergence of each found, then each repaired', async () => {
    const pix = await chargeAwaitingPayment();
    const card = await chargeAwaitingPayment({ forma: 'cartao', parcelas: 3 });
    const boleto = await chargeAwaitingPayment({ forma: 'boleto' });
    const all = [pix, card, boleto];
    const plan = (await sim.listing<{ id: string; installment: string | null }[]>('payments')).filter(
      (p) => p.installment === card.charge.asaas_parcelamento_id,
    );
    expect(plan).toHaveLength(3);
    // Paid here ('Marcar pago'), still open at Asaas: each method's charge disagrees with its payment.
    for (const { ref } of all) await applyProviderStatus(deps, ref, 'CONFIRMED', { freshRead: true });

    await reconcile();
    for (const { asaasId } of all) {
      expect(await divergencesOf(asaasId)).toMatchObject([
        { kind: 'status_refused', our_status: 'CONFIRMED', asaas_status: 'PENDING' },
      ]);
    }
    // The plan's later instalments are the charge's, not payments of their own: nothing reported, no orphan.
    const orphans = (await listOrphanPayments(db, { limit: 1000 })).items.map((o) => o.asaasId);
    for (const { id } of plan.slice(1)) {
      expect(await divergencesOf(id)).toEqual([]);
      expect(orphans).not.toContain(id);
    }

    // Then each is paid at Asaas and every delivery is lost: the next run settles all three from Asaas's word.
    await control('webhooks', { holdNext: 5 });
    await control(`payments/${pix.asaasId}/pay`, {});
    await control(`payments/${card.asaasId}/card-pay`, {});
    await control(`payments/${boleto.asaasId}/pay`, {});
    const run = await reconcile();
    expect(run.divergences_resolved).toBeGreaterThanOrEqual(3);
    for (const { asaasId } of all) expect(await divergencesOf(asaasId)).toEqual([]);
    expect((await getCharge(db, pix.ref))?.status).toBe('RECEIVED');
    expect((await getCharge(db, boleto.ref))?.status).toBe('RECEIVED');
    expect((await getCharge(db, card.ref))?.status).toBe('CONFIRMED');
    await control('webhooks/release', {});
  });

  it('reports a charge Asaas does not know and a payment whose value is not the contract’s', async () => {
    const { userId, contract } = await seedCustomer(db);
    const unknown = await seedPendingCharge(db, { userId, contractId: contract.id });
    const other = await seedCustomer(db);
    const [cheaper] = await importPayments([{ value: 299, externalReference: 'valor-errado' }]);
    await createCharge(db, {
      userId: other.userId,
      contractId: other.contract.id,
      asaasId: cheaper!,
    });

    await reconcile();
    expect(await divergencesOf(unknown.asaas_id!)).toMatchObject([
      { kind: 'unknown_at_asaas', our_status: 'PENDING', asaas_status: null, user_id: userId },
    ]);
    expect(await divergencesOf(cheaper!)).toMatchObject([
      { kind: 'value_mismatch', our_value: 399, asaas_value: 299, user_id: other.userId },
    ]);
  });

  it('reaches before its 90 days: payments paid since the last run, and our charges still under way', async () => {
    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(Date.now() - daysAgo * 86_400_000);
    // Made by hand in Asaas's panel four months ago, paid today: only the paid list has it.
    const [oldOrphan] = await importPayments([
      { value: 399, status: 'RECEIVED', dateCreated: day(120), paymentDate: day(0), externalReference: 'antigo' },
    ]);
    // Ours: confirmed four months ago and never heard of again; Asaas received the money long since.
    const { userId, contract } = await seedCustomer(db);
    const [stuck] = await importPayments([
      { value: 399, status: 'RECEIVED', dateCreated: day(121), paymentDate: day(119) },
    ]);
    const charge = await createCharge(db, {
      userId,
      contractId: contract.id,
      asaasId: stuck!,
      status: 'CONFIRMED',
      now: new Date(Date.now() - 121 * 86_400_000).toISOString(),
    });

    const run = await reconcile();
    expect(run.status).toBe('completed');
    const orphans = await listOrphanPayments(db, { limit: 1000 });
    expect(orphans.items.find((o) => o.asaasId === oldOrphan)).toMatchObject({ status: 'RECEIVED' });
    expect((await getCharge(db, { userId, contractId: contract.id, chargeId: charge.id }))?.status).toBe('RECEIVED');
  });

  it('pages through more than 100 payments, 100 at a time, and sees the last page too', async () => {
    // Listed newest first: the first imported is on the last page.
    const [oldest] = await importPayments([
      { value: 150, status: 'RECEIVED', externalReference: 'pagina-final' },
      ...Array.from({ length: 160 }, (_, i) => ({ value: 10 + i, externalReference: `lote-${i}` })),
    ]);
    const run = await reconcile();
    const { totalCount } = await sim.asaas.listPayments(
      { createdFrom: run.window.createdFrom },
      { offset: 0, limit: 1 },
    );
    expect(totalCount).toBeGreaterThan(161);
    // The created list page after page, then the paid one (at least one page, empty or not).
    expect(run.pages).toBeGreaterThanOrEqual(Math.ceil(totalCount / 100) + 1);
    expect(run.payments_read).toBeGreaterThanOrEqual(totalCount);
    const orphans = await listOrphanPayments(db, { limit: 1000 });
    expect(orphans.items.some((o) => o.asaasId === oldest)).toBe(true);
  });

  it('stops within its request budget, says so, and keeps the cursor for the next run', async () => {
    const before = await getReconciliationCursor(db);
    const run = await reconcile({ maxRequests: 1 });
    expect(run.status).toBe('incomplete');
    expect(run.requests).toBe(1);
    expect(run.note).toContain('limite de 1 requisições ao Asaas');
    expect(await getReconciliationCursor(db)).toBe(before);
    const report = await storedAdminAlert(db, `conciliacao#${run.id}`);
    expect(JSON.stringify(report?.paragraphs)).toContain('limite de 1 requisições');
    expect(report?.subject).toMatch(/^Conciliação com o Asaas — /);
  });

  it('runs one at a time: a second run while one holds the lock is skipped', async () => {
    const held = reconcilePayments(deps, { runId: runId(), lockSeconds: 60 });
    const other = await reconcilePayments(deps, { runId: runId(), lockSeconds: 60 });
    const first = await held;
    expect([first.skipped, other.skipped].sort()).toEqual([false, true]);
    // The lock is given back: the next run runs.
    expect((await reconcilePayments(deps, { runId: runId(), lockSeconds: 60 })).skipped).toBe(false);
    const lock = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: keys.reconciliationPk, sk: 'LOCK' } }),
    );
    expect(lock.Item).toBeUndefined();
  });
});

describe("'Executar agora' on 'Divergências'", () => {
  const caller = { userId: ulid(), email: `financeiro.${ulid().toLowerCase()}@baixa.test`, isAdmin: true };
  // As the route's grants reach the table: the nightly run's, and the audit record.
  const runNowDeps = () => ({ ...deps, db: guardedTestDb('RunAdminReconciliation') });
  const auditOfCaller = async () =>
    (await auditTrailOf(db, RECONCILIATION_AUDIT_SUBJECT, 200)).filter((entry) => entry.actor.userId === caller.userId);

  it('is for admins only', async () => {
    expect(errorOf(await callRoute(runAdminReconciliationRoute, runNow, { claims: customerClaims() }))).toMatchObject({
      status: 403,
    });
  });

  it('runs now, audited with who and when, and the screen says who started it and when the next one runs', async () => {
    const run = await runReconciliationNow(runNowDeps(), caller, { lockSeconds: 60 });
    expect(run).toMatchObject({ status: 'completed', started_by: { kind: 'admin', email: caller.email } });
    expect(await auditOfCaller()).toEqual([
      expect.objectContaining({
        at: run.started_at,
        action: 'reconciliation-run',
        actor: { userId: caller.userId, email: caller.email },
        target: { type: 'reconciliation', id: run.id },
      }),
    ]);

    const screen = okBody(
      await callRoute(getAdminReconciliationRoute, getAdminReconciliation, { claims: adminClaims() }),
    );
    expect(screen.lastRun).toMatchObject({ id: run.id, started_by: { kind: 'admin', email: caller.email } });
    // The catalogue's schedule: 03:00 in São Paulo, the next one ahead, within a day.
    const next = Date.parse(screen.nextRun);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(saoPauloWallClock(screen.nextRun).time.slice(0, 5)).toBe('03:00');
  });

  it('is refused with a 409 in Portuguese while a run holds the lock, and audits nothing', async () => {
    const before = (await auditOfCaller()).length;
    expect(await claimReconciliationLock(db, 'run-under-way', new Date(), 60)).toBe(true);
    try {
      await expect(runReconciliationNow(runNowDeps(), caller, { lockSeconds: 60 })).rejects.toMatchObject({
        statusCode: 409,
        message: RECONCILIATION_MESSAGES.alreadyRunning,
      });
    } finally {
      await releaseReconciliationLock(db, 'run-under-way');
    }
    expect(await auditOfCaller()).toHaveLength(before);
    // Once the run under way is over, the next click runs.
    expect((await runReconciliationNow(runNowDeps(), caller, { lockSeconds: 60 })).status).toBe('completed');
  });
});

import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DescribeExecutionCommand, StartExecutionCommand, StopExecutionCommand } from '@aws-sdk/client-sfn';
import { filingDeadline, filingForecast, filingPromise } from '../../domain/filing.js';
import { latePaymentExecutionName } from '../../lambdas/payments/charge-status-service.js';
import { handler as receiveWebhook } from '../../lambdas/payments/receive-asaas-webhook.js';
import { executionArnFor } from '../../lambdas/providers/workflow.js';
import { saveChargeTaskToken } from '../../lambdas/shared/data/charges.js';
import { getAdminCounters } from '../../lambdas/shared/data/counters.js';
import { getCustomerCollection } from '../../lambdas/shared/data/customers.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { handler as startFiling } from '../../lambdas/workflow/start-filing.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { checkFiling, type CheckFilingDeps } from '../../lambdas/workflow/check-filing-service.js';
import type { WorkflowInput } from '../../lambdas/workflow/task-input.js';
import { startCognitoWithTriggers, type CognitoWithTriggers } from './cognito.js';
import { deliverAdminAlert, storedAdminAlert } from './admin-alerts.js';
import { createApiEvent, jsonOf, lambdaContext } from '../factories.js';
import { until, useAsaasSimulator, useLocalWorkflow } from './asaas-harness.js';
import { guardedTestDb, testDb } from './db.js';
import { seedCustomer, seedPendingCharge } from './seed.js';

const db = testDb();
const token = process.env.ASAAS_WEBHOOK_TOKEN!;

let cognito: CognitoWithTriggers;
let filingDeps: CheckFilingDeps;
/** Whether the admins should have filed by the time CheckFiling runs (the deadline wait is cut to 300 ms). */
let fileBeforeDeadline: ((ref: { userId: string; contractId: string }) => Promise<void>) | null = null;
type FilingCheck = { at: Date; result: Awaited<ReturnType<typeof checkFiling>> };
/** Each customer's CheckFiling runs, in order: when each ran (its clock) and what it answered. */
const filingChecks = new Map<string, FilingCheck[]>();
/**
 * The instant the n-th CheckFiling of a process runs at (it may act first, as a person would between two checks); the
 * real clock when unset. The waits are cut short, so the watch's days pass in these instants.
 */
let filingClock: ((ref: WorkflowInput, call: number) => Promise<Date>) | null = null;

beforeAll(async () => {
  // The admins' directory is the real provider against cognito-local, whose seeded admin is in the `admin` group.
  cognito = await startCognitoWithTriggers();
  filingDeps = {
    // Its own grants, as IAM applies them: the test proves CheckFiling's key prefixes.
    db: guardedTestDb('CheckFiling'),
    clock: () => new Date(),
  };
});
afterAll(() => cognito.stop());

/** The Asaas the webhook handler reads payments back from (its environment names this port). */
const sim = useAsaasSimulator();
// The state machine CDK synthesizes, run with the real task handlers.
const { sfn, stateMachineArn } = useLocalWorkflow({
  tasks: {
    StartFiling: async (input: unknown) => {
      const result = await startFiling(input);
      const ref = input as { userId: string; contractId: string };
      if (fileBeforeDeadline) await fileBeforeDeadline(ref);
      return result;
    },
    CheckFiling: async (input: unknown) => {
      const ref = input as WorkflowInput;
      const done = filingChecks.get(ref.userId) ?? [];
      const at = filingClock ? await filingClock(ref, done.length) : new Date();
      const result = await checkFiling({ ...filingDeps, clock: () => at }, ref);
      filingChecks.set(ref.userId, [...done, { at, result }]);
      return result;
    },
  },
  waitOverrides: { AwaitFilingDeadline: 300, AwaitNextFilingCheck: 100 },
});

/** The id of a customer's filing alert (pattern 49): one per process, whatever the retries. */
const filingAlertId = async (userId: string) =>
  `prazo-de-protocolo#${(await getCustomerCollection(db, userId)).processes[0]!.id}`;
/** The filing alert raised for a customer's process, if any (the stream consumer e-mails it). */
const filingAlertOf = async (userId: string) => storedAdminAlert(db, await filingAlertId(userId));

/** The watch of a process still waiting for its kit goes on: the test's first check is read, then its run stopped. */
async function firstWatchOf(userId: string, executionArn: string): Promise<FilingCheck> {
  const [first] = await until(
    async () => filingChecks.get(userId) ?? [],
    (runs) => runs.length > 0,
    'first filing check',
  );
  expect((await sfn.send(new DescribeExecutionCommand({ executionArn }))).status).toBe('RUNNING');
  await sfn.send(new StopExecutionCommand({ executionArn }));
  return first!;
}

/** A customer's PENDING charge, its payment made at the simulator (`payAtAsaas` pays it there). */
async function seedCharge() {
  const { userId, contract, profile } = await seedCustomer(db);
  const customer = await sim.asaas.ensureCustomer({
    name: profile.nome_completo,
    cpfCnpj: '52998224725',
    email: profile.email,
    externalReference: profile.id,
  });
  const payment = await sim.asaas.createPixCharge({
    customer: customer.id,
    value: 399,
    dueDate: new Date().toISOString().slice(0, 10),
    description: 'Baixa temporária',
    externalReference: ulid(),
  });
  const charge = await seedPendingCharge(db, { userId, contractId: contract.id, asaasId: payment.id });
  return { userId, contract, charge, asaasId: payment.id };
}

const payAtAsaas = (asaasId: string, status = 'RECEIVED') =>
  sim.control(`payments/${asaasId}/status`, { status, event: null });

const webhook = (body: unknown, headerToken = token) =>
  receiveWebhook(
    createApiEvent({ method: 'POST', path: '/webhooks/asaas', body, headers: { 'asaas-access-token': headerToken } }),
    lambdaContext,
  ) as Promise<{ statusCode: number; body: string }>;

/** Starts an execution for a charge and waits until AwaitPayment has parked it (the token stored on the charge). */
async function startParkedExecution(input: { userId: string; contractId: string; chargeId: string }) {
  const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn, input: JSON.stringify(input) }));
  const chargeKey = { pk: keys.customer(input.userId), sk: keys.chargeSk(input.contractId, input.chargeId) };
  await until(
    () => db.client.send(new GetCommand({ TableName: db.tableName, Key: chargeKey })),
    (r) => typeof r.Item?.task_token === 'string',
  );
  return executionArn!;
}

const finishedExecution = (executionArn: string) =>
  until(
    () => sfn.send(new DescribeExecutionCommand({ executionArn })),
    (e) => e.status !== 'RUNNING',
  );

describe('charge → payment → filing', () => {
  it('parks on the charge, resumes on the paid webhook once, and marks the process paid', async () => {
    const { userId, contract, charge, asaasId } = await seedCharge();
    const before = await getAdminCounters(db);
    const executionArn = await startParkedExecution({ userId, contractId: contract.id, chargeId: charge.id });

    await payAtAsaas(asaasId);
    const event = {
      id: `evt_${ulid()}`,
      event: 'PAYMENT_RECEIVED',
      payment: { id: asaasId, status: 'RECEIVED', value: 399 },
    };
    const first = await webhook(event);
    expect(first.statusCode).toBe(200);
    expect(jsonOf(first)).toMatchObject({ outcome: 'recorded' });
    const repeat = await webhook(event);
    expect(jsonOf(repeat)).toMatchObject({ outcome: 'duplicate' });

    // Past the payment's deadline the kit still waits: no promise runs yet, nobody is told, the watch goes on.
    const watch = await firstWatchOf(userId, executionArn);
    expect(watch.result).toEqual({
      late: false,
      alerted: 0,
      next: filingDeadline(filingForecast(watch.at)).toISOString(),
    });
    expect(await filingAlertOf(userId)).toBeUndefined();

    const collection = await getCustomerCollection(db, userId);
    expect(collection.charges[0]?.status).toBe('RECEIVED');
    expect(collection.processes[0]?.status).toBe('pago');
    expect(collection.processes[0]?.previsao).toBeTruthy();
    expect(collection.history[0]).toMatchObject({ de: 'cadastro', para: 'pago', by_user: 'sistema' });
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid + 1);
  });

  it('confirms a payment made after its execution stopped waiting, once, in a new execution that files', async () => {
    const { userId, contract, charge, asaasId } = await seedCharge();
    // Its execution stopped waiting (30 days without a payment, or an OVERDUE charge): the token it stored on the charge
    // is one Step Functions no longer answers.
    await saveChargeTaskToken(db, { userId, contractId: contract.id, chargeId: charge.id }, `finished-${ulid()}`);
    const before = await getAdminCounters(db);

    // The customer pays the PIX anyway; Asaas delivers it, then again under another event id.
    await payAtAsaas(asaasId);
    for (const event of ['PAYMENT_CONFIRMED', 'PAYMENT_RECEIVED']) {
      const answer = await webhook({ id: `evt_${ulid()}`, event, payment: { id: asaasId, status: event.slice(8) } });
      expect(answer.statusCode).toBe(200);
    }

    // The late execution's ConfirmPayment made it 'pago', and its filing deadline is watched.
    const lateArn = executionArnFor(stateMachineArn, latePaymentExecutionName(charge.id));
    expect((await firstWatchOf(userId, lateArn)).result).toMatchObject({ late: false, next: expect.any(String) });
    const collection = await getCustomerCollection(db, userId);
    expect(collection.processes[0]?.status).toBe('pago');
    expect(collection.history.filter((entry) => entry.para === 'pago')).toHaveLength(1);
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid + 1);
    expect(after.processes.byStatus.pago).toBe(before.processes.byStatus.pago + 1);
  });

  it('counts the filing deadline from the kit’s approval when it came after the payment', async () => {
    const { userId, contract, charge, asaasId } = await seedCharge();
    const ref = { userId, contractId: contract.id };
    const hour = 3600 * 1000;
    let approvedAt = new Date(0);
    let alertsBeforeApproval: number | null = null;
    filingClock = async (_, call) => {
      const { processes, charges } = await getCustomerCollection(db, userId);
      const paymentDeadline = filingDeadline(new Date(processes[0]!.previsao!));
      // Past the payment's 7 business days, the kit not approved yet.
      if (call === 0) return new Date(paymentDeadline.getTime() + hour);
      if (call === 1) {
        // The lawyers approve the kit after the payment's deadline: the promise now counts from here.
        alertsBeforeApproval = (await filingAlertOf(userId)) ? 1 : 0;
        approvedAt = new Date(paymentDeadline.getTime() + 2 * hour);
        const promise = filingPromise(charges[0]!.paid_at!, approvedAt.toISOString());
        await changeProcessStatus(db, {
          ref,
          to: 'em_analise',
          expectedFrom: 'pago',
          byUser: 'admin-1',
          previsao: promise.basis === 'awaiting_kit' ? undefined : promise.forecast,
          kitApprovedAt: approvedAt.toISOString(),
          now: approvedAt.toISOString(),
        });
        return new Date(approvedAt.getTime() + 60_000);
      }
      return new Date(filingDeadline(filingForecast(approvedAt)).getTime() + 60_000);
    };
    try {
      const executionArn = await startParkedExecution({ userId, contractId: contract.id, chargeId: charge.id });
      await payAtAsaas(asaasId);
      await webhook({ id: `evt_${ulid()}`, event: 'PAYMENT_RECEIVED', payment: { id: asaasId, status: 'RECEIVED' } });
      const execution = await finishedExecution(executionArn);
      expect(execution.status).toBe('SUCCEEDED');
      expect(JSON.parse(execution.output ?? '{}')).toMatchObject({ filingCheck: { late: true, alerted: 1 } });

      const [waiting, approved, late] = filingChecks.get(userId)!;
      // At the payment's deadline + 1 h: no alert, and the next look is when a kit approved then would be late.
      expect(waiting!.result).toEqual({
        late: false,
        alerted: 0,
        next: filingDeadline(filingForecast(waiting!.at)).toISOString(),
      });
      expect(alertsBeforeApproval).toBe(0);
      // Just after the approval: not late (the payment's deadline has passed), next look at the approval's deadline.
      const approvalDeadline = filingDeadline(filingForecast(approvedAt));
      expect(approved!.result).toEqual({ late: false, alerted: 0, next: approvalDeadline.toISOString() });
      // After the approval's 7 business days: late, every admin told once, and the watch ends.
      expect(late!.result).toEqual({ late: true, alerted: 1 });
      expect(filingChecks.get(userId)).toHaveLength(3);
      expect(await deliverAdminAlert(db, await filingAlertId(userId))).toEqual([
        `Prazo de protocolo vencido — ${contract.protocolo}`,
      ]);
      // A retried task raises nothing new.
      expect(await checkFiling({ ...filingDeps, clock: () => late!.at }, { ...ref, chargeId: charge.id })).toEqual({
        late: true,
        alerted: 0,
      });
    } finally {
      filingClock = null;
    }
  });

  it('tells nobody when the petition was filed before the deadline', async () => {
    const { userId, contract, charge, asaasId } = await seedCharge();
    fileBeforeDeadline = (ref) =>
      changeProcessStatus(db, { ref, to: 'peticionado', byUser: 'admin-1', now: new Date().toISOString() }).then(
        () => undefined,
      );
    try {
      const executionArn = await startParkedExecution({ userId, contractId: contract.id, chargeId: charge.id });
      await payAtAsaas(asaasId);
      await webhook({ id: `evt_${ulid()}`, event: 'PAYMENT_RECEIVED', payment: { id: asaasId, status: 'RECEIVED' } });
      const execution = await finishedExecution(executionArn);
      expect(execution.status).toBe('SUCCEEDED');
      expect(JSON.parse(execution.output ?? '{}')).toMatchObject({ filingCheck: { late: false, alerted: 0 } });
      const process = (await getCustomerCollection(db, userId)).processes[0]!;
      expect(await storedAdminAlert(db, `prazo-de-protocolo#${process.id}`)).toBeUndefined();
    } finally {
      fileBeforeDeadline = null;
    }
  });

  it('never moves a process an admin moved on back to "pago" (a late or repeated confirmation)', async () => {
    const { userId, contract, charge } = await seedCharge();
    const ref = { userId, contractId: contract.id };
    await changeProcessStatus(db, { ref, to: 'baixa_deferida', byUser: 'admin-1', now: new Date().toISOString() });
    const result = (await confirmPayment({ userId, contractId: contract.id, chargeId: charge.id })) as {
      status: string;
    };
    expect(result.status).toBe('baixa_deferida');
    expect((await getCustomerCollection(db, userId)).processes[0]?.status).toBe('baixa_deferida');
  });

  it('counts a charge as paid once even when a different event says paid again', async () => {
    const { asaasId } = await seedCharge();
    const before = await getAdminCounters(db);
    await payAtAsaas(asaasId);
    await webhook({ id: `evt_${ulid()}`, event: 'PAYMENT_CONFIRMED', payment: { id: asaasId, status: 'CONFIRMED' } });
    await webhook({ id: `evt_${ulid()}`, event: 'PAYMENT_RECEIVED', payment: { id: asaasId, status: 'RECEIVED' } });
    const after = await getAdminCounters(db);
    expect(after.charges.paid).toBe(before.charges.paid + 1);
  });

  it('refuses a delivery without the configured token, and acknowledges unknown charges', async () => {
    const refused = await webhook(
      { id: 'evt_x', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_x', status: 'RECEIVED' } },
      'wrong-token',
    );
    expect(refused.statusCode).toBe(401);
    // An unpaid event of a charge made elsewhere (a paid one is an orphan payment: payments.test.ts).
    const unknown = await webhook({
      id: `evt_${ulid()}`,
      event: 'PAYMENT_CREATED',
      payment: { id: 'pay_not_ours', status: 'PENDING' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(jsonOf(unknown)).toMatchObject({ outcome: 'unknown_charge' });
    const malformed = await webhook({ event: 'PAYMENT_RECEIVED' });
    expect(malformed.statusCode).toBe(400);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DescribeExecutionCommand, SFNClient } from '@aws-sdk/client-sfn';
import { ulid } from 'ulid';
import { afterAll, beforeAll, inject } from 'vitest';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import type { WORKFLOW_TASKS } from '../../lambdas/functions.js';
import { handler as receiveWebhook } from '../../lambdas/payments/receive-asaas-webhook.js';
import { createAsaasClient, type AsaasClient, type AsaasClientOptions } from '../../lambdas/providers/asaas.js';
import { createStepFunctionsWorkflow, type Workflow } from '../../lambdas/providers/workflow.js';
import { handler as awaitPayment } from '../../lambdas/workflow/await-payment.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import { handler as startFiling } from '../../lambdas/workflow/start-filing.js';
import { startAsaasSimulator, type AsaasSimulatorOptions } from '../../local/services/asaas-simulator.js';
import { startLocalStepFunctions } from '../../local/workflow/step-functions.js';
import { createApiEvent, lambdaContext } from '../factories.js';
import { ASAAS_PORT, INTEGRATION_SECRETS, STEP_FUNCTIONS_PORT } from './global-setup.js';

type Simulator = Awaited<ReturnType<typeof startAsaasSimulator>>;

/** How the simulator delivers: to a webhook (read when it starts) on a retry schedule; by default it keeps events. */
type Delivery = { webhook?: () => { url: string; token: string }; retryScheduleMs?: number[] };

/**
 * The Asaas simulator on the integration port for one test file (started before its tests, stopped after), the real
 * Asaas client pointed at it with retries that do not wait, and the simulator's control API (`/__control/...`, what
 * its page's buttons call). Webhooks are kept, never delivered, unless `webhook` names a receiver (see
 * `useWebhookReceiver`): a test delivers what it wants through the handler.
 */
export function useAsaasSimulator(options: { retry?: AsaasClientOptions['retry'] } & Delivery = {}) {
  const start = (delivery: Delivery) =>
    startAsaasSimulator({
      port: ASAAS_PORT,
      apiKey: INTEGRATION_SECRETS.asaasApiKey,
      webhook: delivery.webhook?.() ?? null,
      ...(delivery.retryScheduleMs ? { retryScheduleMs: delivery.retryScheduleMs } : {}),
    } satisfies AsaasSimulatorOptions);
  const harness = {
    simulator: undefined as unknown as Simulator,
    asaas: undefined as unknown as AsaasClient,
    /** POSTs to a control path (`payments/<id>/pay`, `api` with `{ failNext }`…), as the page's buttons do. */
    control: async <T = unknown>(path: string, body: unknown = {}): Promise<T> => {
      const response = await fetch(`${harness.simulator.url}/__control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await response.json()) as T;
    },
    /** The same POST's raw answer, for a test about its HTTP status (a step Asaas refuses answers 4xx). */
    controlResponse: (path: string, body: unknown = {}): Promise<Response> =>
      fetch(`${harness.simulator.url}/__control/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    /** GETs a control listing (`payments`, `customers`): what the simulator holds, removed items included. */
    listing: async <T = unknown>(path: string): Promise<T> =>
      (await (await fetch(`${harness.simulator.url}/__control/${path}`)).json()) as T,
    /**
     * A new simulator on the same port (so the same client and the webhook handler's environment still reach it),
     * delivering as told: for a describe block whose webhooks go through the real handler.
     */
    restart: async (delivery: Delivery = {}) => {
      await harness.simulator.stop();
      harness.simulator = await start(delivery);
    },
  };
  beforeAll(async () => {
    harness.simulator = await start(options);
    harness.asaas = createAsaasClient({
      baseUrl: harness.simulator.apiUrl,
      apiKey: INTEGRATION_SECRETS.asaasApiKey,
      retry: options.retry ?? { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
      sleep: async () => undefined,
    });
  });
  afterAll(() => harness.simulator?.stop());
  return harness;
}

/**
 * A loopback server in front of the real webhook handler, as API Gateway invokes it behind CloudFront: what a
 * delivering simulator posts to (`webhook`), with the handler's answers in order. Call it before `useAsaasSimulator`,
 * so it listens before the simulator delivers and closes after it stops.
 */
export function useWebhookReceiver() {
  let server: Server | undefined;
  const receiver = {
    answers: [] as number[],
    webhook: () => ({
      url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/`,
      token: INTEGRATION_SECRETS.asaasWebhookToken,
    }),
  };
  beforeAll(async () => {
    server = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const result = (await receiveWebhook(
        createApiEvent({
          method: 'POST',
          path: '/webhooks/asaas',
          body: Buffer.concat(chunks).toString('utf8'),
          headers: { 'asaas-access-token': String(request.headers['asaas-access-token'] ?? '') },
        }),
        lambdaContext,
      )) as { statusCode: number; body: string };
      receiver.answers.push(result.statusCode);
      response.writeHead(result.statusCode, { 'content-type': 'application/json' }).end(result.body);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
  return receiver;
}

type TaskFunction = (input: unknown) => Promise<unknown>;

/**
 * The state machine CDK synthesizes, run on the local Step Functions for one test file with the real AwaitPayment,
 * ConfirmPayment and StartFiling handlers; CheckFiling answers 'not late' unless the file gives its own (the filing
 * deadline is its own test's subject). `workflow` is the production provider pointed at it.
 */
export function useLocalWorkflow(
  options: {
    tasks?: Partial<Record<keyof typeof WORKFLOW_TASKS, TaskFunction>>;
    waitOverrides?: Record<string, number>;
  } = {},
) {
  const stateMachineArn = process.env.STATE_MACHINE_ARN!;
  const sfn = new SFNClient({});
  let stepFunctions: Awaited<ReturnType<typeof startLocalStepFunctions>> | undefined;
  beforeAll(async () => {
    stepFunctions = await startLocalStepFunctions({
      port: STEP_FUNCTIONS_PORT,
      stateMachineArn,
      definition: inject('stateMachineDefinition'),
      tasks: {
        AwaitPayment: awaitPayment,
        ConfirmPayment: confirmPayment,
        StartFiling: startFiling,
        CheckFiling: async () => ({ late: false, alerted: 0 }),
        ...options.tasks,
      } satisfies Record<keyof typeof WORKFLOW_TASKS, TaskFunction>,
      ...(options.waitOverrides ? { waitOverrides: options.waitOverrides } : {}),
    });
  });
  afterAll(() => stepFunctions?.stop());
  return {
    stateMachineArn,
    sfn,
    workflow: createStepFunctionsWorkflow({ stateMachineArn }),
    /** An execution's status as Step Functions describes it (RUNNING, SUCCEEDED…). */
    executionStatus: async (executionArn: string) =>
      (await sfn.send(new DescribeExecutionCommand({ executionArn }))).status,
  };
}

/** Reads until `done` holds, every 50 ms for at most 10 s: for what a workflow or a delivery settles later. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what = 'condition'): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} not reached in 10 s`);
}

/** A webhook body as Asaas sends it, with a new event id. */
export const asaasEvent = (asaasId: string, event: string, status: string): AsaasWebhook => ({
  id: `evt_${ulid()}`,
  event,
  payment: { id: asaasId, status },
});

/**
 * A workflow that records what it is asked (the services' side of Step Functions, without a state machine): an
 * execution started twice under one name answers `alreadyStarted`, as Step Functions does.
 */
export function recordingWorkflow() {
  const calls = {
    starts: [] as string[],
    resumes: [] as string[],
    failed: [] as string[],
    stops: [] as string[],
    /** How many next resumes throw after being recorded, as a throttled Step Functions does. */
    failNextResume: 0,
  };
  const workflow: Workflow = {
    start: async (name) => {
      calls.starts.push(name);
      return {
        executionArn: `arn:execution:${name}`,
        alreadyStarted: calls.starts.filter((n) => n === name).length > 1,
      };
    },
    resume: async (token) => {
      calls.resumes.push(token);
      if (result.failNextResume > 0) {
        result.failNextResume -= 1;
        throw new Error('Step Functions throttled');
      }
      return 'resumed';
    },
    fail: async (token) => {
      calls.failed.push(token);
      return 'resumed';
    },
    stop: async (arn) => {
      calls.stops.push(arn);
      return 'not-running';
    },
  };
  const result = Object.assign(workflow, calls);
  return result;
}

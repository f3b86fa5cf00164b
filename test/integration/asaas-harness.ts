import { ulid } from 'ulid';
import { afterAll, beforeAll } from 'vitest';
import type { AsaasWebhook } from '../../domain/api/webhooks.js';
import { createAsaasClient, type AsaasClient, type AsaasClientOptions } from '../../lambdas/providers/asaas.js';
import type { Workflow } from '../../lambdas/providers/workflow.js';
import { startAsaasSimulator } from '../../local/services/asaas-simulator.js';
import { ASAAS_PORT, INTEGRATION_SECRETS } from './global-setup.js';

type Simulator = Awaited<ReturnType<typeof startAsaasSimulator>>;

/**
 * The Asaas simulator on the integration port for one test file (started before its tests, stopped after), the real
 * Asaas client pointed at it with retries that do not wait, and the simulator's control API (`/__control/...`, what
 * its page's buttons call). Webhooks are kept, never delivered: a test delivers what it wants through the handler.
 */
export function useAsaasSimulator(options: { retry?: AsaasClientOptions['retry'] } = {}) {
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
    /** GETs a control listing (`payments`, `customers`): what the simulator holds, removed items included. */
    listing: async <T = unknown>(path: string): Promise<T> =>
      (await (await fetch(`${harness.simulator.url}/__control/${path}`)).json()) as T,
  };
  beforeAll(async () => {
    harness.simulator = await startAsaasSimulator({
      port: ASAAS_PORT,
      apiKey: INTEGRATION_SECRETS.asaasApiKey,
      webhook: null,
    });
    harness.asaas = createAsaasClient({
      baseUrl: harness.simulator.apiUrl,
      apiKey: INTEGRATION_SECRETS.asaasApiKey,
      retry: options.retry ?? { attempts: 2, baseDelayMs: 10, maxDelayMs: 20 },
      sleep: async () => undefined,
    });
  });
  afterAll(() => harness.simulator.stop());
  return harness;
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
  const calls = { starts: [] as string[], resumes: [] as string[], failed: [] as string[], stops: [] as string[] };
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
  return Object.assign(workflow, calls);
}

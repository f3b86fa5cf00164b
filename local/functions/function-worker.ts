import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { FunctionGrants } from '../../lambdas/grants.js';
import { guardTable } from './table-guard.js';

/**
 * One Lambda function's container on this machine: its own module graph (module-scope clients and configuration,
 * read once at its cold start) and its own `process.env`, holding only what its grants give it.
 */
type Handler = (event: unknown, context: unknown) => Promise<unknown>;
export type Invocation = {
  id: number;
  event: unknown;
  requestId: string;
  functionName: string;
  timeoutMs: number;
  /** Only complete the cold start (load the module), without calling the handler. */
  initOnly?: boolean;
};
export type InvocationResult =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string }; initError: boolean };

const { entry, functionName, grants } = workerData as { entry: string; functionName: string; grants: FunctionGrants };
const port = parentPort!;

// IAM's part of the cold start: the container's one DynamoDB client refuses what the function's grants do not allow.
// (A function without table grants has no table name to reach, and need not load the client.)
if (grants.table || grants.tableItems) {
  const { dynamo } = await import('../../lambdas/shared/clients.js');
  guardTable(dynamo, functionName, grants);
}

// The cold start: a handler whose configuration is missing (a grant it lacks) fails here, as Lambda's init would.
const loaded: Promise<Handler> = import(pathToFileURL(entry).href).then((mod: { handler: Handler }) => mod.handler);
loaded.catch(() => {});

port.on('message', async (invocation: Invocation) => {
  const started = Date.now();
  let initialised = false;
  try {
    const handler = await loaded;
    initialised = true;
    if (invocation.initOnly) {
      port.postMessage({ id: invocation.id, ok: true, result: null } satisfies InvocationResult);
      return;
    }
    const context = {
      awsRequestId: invocation.requestId,
      functionName: invocation.functionName,
      getRemainingTimeInMillis: () => Math.max(0, invocation.timeoutMs - (Date.now() - started)),
    };
    const result = await handler(invocation.event, context);
    port.postMessage({ id: invocation.id, ok: true, result } satisfies InvocationResult);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    port.postMessage({
      id: invocation.id,
      ok: false,
      error: { name: err.name, message: err.message, stack: err.stack },
      initError: !initialised,
    } satisfies InvocationResult);
  }
});

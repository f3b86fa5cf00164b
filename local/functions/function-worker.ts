import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type * as clients from '../../lambdas/shared/clients.js';
import { emptyUsage, meterDynamoDb, type Usage } from './meter.js';

type ClientsModule = typeof clients;

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
  /** `durationMs`: the handler's own time, to a fraction of a millisecond (Lambda's Duration; no cold start in it). */
  | { id: number; ok: true; result: unknown; usage?: Usage; durationMs?: number }
  | {
      id: number;
      ok: false;
      error: { name: string; message: string; stack?: string };
      initError: boolean;
      usage?: Usage;
    };

/** `Root=1-<epoch seconds, hex>-<96 random bits>;Parent=<64 bits>;Sampled=0`, the shape X-Ray gives Lambda. */
function traceHeader(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16);
  return `Root=1-${seconds}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=0`;
}

const { entry, functionName, grants, meter, clientsModule } = workerData as {
  entry: string;
  functionName: string;
  grants: FunctionGrants;
  meter?: boolean;
  clientsModule?: string;
};
const port = parentPort!;

// Metering (`npm run cost`): the same module instance the handler imports gets a middleware, before the handler loads.
let usage: Usage | undefined;
if (meter && clientsModule) {
  usage = emptyUsage();
  const { dynamo } = (await import(pathToFileURL(clientsModule).href)) as ClientsModule;
  meterDynamoDb(dynamo as never, usage);
}
/** What this invocation used, and a fresh count for the next (concurrent invocations share it: the totals stay exact). */
function takeUsage(started: number): Usage | undefined {
  if (!usage) return undefined;
  const taken = { ...usage, invocations: 1, durationMs: Date.now() - started };
  usage = Object.assign(usage, emptyUsage());
  return taken;
}

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
      functionVersion: '$LATEST',
      invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION ?? 'sa-east-1'}:000000000000:function:${invocation.functionName}`,
      memoryLimitInMB: '512',
      getRemainingTimeInMillis: () => Math.max(0, invocation.timeoutMs - (Date.now() - started)),
    };
    // Lambda gives each invocation an X-Ray trace id in this variable; Powertools' logger puts it on every line.
    process.env._X_AMZN_TRACE_ID = traceHeader();
    const handlerStarted = performance.now();
    const result = await handler(invocation.event, context);
    const durationMs = performance.now() - handlerStarted;
    port.postMessage({
      id: invocation.id,
      ok: true,
      result,
      usage: takeUsage(started),
      durationMs,
    } satisfies InvocationResult);
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    port.postMessage({
      id: invocation.id,
      ok: false,
      error: { name: err.name, message: err.message, stack: err.stack },
      initError: !initialised,
      usage: initialised ? takeUsage(started) : undefined,
    } satisfies InvocationResult);
  }
});

import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { fromRepoRoot } from '../../lib/paths.js';
import { environmentFor, ENV, type FunctionGrants, type GrantValues } from '../../lambdas/grants.js';
import type { Invocation, InvocationResult } from './function-worker.js';
import { addUsage, emptyUsage, type Usage } from './meter.js';

export type LocalFunction = { readonly name: string; readonly entry: string; readonly grants: FunctionGrants };

export type FunctionHost = {
  /** Runs `fn` with `event` as Lambda would: the worker (container) is started on first use and then reused. */
  invoke(fn: LocalFunction, event: unknown, options?: { requestId?: string; timeoutMs?: number }): Promise<unknown>;
  /** Completes `fn`'s cold start (loads its module); rejects with the error its init threw. */
  init(fn: LocalFunction): Promise<void>;
  /** Starts the containers of these functions ahead of their first request. */
  warm(functions: readonly LocalFunction[]): void;
  /** With `meter`: what each function used since the host started (invocations, duration, DynamoDB units). */
  usage(): Record<string, Usage>;
  stop(): Promise<void>;
};

export type FunctionHostOptions = {
  /** What Lambda's runtime itself provides (region, credentials; locally also the emulators' endpoints). */
  runtimeEnv: Record<string, string>;
  /** What grants point at on this machine (lambdas/grants.ts, the same mapping CDK uses). */
  values: GrantValues;
  stage: string;
  log?: (line: string) => void;
  /** Measure each function's use for the cost model (`npm run cost`); off by default. */
  meter?: boolean;
};

/** The invocation's error, rebuilt on this side of the thread boundary (name and message are what callers read). */
class FunctionError extends Error {
  constructor(error: { name: string; message: string; stack?: string }) {
    super(error.message);
    this.name = error.name;
    if (error.stack) this.stack = error.stack;
  }
}

type Container = { worker: Worker; pending: Map<number, { resolve(v: unknown): void; reject(e: Error): void }> };

const WORKER_BOOT = new URL('./worker-boot.mjs', import.meta.url);
const FUNCTION_WORKER = new URL('./function-worker.ts', import.meta.url).href;

/**
 * Runs the catalogue's functions on this machine the way Lambda runs them on AWS: each in its own isolate (a worker
 * thread) with its own module state and ONLY the environment its grants produce, so a handler that reads a variable
 * its grants do not give fails here at its cold start, exactly as it would after `cdk deploy`; and its table requests
 * are checked against its table grants as IAM would (table-guard.ts).
 */
export function startFunctionHost(options: FunctionHostOptions): FunctionHost {
  const log = options.log ?? (() => {});
  const containers = new Map<string, Container>();
  const usage = new Map<string, Usage>();
  let nextId = 1;

  function containerOf(fn: LocalFunction): Container {
    const existing = containers.get(fn.name);
    if (existing) return existing;
    const env = {
      ...options.runtimeEnv,
      [ENV.stage]: options.stage,
      ...environmentFor(fn.name, fn.grants, options.values),
    };
    const worker = new Worker(WORKER_BOOT, {
      env,
      workerData: {
        workerModule: FUNCTION_WORKER,
        entry: fromRepoRoot(fn.entry),
        meter: options.meter === true,
        clientsModule: fromRepoRoot('lambdas/shared/clients.ts'),

        functionName: fn.name,
        grants: fn.grants,
      },
      name: fn.name,
    });
    const container: Container = { worker, pending: new Map() };
    worker.on('message', (message: InvocationResult) => {
      const waiting = container.pending.get(message.id);
      if (!waiting) return;
      container.pending.delete(message.id);
      if (message.usage) {
        if (!usage.has(fn.name)) usage.set(fn.name, emptyUsage());
        addUsage(usage.get(fn.name)!, message.usage);
      }
      if (message.ok) return waiting.resolve(message.result);
      if (message.initError) log(`${fn.name} failed to start: ${message.error.message}`);
      waiting.reject(new FunctionError(message.error));
    });
    // A crashed container is replaced on the next invocation, as Lambda replaces a dead sandbox.
    const discard = (error: Error) => {
      if (containers.get(fn.name) === container) containers.delete(fn.name);
      for (const waiting of container.pending.values()) waiting.reject(error);
      container.pending.clear();
    };
    worker.on('error', (error) => {
      log(`${fn.name} crashed: ${error.stack ?? error.message}`);
      discard(error);
    });
    worker.on('exit', (code) => discard(new Error(`${fn.name} exited with code ${code}`)));
    worker.unref();
    containers.set(fn.name, container);
    return container;
  }

  function send(fn: LocalFunction, invocation: Omit<Invocation, 'id'>): Promise<unknown> {
    const container = containerOf(fn);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      container.pending.set(id, { resolve, reject });
      container.worker.postMessage({ ...invocation, id } satisfies Invocation);
    });
  }

  let stopped = false;
  return {
    invoke(fn, event, invokeOptions = {}) {
      return send(fn, {
        event,
        requestId: invokeOptions.requestId ?? randomUUID(),
        functionName: fn.name,
        timeoutMs: invokeOptions.timeoutMs ?? 10_000,
      });
    },
    async init(fn) {
      await send(fn, { event: null, requestId: randomUUID(), functionName: fn.name, timeoutMs: 0, initOnly: true });
    },
    warm(functions) {
      // One container at a time: forty threads compiling at once would take both cores from the first visitor.
      void (async () => {
        for (const fn of functions) {
          if (stopped) return;
          try {
            await send(fn, {
              event: null,
              requestId: randomUUID(),
              functionName: fn.name,
              timeoutMs: 0,
              initOnly: true,
            });
          } catch (error) {
            log(`${fn.name} cannot start: ${(error as Error).message}`);
          }
        }
      })();
    },
    usage() {
      return Object.fromEntries([...usage].map(([name, used]) => [name, { ...used }]));
    },
    async stop() {
      stopped = true;
      const all = [...containers.values()];
      containers.clear();
      await Promise.all(all.map((container) => container.worker.terminate()));
    },
  };
}

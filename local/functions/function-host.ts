import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { environmentFor, ENV, type FunctionGrants, type GrantValues } from '../../lambdas/grants.js';
import { buildFunctionModules } from './function-build.js';
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
  /**
   * With `durations`: each completed invocation's handler time in ms, oldest first, as Lambda reports Duration (the
   * function's own work; not the cold start, the gateway or the thread hop around it).
   */
  durations(functionName: string): readonly number[];
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
  /** Keep every invocation's duration (`npm run bench`); off by default, so a long `npm start` keeps none. */
  durations?: boolean;
  /** The functions built as the host starts (default: the whole catalogue); any other is built at its first use. */
  functions?: readonly LocalFunction[];
};

/** The invocation's error, rebuilt on this side of the thread boundary (name and message are what callers read). */
class FunctionError extends Error {
  constructor(error: { name: string; message: string; stack?: string }) {
    super(error.message);
    this.name = error.name;
    if (error.stack) this.stack = error.stack;
  }
}

type Container = {
  /** The worker, once the function's module is built. */
  worker: Promise<Worker>;
  pending: Map<number, { resolve(v: unknown): void; reject(e: Error): void }>;
};

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
  const durations = new Map<string, number[]>();
  const durationsOf = (name: string) => {
    let kept = durations.get(name);
    if (!kept) durations.set(name, (kept = []));
    return kept;
  };
  const modules = buildFunctionModules((options.functions ?? ALL_FUNCTIONS).map((fn) => fn.entry));
  let nextId = 1;
  let stopped = false;

  function containerOf(fn: LocalFunction): Container {
    const existing = containers.get(fn.name);
    if (existing) return existing;
    const env = {
      ...options.runtimeEnv,
      [ENV.stage]: options.stage,
      ...environmentFor(fn.name, fn.grants, options.values),
    };
    const pending: Container['pending'] = new Map();
    const worker = modules.entry(fn.entry).then((entry) => {
      // A function still being built when the host stopped starts no worker: nothing would ever terminate it.
      if (stopped) throw new Error(`${fn.name}: the function host has stopped`);
      // No execArgv: a worker inherits the parent's (tsx's loader, under `npm start`), and the built code needs none.
      const started = new Worker(modules.worker, {
        execArgv: [],
        env,
        workerData: {
          entry,
          meter: options.meter === true,
          clientsModule: modules.clients,
          functionName: fn.name,
          grants: fn.grants,
        },
        name: fn.name,
      });
      started.on('message', (message: InvocationResult) => {
        const waiting = pending.get(message.id);
        if (!waiting) return;
        pending.delete(message.id);
        if (message.usage) {
          if (!usage.has(fn.name)) usage.set(fn.name, emptyUsage());
          addUsage(usage.get(fn.name)!, message.usage);
        }
        if (message.ok) {
          if (options.durations && message.durationMs !== undefined) durationsOf(fn.name).push(message.durationMs);
          return waiting.resolve(message.result);
        }
        if (message.initError) log(`${fn.name} failed to start: ${message.error.message}`);
        waiting.reject(new FunctionError(message.error));
      });
      started.on('error', (error) => {
        log(`${fn.name} crashed: ${error.stack ?? error.message}`);
        discard(error);
      });
      started.on('exit', (code) => discard(new Error(`${fn.name} exited with code ${code}`)));
      started.unref();
      return started;
    });
    const container: Container = { worker, pending };
    // A crashed container is replaced on the next invocation, as Lambda replaces a dead sandbox.
    const discard = (error: Error) => {
      if (containers.get(fn.name) === container) containers.delete(fn.name);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    worker.catch((error: Error) => {
      log(`${fn.name} could not be built: ${error.message}`);
      discard(error);
    });
    containers.set(fn.name, container);
    return container;
  }

  function send(fn: LocalFunction, invocation: Omit<Invocation, 'id'>): Promise<unknown> {
    const container = containerOf(fn);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      container.pending.set(id, { resolve, reject });
      container.worker.then((worker) => worker.postMessage({ ...invocation, id } satisfies Invocation)).catch(() => {});
    });
  }

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
    durations(functionName) {
      return [...(durations.get(functionName) ?? [])];
    },
    async stop() {
      stopped = true;
      const all = [...containers.values()];
      containers.clear();
      await Promise.all(all.map((container) => container.worker.then((worker) => worker.terminate()).catch(() => {})));
      modules.remove();
    },
  };
}

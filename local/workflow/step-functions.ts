import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

import { StateMachine } from 'aws-local-stepfunctions';

/** Node timers overflow past 2^31-1 ms and would fire at once; longer timeouts are clamped (≈24.8 days). */
const MAX_TIMER_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

export type TaskFunction = (payload: unknown) => Promise<unknown>;

type Execution = {
  executionArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED';
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  startDate: number;
  stopDate?: number;
};

type PendingTask = { resolve: (output: unknown) => void; reject: (error: Error) => void };

class TaskFailure extends Error {
  constructor(
    readonly errorName: string,
    readonly causeText: string,
  ) {
    super(causeText);
    this.name = errorName;
  }
}

function clampTimeouts(definition: Record<string, unknown>): Record<string, unknown> {
  const states = (definition.States ?? {}) as Record<string, Record<string, unknown>>;
  const clamped = Object.fromEntries(
    Object.entries(states).map(([name, state]) => [
      name,
      typeof state.TimeoutSeconds === 'number' && state.TimeoutSeconds > MAX_TIMER_SECONDS
        ? { ...state, TimeoutSeconds: MAX_TIMER_SECONDS }
        : state,
    ]),
  );
  return { ...definition, States: clamped };
}

/**
 * A local Step Functions endpoint: speaks the service's JSON protocol for StartExecution,
 * DescribeExecution, StopExecution, SendTaskSuccess and SendTaskFailure, and runs executions of the CDK-synthesized
 * ASL with aws-local-stepfunctions, mapping each Task state to the project's handler.
 * `.waitForTaskToken` tasks park on a promise that SendTaskSuccess/Failure settles.
 */
export async function startLocalStepFunctions(opts: {
  port: number;
  stateMachineArn: string;
  definition: Record<string, unknown>;
  /** Handler per Task state name. */
  tasks: Record<string, TaskFunction>;
  /** Wait states cut short, in ms by state name (tests: the filing deadline is days away). */
  waitOverrides?: Record<string, number>;
  log?: (line: string) => void;
}): Promise<{
  endpoint: string;
  executions: Map<string, Execution>;
  /** State transitions so far (states entered, what Step Functions Standard bills), for the cost model. */
  transitions(): number;
  stop(): Promise<void>;
}> {
  const log = opts.log ?? (() => {});
  const definition = clampTimeouts(opts.definition);
  const states = definition.States as Record<string, { Type: string; Resource?: string }>;
  const machine = new StateMachine(definition as never, { validationOptions: { checkArn: false, checkPaths: false } });
  const executions = new Map<string, Execution>();
  const pending = new Map<string, PendingTask>();
  const running = new Set<{ abort(): void }>();
  /** Each running execution's run and task token, so StopExecution can abort it and forget its parked task. */
  const live = new Map<string, { run: { abort(): void }; taskToken: string }>();
  let transitions = 0;

  const overrides = Object.fromEntries(
    Object.entries(states)
      .filter(([, state]) => state.Type === 'Task')
      .map(([stateName, state]) => {
        const task = opts.tasks[stateName];
        if (!task) throw new Error(`No local handler for Task state ${stateName}`);
        const resource = state.Resource ?? '';
        const override = async (input: unknown): Promise<unknown> => {
          if (resource.endsWith('.waitForTaskToken')) {
            const { Payload } = input as { Payload: { taskToken: string } };
            const settled = new Promise((resolve, reject) => pending.set(Payload.taskToken, { resolve, reject }));
            await task(Payload);
            return settled;
          }
          if (resource.startsWith('arn:aws:states:::lambda:invoke')) {
            // The full LambdaInvoke result shape, for tasks that did not ask for payloadResponseOnly.
            const { Payload } = input as { Payload: unknown };
            return { Payload: await task(Payload), StatusCode: 200 };
          }
          return task(input);
        };
        return [stateName, override];
      }),
  );

  function startExecution(input: string, name?: string): Execution {
    const executionName = name ?? randomUUID();
    const execution: Execution = {
      executionArn: `${opts.stateMachineArn.replace(':stateMachine:', ':execution:')}:${executionName}`,
      name: executionName,
      status: 'RUNNING',
      input,
      startDate: Date.now(),
    };
    if ([...executions.values()].some((e) => e.name === executionName)) {
      throw Object.assign(new Error(`Execution already exists: ${executionName}`), { type: 'ExecutionAlreadyExists' });
    }
    executions.set(execution.executionArn, execution);
    // One token per execution: this workflow has a single waiting task at a time.
    const taskToken = randomUUID();
    const run = machine.run(JSON.parse(input), {
      overrides: { taskResourceLocalHandlers: overrides, waitTimeOverrides: opts.waitOverrides },
      context: {
        Execution: {
          Id: execution.executionArn,
          Name: executionName,
          Input: JSON.parse(input),
          StartTime: new Date(execution.startDate).toISOString(),
        },
        Task: { Token: taskToken },
      },
    } as never);
    running.add(run);
    live.set(execution.executionArn, { run, taskToken });
    void (async () => {
      for await (const event of (run as { eventLogs: AsyncIterable<{ type: string }> }).eventLogs) {
        if (event.type === 'StateEntered') transitions++;
      }
    })().catch(() => {});
    run.result
      .then((output: unknown) => {
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output);
        log(`workflow ${executionName} succeeded`);
      })
      .catch((error: Error & { cause?: unknown }) => {
        if (execution.status === 'ABORTED') return;
        execution.status = error.name === 'ExecutionAbortedError' ? 'ABORTED' : 'FAILED';
        execution.error = error.name;
        execution.cause = error.message;
        log(`workflow ${executionName} ${execution.status.toLowerCase()}: ${error.message}`);
      })
      .finally(() => {
        execution.stopDate ??= Date.now();
        running.delete(run);
        live.delete(execution.executionArn);
        pending.delete(taskToken);
      });
    log(`workflow ${executionName} started`);
    return execution;
  }

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify(body));
    };
    const fail = (type: string, message: string) => reply(400, { __type: type, message });
    let body: Record<string, string>;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return fail('ValidationException', 'Malformed JSON');
    }
    try {
      switch (target) {
        case 'StartExecution': {
          if (body.stateMachineArn !== opts.stateMachineArn)
            return fail('StateMachineDoesNotExist', `State machine does not exist: ${body.stateMachineArn}`);
          const execution = startExecution(body.input ?? '{}', body.name);
          return reply(200, { executionArn: execution.executionArn, startDate: execution.startDate / 1000 });
        }
        case 'DescribeExecution': {
          const e = executions.get(body.executionArn ?? '');
          if (!e) return fail('ExecutionDoesNotExist', 'Execution does not exist');
          return reply(200, {
            executionArn: e.executionArn,
            stateMachineArn: opts.stateMachineArn,
            name: e.name,
            status: e.status,
            input: e.input,
            output: e.output,
            error: e.error,
            cause: e.cause,
            startDate: e.startDate / 1000,
            stopDate: e.stopDate ? e.stopDate / 1000 : undefined,
          });
        }
        case 'StopExecution': {
          const e = executions.get(body.executionArn ?? '');
          if (!e) return fail('ExecutionDoesNotExist', 'Execution does not exist');
          const running = live.get(e.executionArn);
          if (e.status === 'RUNNING' && running) {
            // Marked at once, as Step Functions does: the run's own rejection lands a moment later.
            e.status = 'ABORTED';
            e.error = body.error;
            e.cause = body.cause;
            e.stopDate = Date.now();
            pending.delete(running.taskToken);
            running.run.abort();
            log(`workflow ${e.name} stopped`);
          }
          return reply(200, { stopDate: (e.stopDate ?? Date.now()) / 1000 });
        }
        case 'SendTaskSuccess':
        case 'SendTaskFailure': {
          const task = pending.get(body.taskToken ?? '');
          if (!task) return fail('TaskDoesNotExist', 'Task does not exist anymore');
          pending.delete(body.taskToken!);
          if (target === 'SendTaskSuccess') task.resolve(JSON.parse(body.output ?? '{}'));
          else task.reject(new TaskFailure(body.error ?? 'TaskFailed', body.cause ?? ''));
          return reply(200, {});
        }
        default:
          return fail('UnknownOperationException', `Operation ${target} is not emulated locally`);
      }
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type) return fail(type, (error as Error).message);
      log(`step functions emulator error: ${(error as Error).stack}`);
      return reply(500, { __type: 'InternalFailure', message: (error as Error).message });
    }
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolveListen());
  });
  return {
    endpoint: `http://127.0.0.1:${opts.port}`,
    executions,
    transitions: () => transitions,
    stop: async () => {
      for (const run of running) run.abort();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

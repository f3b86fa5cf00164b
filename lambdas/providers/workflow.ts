import type { SFNClient } from '@aws-sdk/client-sfn';
import { lazyClient } from '../shared/lazy-sdk.js';

export type WorkflowStart = { executionArn: string; alreadyStarted: boolean };
export type WorkflowResume = 'resumed' | 'already-finished';
/** `not-running`: no execution has that name, or it has already finished (succeeded, failed, stopped). */
export type WorkflowStop = 'stopped' | 'not-running';

/** The charge → payment → filing workflow, as business code sees it. */
export type Workflow = {
  /**
   * Starts the execution named `name` (our own id, e.g. the charge id), at most once: a repeated start with the
   * same name and input answers the running execution instead of a second one.
   */
  start(name: string, input: unknown): Promise<WorkflowStart>;
  /** Answers a waiting task. A token whose task already finished (or timed out) is not an error. */
  resume(taskToken: string, output: unknown): Promise<WorkflowResume>;
  /** Fails a waiting task with an error name and a cause (shown in the execution's history). */
  fail(taskToken: string, error: string, cause: string): Promise<WorkflowResume>;
  /**
   * Stops the execution named `name` if it is running: no further state runs (no e-mail, no write), unlike failing its
   * task, which its Catch would handle. Stopping one that is gone or finished is not an error.
   */
  stop(name: string, error: string, cause: string): Promise<WorkflowStop>;
};

/** Errors Step Functions answers for a token that can no longer be answered: the workflow already moved on. */
const FINISHED_TASK_ERRORS = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken']);

/**
 * Step Functions behind the Workflow interface. The endpoint comes from the SDK's standard `AWS_ENDPOINT_URL_SFN`, so
 * the local runtime points it at aws-local-stepfunctions by configuration alone.
 */
export function createStepFunctionsWorkflow(options: { stateMachineArn: string; client?: SFNClient }): Workflow {
  const sfn = lazyClient(
    () => import('@aws-sdk/client-sfn'),
    (sdk) => new sdk.SFNClient({}),
    options.client,
  );
  const answered = async (
    send: (step: Awaited<ReturnType<typeof sfn>>) => Promise<unknown>,
  ): Promise<WorkflowResume> => {
    try {
      await send(await sfn());
      return 'resumed';
    } catch (error) {
      if (FINISHED_TASK_ERRORS.has((error as Error).name)) return 'already-finished';
      throw error;
    }
  };
  return {
    async start(name, input) {
      const { sdk, client } = await sfn();
      try {
        const { executionArn } = await client.send(
          new sdk.StartExecutionCommand({
            stateMachineArn: options.stateMachineArn,
            name,
            input: JSON.stringify(input),
          }),
        );
        return { executionArn: executionArn as string, alreadyStarted: false };
      } catch (error) {
        // Standard workflows refuse a second execution with the same name for 90 days: that one is ours already.
        if ((error as Error).name === 'ExecutionAlreadyExists') {
          return { executionArn: executionArnFor(options.stateMachineArn, name), alreadyStarted: true };
        }
        throw error;
      }
    },
    resume: (taskToken, output) =>
      answered(({ sdk, client }) =>
        client.send(new sdk.SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) })),
      ),
    fail: (taskToken, error, cause) =>
      answered(({ sdk, client }) => client.send(new sdk.SendTaskFailureCommand({ taskToken, error, cause }))),
    async stop(name, error, cause) {
      const executionArn = executionArnFor(options.stateMachineArn, name);
      const { sdk, client } = await sfn();
      try {
        // Described first: only a running execution is stopped and counted as stopped.
        const { status } = await client.send(new sdk.DescribeExecutionCommand({ executionArn }));
        if (status !== 'RUNNING') return 'not-running';
        await client.send(new sdk.StopExecutionCommand({ executionArn, error, cause }));
        return 'stopped';
      } catch (failure) {
        if ((failure as Error).name === 'ExecutionDoesNotExist') return 'not-running';
        throw failure;
      }
    },
  };
}

/** arn:aws:states:region:account:stateMachine:Name → arn:aws:states:region:account:execution:Name:executionName */
export function executionArnFor(stateMachineArn: string, name: string): string {
  return `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
}

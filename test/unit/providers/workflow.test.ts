import type { StopExecutionCommand } from '@aws-sdk/client-sfn';
import {
  DescribeExecutionCommand,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  StartExecutionCommand,
  type SFNClient,
} from '@aws-sdk/client-sfn';
import { describe, expect, it } from 'vitest';
import { createStepFunctionsWorkflow, executionArnFor } from '../../../lambdas/providers/workflow.js';

const STATE_MACHINE = 'arn:aws:states:sa-east-1:123456789012:stateMachine:charge-workflow';

const named = (name: string, message = name) => Object.assign(new Error(message), { name });

/** A stand-in SFNClient: records every command and answers with `answer`. */
function fakeClient(answer: (command: unknown) => unknown) {
  const sent: unknown[] = [];
  const client = {
    send: async (command: unknown) => {
      sent.push(command);
      return answer(command);
    },
  } as unknown as SFNClient;
  return { client, sent };
}

describe('createStepFunctionsWorkflow', () => {
  it('starts an execution named after our id, with the input as JSON', async () => {
    const arn = 'arn:aws:states:sa-east-1:123456789012:execution:charge-workflow:as-answered';
    const { client, sent } = fakeClient(() => ({ executionArn: arn, startDate: new Date() }));
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.start('charge-1', { chargeId: 'charge-1', amount: 4990 })).toEqual({
      executionArn: arn,
      alreadyStarted: false,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(StartExecutionCommand);
    expect((sent[0] as StartExecutionCommand).input).toEqual({
      stateMachineArn: STATE_MACHINE,
      name: 'charge-1',
      input: '{"chargeId":"charge-1","amount":4990}',
    });
  });

  it('answers the existing execution, computed from the state machine ARN, for ExecutionAlreadyExists', async () => {
    const { client } = fakeClient(() => {
      throw named('ExecutionAlreadyExists', 'Execution Already Exists');
    });
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.start('charge-1', {})).toEqual({
      executionArn: 'arn:aws:states:sa-east-1:123456789012:execution:charge-workflow:charge-1',
      alreadyStarted: true,
    });
  });

  it('rethrows any other start failure', async () => {
    const { client } = fakeClient(() => {
      throw named('ExecutionLimitExceeded');
    });
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    await expect(workflow.start('charge-1', {})).rejects.toMatchObject({ name: 'ExecutionLimitExceeded' });
  });

  it('resumes a task with SendTaskSuccess and the output as JSON', async () => {
    const { client, sent } = fakeClient(() => ({}));
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.resume('token-1', { paid: true })).toBe('resumed');
    expect(sent[0]).toBeInstanceOf(SendTaskSuccessCommand);
    expect((sent[0] as SendTaskSuccessCommand).input).toEqual({ taskToken: 'token-1', output: '{"paid":true}' });
  });

  it('fails a task with SendTaskFailure, its error name and cause', async () => {
    const { client, sent } = fakeClient(() => ({}));
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.fail('token-1', 'ChargeRefunded', 'Refunded by the admin')).toBe('resumed');
    expect(sent[0]).toBeInstanceOf(SendTaskFailureCommand);
    expect((sent[0] as SendTaskFailureCommand).input).toEqual({
      taskToken: 'token-1',
      error: 'ChargeRefunded',
      cause: 'Refunded by the admin',
    });
  });

  it.each(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken'])(
    'answers already-finished when Step Functions says %s, for resume and for fail',
    async (name) => {
      const { client, sent } = fakeClient(() => {
        throw named(name);
      });
      const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
      expect(await workflow.resume('token-1', {})).toBe('already-finished');
      expect(await workflow.fail('token-1', 'E', 'c')).toBe('already-finished');
      expect(sent).toHaveLength(2);
    },
  );

  it('rethrows other errors of resume and fail', async () => {
    const { client } = fakeClient(() => {
      throw named('ThrottlingException');
    });
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    await expect(workflow.resume('token-1', {})).rejects.toMatchObject({ name: 'ThrottlingException' });
    await expect(workflow.fail('token-1', 'E', 'c')).rejects.toMatchObject({ name: 'ThrottlingException' });
  });
});

describe('stopping an execution', () => {
  const EXECUTION = 'arn:aws:states:sa-east-1:123456789012:execution:charge-workflow:charge-1';

  it('stops a running execution by its name, with an error and a cause', async () => {
    const { client, sent } = fakeClient((command) =>
      command instanceof DescribeExecutionCommand ? { status: 'RUNNING' } : { stopDate: new Date() },
    );
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.stop('charge-1', 'ClientDeleted', 'Cliente excluído')).toBe('stopped');
    expect(sent.map((c) => (c as { constructor: { name: string } }).constructor.name)).toEqual([
      'DescribeExecutionCommand',
      'StopExecutionCommand',
    ]);
    expect((sent[0] as DescribeExecutionCommand).input).toEqual({ executionArn: EXECUTION });
    expect((sent[1] as StopExecutionCommand).input).toEqual({
      executionArn: EXECUTION,
      error: 'ClientDeleted',
      cause: 'Cliente excluído',
    });
  });

  it.each(['SUCCEEDED', 'FAILED', 'ABORTED', 'TIMED_OUT'])(
    'leaves a %s execution alone: not-running',
    async (status) => {
      const { client, sent } = fakeClient(() => ({ status }));
      const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
      expect(await workflow.stop('charge-1', 'E', 'c')).toBe('not-running');
      expect(sent).toHaveLength(1);
    },
  );

  it('answers not-running for an execution that does not exist, and rethrows other failures', async () => {
    let failure = named('ExecutionDoesNotExist');
    const { client } = fakeClient(() => {
      throw failure;
    });
    const workflow = createStepFunctionsWorkflow({ stateMachineArn: STATE_MACHINE, client });
    expect(await workflow.stop('charge-1', 'E', 'c')).toBe('not-running');
    failure = named('AccessDeniedException');
    await expect(workflow.stop('charge-1', 'E', 'c')).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});

describe('executionArnFor', () => {
  it('turns the state machine ARN into its execution ARN', () => {
    expect(executionArnFor('arn:aws:states:us-east-1:000000000000:stateMachine:integration', 'c-1')).toBe(
      'arn:aws:states:us-east-1:000000000000:execution:integration:c-1',
    );
  });
});

import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_TASKS, type WorkflowTaskName } from '../../lambdas/functions.js';
import { PAYMENT_EXPIRED_ERROR, WORKFLOW_STATES, Workflow } from '../../lib/constructs/workflow.js';
import { parseDefinition, type Asl } from './helpers.js';

// The way the local runtime uses this construct: alone, in a throwaway stack, with imported functions,
// reading only the synthesized definition. No bundling, so this file stays fast.
let asl: Asl;
let template: Template;
const arnOf = (name: string) => `arn:aws:lambda:sa-east-1:000000000000:function:${name}`;

beforeAll(() => {
  const stack = new Stack(new App(), 'WorkflowOnly', { env: { account: '000000000000', region: 'sa-east-1' } });
  const tasks = Object.fromEntries(
    Object.keys(WORKFLOW_TASKS).map((name) => [name, lambda.Function.fromFunctionArn(stack, name, arnOf(name))]),
  ) as Record<WorkflowTaskName, lambda.IFunction>;
  new Workflow(stack, 'Workflow', { tasks });
  template = Template.fromStack(stack);
  const [sm] = Object.values(template.findResources('AWS::StepFunctions::StateMachine'));
  asl = parseDefinition((sm as { Properties: { DefinitionString: unknown } }).Properties.DefinitionString);
});

describe('Workflow definition (contract with the local runtime)', () => {
  it('has exactly the agreed states, in JSONPath', () => {
    expect(Object.keys(asl.States).sort()).toEqual(Object.values(WORKFLOW_STATES).sort());
    expect(asl.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    expect(JSON.stringify(asl)).not.toMatch(/\{%|JSONata/);
    expect(asl.StartAt).toBe('AwaitPayment');
  });

  it('AwaitPayment waits for a task token for up to 30 days, and expires into PaymentExpired', () => {
    const state = asl.States.AwaitPayment!;
    expect(state).toMatchObject({
      Type: 'Task',
      // The partition stays an intrinsic (<token>); the local runtime resolves it.
      Resource: expect.stringMatching(/^arn:.+:states:::lambda:invoke\.waitForTaskToken$/),
      TimeoutSeconds: 30 * 24 * 3600,
      ResultPath: '$.payment',
      Next: 'ConfirmPayment',
      Parameters: {
        FunctionName: arnOf('AwaitPayment'),
        Payload: {
          'taskToken.$': '$$.Task.Token',
          'userId.$': '$.userId',
          'contractId.$': '$.contractId',
          'chargeId.$': '$.chargeId',
        },
      },
    });
    expect(state.Catch).toEqual([{ ErrorEquals: ['States.Timeout'], ResultPath: '$.error', Next: 'PaymentExpired' }]);
    expect((state.Retry as { ErrorEquals: string[] }[])[0]!.ErrorEquals).toContain('Lambda.ServiceException');
    expect(asl.States.PaymentExpired).toMatchObject({ Type: 'Fail', Error: PAYMENT_EXPIRED_ERROR });
  });

  it.each([
    ['ConfirmPayment', '$.confirmation', 'StartFiling'],
    ['StartFiling', '$.filing', 'AwaitFilingDeadline'],
    ['CheckFiling', '$.filingCheck', 'FilingWatched'],
  ] as const)(
    '%s invokes its function directly, keeps the input and retries failures 3 times',
    (name, resultPath, next) => {
      const state = asl.States[name]!;
      expect(state).toMatchObject({ Type: 'Task', Resource: arnOf(name), ResultPath: resultPath, Next: next });
      expect(state.Retry).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ ErrorEquals: ['States.TaskFailed'], MaxAttempts: 3, BackoffRate: 2 }),
        ]),
      );
    },
  );

  it('waits for the filing deadline StartFiling computed, then checks the filing, and ends in FilingChecked', () => {
    expect(asl.States.AwaitFilingDeadline).toEqual({
      Type: 'Wait',
      TimestampPath: '$.filing.deadline',
      Next: 'CheckFiling',
    });
    expect(asl.States.FilingChecked).toEqual({ Type: 'Succeed' });
  });

  it('loops on CheckFiling until the instant it returns is absent: filed, late (told once) or out of the watch', () => {
    expect(asl.States.FilingWatched).toEqual({
      Type: 'Choice',
      Choices: [{ Variable: '$.filingCheck.next', IsPresent: true, Next: 'AwaitNextFilingCheck' }],
      Default: 'FilingChecked',
    });
    expect(asl.States.AwaitNextFilingCheck).toEqual({
      Type: 'Wait',
      TimestampPath: '$.filingCheck.next',
      Next: 'CheckFiling',
    });
  });

  it('is a STANDARD machine with full logging and tracing', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
    });
  });
});

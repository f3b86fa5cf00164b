import { Duration, Validations } from 'aws-cdk-lib';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import type { WorkflowTaskName } from '../../lambdas/functions.js';
import { nagRef } from '../nag.js';

/** State names are a contract with the local runtime and the handlers' logs: never rename casually. */
export const WORKFLOW_STATES = {
  awaitPayment: 'AwaitPayment',
  paymentExpired: 'PaymentExpired',
  confirmPayment: 'ConfirmPayment',
  startFiling: 'StartFiling',
  filingStarted: 'FilingStarted',
} as const;

/** Error name of the Fail state reached when a charge is never paid. */
export const PAYMENT_EXPIRED_ERROR = 'PaymentExpired';

export interface WorkflowProps {
  /**
   * One function per catalogue task. The local runtime passes `lambda.Function.fromFunctionArn(...)`
   * placeholders and only reads the synthesized definition, so nothing else may be required here.
   */
  readonly tasks: Record<WorkflowTaskName, lambda.IFunction>;
  /**
   * How long a charge may stay unpaid before the execution gives up.
   * @default Duration.days(30)
   */
  readonly paymentTimeout?: Duration;
  /**
   * Retention of the execution log group. Covers the 30-day payment wait plus time to investigate.
   * @default logs.RetentionDays.THREE_MONTHS
   */
  readonly logRetention?: logs.RetentionDays;
}

/**
 * charge → payment → filing. Input: `{ userId, contractId, chargeId }`.
 *
 * AwaitPayment hands a task token to its function (which stores it with the charge) and then waits,
 * at no cost, until the Asaas webhook calls SendTaskSuccess with that token. JSONPath only: the local
 * emulator (aws-local-stepfunctions) ignores JSONata.
 */
export class Workflow extends Construct {
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: WorkflowProps) {
    super(scope, id);

    const awaitPayment = new tasks.LambdaInvoke(this, WORKFLOW_STATES.awaitPayment, {
      lambdaFunction: props.tasks.AwaitPayment,
      integrationPattern: sfn.IntegrationPattern.WAIT_FOR_TASK_TOKEN,
      payload: sfn.TaskInput.fromObject({
        taskToken: sfn.JsonPath.taskToken,
        userId: sfn.JsonPath.stringAt('$.userId'),
        contractId: sfn.JsonPath.stringAt('$.contractId'),
        chargeId: sfn.JsonPath.stringAt('$.chargeId'),
      }),
      resultPath: '$.payment',
      taskTimeout: sfn.Timeout.duration(props.paymentTimeout ?? Duration.days(30)),
      // Explicit below, so the retry policy is readable in the definition the local runtime runs.
      retryOnServiceExceptions: false,
    });
    awaitPayment.addRetry({
      errors: LAMBDA_SERVICE_ERRORS,
      interval: Duration.seconds(2),
      maxAttempts: 6,
      backoffRate: 2,
    });

    // An unpaid charge is not a success: FAILED keeps "paid and filed" countable from the
    // ExecutionsSucceeded metric, and the error name says why.
    const paymentExpired = new sfn.Fail(this, WORKFLOW_STATES.paymentExpired, {
      error: PAYMENT_EXPIRED_ERROR,
      cause: 'A cobrança não foi paga dentro do prazo.',
    });
    awaitPayment.addCatch(paymentExpired, { errors: [sfn.Errors.TIMEOUT], resultPath: '$.error' });

    const confirmPayment = retried(
      new tasks.LambdaInvoke(this, WORKFLOW_STATES.confirmPayment, {
        lambdaFunction: props.tasks.ConfirmPayment,
        payloadResponseOnly: true,
        resultPath: '$.confirmation',
        retryOnServiceExceptions: false,
      }),
    );
    const startFiling = retried(
      new tasks.LambdaInvoke(this, WORKFLOW_STATES.startFiling, {
        lambdaFunction: props.tasks.StartFiling,
        payloadResponseOnly: true,
        resultPath: '$.filing',
        retryOnServiceExceptions: false,
      }),
    );

    const definition = awaitPayment
      .next(confirmPayment)
      .next(startFiling)
      .next(new sfn.Succeed(this, WORKFLOW_STATES.filingStarted));

    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      definitionBody: sfn.DefinitionBody.fromChainable(definition),
      stateMachineType: sfn.StateMachineType.STANDARD,
      queryLanguage: sfn.QueryLanguage.JSON_PATH,
      tracingEnabled: true,
      logs: {
        destination: new logs.LogGroup(this, 'Logs', {
          retention: props.logRetention ?? logs.RetentionDays.THREE_MONTHS,
        }),
        level: sfn.LogLevel.ALL,
        // Inputs carry ids only (user, contract, charge); no CPF or card data flows through here.
        includeExecutionData: true,
      },
    });

    const ackedInvokes = new Set<string>();
    for (const fn of Object.values(props.tasks)) {
      const finding = `AwsSolutions-IAM5[Resource::${nagRef(this, fn.functionArn)}:*]`;
      if (ackedInvokes.has(finding)) continue;
      ackedInvokes.add(finding);
      Validations.of(this.stateMachine).acknowledge({
        id: finding,
        reason:
          'LambdaInvoke grants every version/alias of one task function (<arn>:*); the wildcard never leaves that function.',
      });
    }
    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'CloudWatch Logs vended delivery (logs:*LogDelivery, DescribeLogGroups, resource policies) and X-Ray trace upload do not support resource-level permissions.',
    });
  }
}

const LAMBDA_SERVICE_ERRORS = [
  'Lambda.ClientExecutionTimeoutException',
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

/**
 * Transient failures (SES throttling, a DynamoDB hiccup) should not strand a paid customer, so any task
 * failure except a timeout is retried 3 times. Lambda retries make every task handler at-least-once:
 * they must be idempotent.
 */
function retried(task: tasks.LambdaInvoke): tasks.LambdaInvoke {
  task.addRetry({ errors: LAMBDA_SERVICE_ERRORS, interval: Duration.seconds(2), maxAttempts: 6, backoffRate: 2 });
  task.addRetry({ errors: [sfn.Errors.TASKS_FAILED], interval: Duration.seconds(5), maxAttempts: 3, backoffRate: 2 });
  return task;
}

import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '../../lambdas/shared/metric-names.js';
import { LOG_METRIC } from '../../lib/constructs/observability.js';
import { logicalId, reportedViolations, synthBaixa, type SynthesizedBaixa, type Json } from './helpers.js';

type AlarmProps = Json & {
  MetricName?: string;
  Namespace?: string;
  Dimensions?: { Name: string; Value: unknown }[];
  Threshold: number;
  ComparisonOperator: string;
  AlarmActions: unknown[];
  OKActions: unknown[];
  AlarmDescription: string;
  Metrics?: { Id: string; Expression?: string; MetricStat?: { Metric: Json } }[];
};

let s: SynthesizedBaixa;
let topicRef: Json;
let alarms: Record<string, AlarmProps>;

// Bundling skipped: the functions' code is not what these tests read (service-function.test.ts bundles).
beforeAll(() => {
  s = synthBaixa({ skipBundling: true, props: { opsEmail: 'plantao@example.com.br' } });
  topicRef = { Ref: logicalId(s.stack.observability.topic) };
  // The functions' own alarms live in a nested stack: what they reference arrives there as parameters, which the
  // stage's stack fills; read them through, so every alarm is checked against the stage's own resources.
  const nested = s.stack.observability.functionAlarms;
  const nestedTemplate = Template.fromStack(nested).toJSON() as { Resources: Record<string, { Properties: Json }> };
  const parameters = (
    s.template.toJSON().Resources as Record<string, { Properties: { Parameters?: Record<string, unknown> } }>
  )[logicalId(nested.nestedStackResource!)]!.Properties.Parameters!;
  const throughParameters = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (_key, v: unknown) => {
      const ref = (v as { Ref?: unknown } | null)?.Ref;
      return typeof ref === 'string' && ref in parameters ? parameters[ref] : v;
    });
  alarms = Object.fromEntries(
    Object.entries(s.stack.observability.alarms).map(([id, alarm]) => {
      const inNested = alarm.stack === nested;
      const resources = inNested
        ? nestedTemplate.Resources
        : (s.template.toJSON().Resources as Record<string, { Properties: Json }>);
      const properties = resources[logicalId(alarm)]!.Properties;
      return [id, (inNested ? throughParameters(properties) : properties) as AlarmProps];
    }),
  );
});

/** The alarm fires at `threshold` or more, tells the topic (and when it clears), and says why. */
function expectAlarm(id: string, threshold: number): AlarmProps {
  const alarm = alarms[id];
  expect(alarm, `alarm ${id}`).toBeDefined();
  expect(alarm!.Threshold).toBe(threshold);
  expect(alarm!.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
  expect(alarm!.AlarmActions).toEqual([topicRef]);
  expect(alarm!.OKActions).toEqual([topicRef]);
  expect(alarm!.AlarmDescription.length).toBeGreaterThan(30);
  return alarm!;
}

const productDimensions = [{ Name: 'service', Value: METRICS_SERVICE }];

describe('the alarm topic', () => {
  it('is encrypted with a rotated key CloudWatch may use, refuses plain HTTP, and e-mails -c opsEmail', () => {
    const topic = s.template.findResources('AWS::SNS::Topic');
    expect(Object.keys(topic)).toHaveLength(1);
    const [topicId, { Properties }] = Object.entries(topic)[0]! as [string, { Properties: Json }];
    const keyRef = (Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    s.template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
    expect(s.template.toJSON().Resources[keyRef].Type).toBe('AWS::KMS::Key');
    s.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
    s.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'plantao@example.com.br',
      TopicArn: { Ref: topicId },
    });
  });

  it('has no subscriber without -c opsEmail', () => {
    const plain = synthBaixa({ skipBundling: true });
    plain.template.resourceCountIs('AWS::SNS::Subscription', 0);
    plain.template.resourceCountIs('AWS::SNS::Topic', 1);
  });
});

describe('alarms', () => {
  it('dead-letter queue depth > 0', () => {
    const alarm = expectAlarm('StreamDeadLetters', 1);
    expect(alarm).toMatchObject({ Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible' });
    expect(alarm.Dimensions).toEqual([
      { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(s.stack.live.deadLetters), 'QueueName'] } },
    ]);
  });

  it('workflow executions failed (except an unpaid charge) and timed out', () => {
    expect(expectAlarm('WorkflowExecutionsFailed', 1)).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: LOG_METRIC.workflowExecutionsFailed,
    });
    s.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ ($.type = "ExecutionFailed") && ($.details.error != "PaymentExpired") }',
      MetricTransformations: [
        Match.objectLike({ MetricNamespace: METRICS_NAMESPACE, MetricName: LOG_METRIC.workflowExecutionsFailed }),
      ],
    });
    const timedOut = expectAlarm('WorkflowExecutionsTimedOut', 1);
    expect(timedOut).toMatchObject({ Namespace: 'AWS/States', MetricName: 'ExecutionsTimedOut' });
    expect(timedOut.Dimensions).toEqual([
      { Name: 'StateMachineArn', Value: { Ref: logicalId(s.stack.workflow.stateMachine) } },
    ]);
  });

  it('webhook errors: its crashes and its 500s, by route', () => {
    const alarm = expectAlarm('WebhookErrors', 1);
    const stats = alarm.Metrics!.filter((m) => m.MetricStat).map((m) => m.MetricStat!.Metric);
    expect(stats).toContainEqual(
      expect.objectContaining({
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(s.stack.api.functions.ReceiveAsaasWebhook) } }],
      }),
    );
    expect(stats).toContainEqual({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.routeFailures,
      Dimensions: expect.arrayContaining([...productDimensions, { Name: 'route', Value: 'ReceiveAsaasWebhook' }]),
    });
  });

  it('rejected webhooks', () => {
    const alarm = expectAlarm('WebhooksRejected', 5);
    expect(alarm).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: METRIC.webhooksRejected });
    expect(alarm.Dimensions).toEqual(productDimensions);
  });

  it('API 5xx rate over a minimum of requests, and throttles (API Gateway and Lambda)', () => {
    const rate = expectAlarm('Api5xxRate', 5);
    expect(rate.Metrics!.find((m) => m.Expression)?.Expression).toBe(
      'IF(requests >= 20, 100 * FILL(errors, 0) / requests, 0)',
    );
    expect(rate.Metrics!.map((m) => m.MetricStat?.Metric.MetricName).filter(Boolean)).toEqual(
      expect.arrayContaining(['Count', '5xx']),
    );
    expect(expectAlarm('ApiThrottled', 10)).toMatchObject({ MetricName: LOG_METRIC.apiThrottled });
    s.template.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ ($.status = "429") && ($.integrationRequestId = "-") }',
    });
    expect(expectAlarm('LambdaThrottles', 1)).toMatchObject({ Namespace: 'AWS/Lambda', MetricName: 'Throttles' });
  });

  it('stream iterator age over 5 minutes, for 5 minutes', () => {
    const alarm = expectAlarm('StreamIteratorAge', 300_000);
    expect(alarm).toMatchObject({ MetricName: 'IteratorAge', Statistic: 'Maximum', EvaluationPeriods: 5 });
    expect(alarm.Dimensions).toEqual([
      { Name: 'FunctionName', Value: { Ref: logicalId(s.stack.live.functions.publishChanges) } },
    ]);
  });

  it('SES bounce and complaint rates below the levels that start a review (5% and 0.1%)', () => {
    const bounce = expectAlarm('SesBounceRate', 0.04);
    const complaint = expectAlarm('SesComplaintRate', 0.0008);
    expect(bounce).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.BounceRate' });
    expect(complaint).toMatchObject({ Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate' });
    expect(bounce.Threshold).toBeLessThan(0.05);
    expect(complaint.Threshold).toBeLessThan(0.001);
  });

  it.each([
    ['AsaasUnavailable', METRIC.asaasUnavailable, 3],
    ['OrphanPayments', METRIC.orphanPayments, 1],
    ['ReconciliationDivergences', METRIC.reconciliationDivergences, 1],
    ['EmailsFailed', METRIC.emailsFailed, 5],
  ])('%s, from the functions’ own metric', (id, metricName, threshold) => {
    const alarm = expectAlarm(id, threshold);
    expect(alarm).toMatchObject({ Namespace: METRICS_NAMESPACE, MetricName: metricName, Statistic: 'Sum' });
    expect(alarm.Dimensions).toEqual(productDimensions);
  });

  it('CourtCasesUnanswered: a filed case without an answer from DataJud for two days, counted by each court sync', () => {
    const alarm = expectAlarm('CourtCasesUnanswered', 1);
    expect(alarm).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      MetricName: METRIC.courtCasesUnanswered,
      Statistic: 'Maximum',
      Period: 6 * 3600,
    });
    expect(alarm.Dimensions).toEqual(productDimensions);
  });

  it('Lambda errors of every function of the catalogue, each its own alarm', () => {
    const functions = s.template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: Match.objectLike({ STAGE: 'test' }) } },
    });
    expect(Object.keys(functions)).toHaveLength(ALL_FUNCTIONS.length);
    const watched = Object.values(alarms)
      .filter((alarm) => alarm.Namespace === 'AWS/Lambda' && alarm.MetricName === 'Errors')
      .map((alarm) => (alarm.Dimensions![0]!.Value as { Ref: string }).Ref);
    expect(watched.sort()).toEqual(Object.keys(functions).sort());
  });
});

describe('tracing and correlation', () => {
  it('turns X-Ray active tracing on for every function of the catalogue', () => {
    const functions = s.template.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: Match.objectLike({ STAGE: 'test' }) } },
    }) as Record<string, { Properties: Json }>;
    for (const fn of Object.values(functions)) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('logs the Lambda request id of each API and WebSocket call in the access log', () => {
    const stages = [
      [s.stack.api.stage, '$context.integration.requestId'],
      [s.stack.live.webSocketStage, '$context.awsEndpointRequestId'],
    ] as const;
    const resources = s.template.toJSON().Resources as Record<string, { Properties: Json }>;
    for (const [stage, variable] of stages) {
      const settings = resources[logicalId(stage)]!.Properties.AccessLogSettings as { Format: string };
      const format = JSON.parse(settings.Format) as Record<string, string>;
      expect(format).toMatchObject({ requestId: '$context.requestId', integrationRequestId: variable });
    }
  });
});

describe('the dashboard', () => {
  it('shows the funnel, route latencies, errors and throttles, webhooks and e-mails', () => {
    const [dashboard] = Object.values(s.template.findResources('AWS::CloudWatch::Dashboard')) as {
      Properties: { DashboardBody: unknown };
    }[];
    const body = JSON.stringify(s.stack.resolve(dashboard!.Properties.DashboardBody));
    for (const name of [
      METRIC.signUps,
      METRIC.profilesCreated,
      METRIC.contractsSigned,
      METRIC.chargesCreated,
      METRIC.paymentsConfirmed,
      METRIC.processesFiled,
      METRIC.removalsGranted,
      METRIC.webhooksAccepted,
      METRIC.webhooksRejected,
      METRIC.webhooksUnknownCharge,
      METRIC.emailsFailed,
    ]) {
      expect(body).toContain(`\\"${name}\\"`);
    }
    for (const text of ['p50', 'p95', 'p99', 'Throttles', '5xx', 'Bounce', 'Send', 'Funil', 'Webhooks do Asaas']) {
      expect(body).toContain(text);
    }
  });
});

it('keeps cdk-nag clean with the topic, its key and the alarms', () => {
  expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
});

import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  METRIC,
  METRICS_NAMESPACE,
  METRICS_SERVICE,
  ROUTE_DIMENSION,
  type MetricName,
} from '../../lambdas/shared/metric-names.js';
import { PAYMENT_EXPIRED_ERROR } from './workflow.js';
import type { ServiceFunction } from './service-function.js';

/**
 * Metrics made from log lines by metric filters (the rest come from the functions' EMF lines or AWS itself), in the
 * product's namespace with no dimension.
 */
export const LOG_METRIC = {
  /** A workflow execution that failed for any reason but an unpaid charge (PaymentExpired is the business's 'no'). */
  workflowExecutionsFailed: 'WorkflowExecutionsFailed',
  /** A request API Gateway refused for the stage's throttle before any function ran (429, no integration). */
  apiThrottled: 'ApiThrottled',
} as const;

export interface ObservabilityProps {
  /** Every function of the stage: each gets its own errors alarm. */
  readonly functions: readonly ServiceFunction[];
  /** The webhook function (its crashes and time-outs; its 500s are the RouteFailures metric). */
  readonly webhookFunction: ServiceFunction;
  /** The webhook's route contract id, the `route` dimension of its RouteFailures. */
  readonly webhookRouteId: string;
  /** The stream consumer (iterator age) and its dead-letter queue. */
  readonly streamConsumer: ServiceFunction;
  readonly streamDeadLetters: sqs.IQueue;
  readonly stateMachine: sfn.IStateMachine;
  /** The state machine's execution log group (level ALL): the failed-execution metric filter reads it. */
  readonly stateMachineLogs: logs.ILogGroup;
  readonly httpStage: apigwv2.HttpStage;
  /** The HTTP API's access log group (apiAccessLogFormat with integrationRequestId): the throttle filter reads it. */
  readonly apiAccessLogs: logs.ILogGroup;
  /** Functions whose latency the dashboard shows (p50/p95/p99), by a short label. */
  readonly mainRoutes: Readonly<Record<string, ServiceFunction>>;
  /**
   * An address subscribed to the alarm topic (it must confirm the subscription from the e-mail SNS sends).
   * @default - no subscription; subscribe later in the SNS console or with `-c opsEmail=`
   */
  readonly opsEmail?: string;
}

/** One alarm as the code states it: what it watches, when it fires, and why that level. */
type AlarmSpec = {
  /** Where the alarm lives: the stage's stack, or the nested stack of the functions' own alarms. */
  scope?: Construct;
  readonly id: string;
  readonly metric: cloudwatch.IMetric;
  readonly threshold: number;
  /** Why this metric and this level: becomes the alarm's description, which the e-mail and the console show. */
  readonly reason: string;
  /** @default 1 */
  readonly evaluationPeriods?: number;
};

const FIVE_MINUTES = Duration.minutes(5);

/** A count from the functions' EMF lines (dimension `service`, as Powertools writes them). */
export function productMetric(name: MetricName, options: cloudwatch.MetricOptions = {}): cloudwatch.Metric {
  return new cloudwatch.Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE, ...options.dimensionsMap },
    statistic: cloudwatch.Stats.SUM,
    period: FIVE_MINUTES,
    ...options,
  });
}

/**
 * Operating the stage: the alarm topic (e-mail to ops), every alarm with its threshold and reason, and one dashboard.
 * docs/operations.md ("Alarms") says, for each alarm, what it means, where to look and what to do.
 */
export class Observability extends Construct {
  readonly topic: sns.Topic;
  /**
   * The functions' own errors alarms, one per function, in a nested stack: CloudFormation allows 500 resources in a
   * stack, the stage's stack was at 498 with one alarm per function among them, and every new route adds eight. A
   * nested stack counts as one resource; each function name and the topic reach it as parameters (at most 200 a
   * template: room for about 190 functions). docs/decisions.md (Stack size).
   */
  readonly functionAlarms: NestedStack;
  readonly alarms: Record<string, cloudwatch.Alarm> = {};
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ObservabilityProps) {
    super(scope, id);

    // A customer managed key: CloudWatch must encrypt what it publishes, and AWS's own SNS key grants it nothing.
    // Alarm messages carry names and figures, no personal data; the key is for AwsSolutions-SNS2 and costs $1/month.
    const key = new kms.Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic; CloudWatch alarms may use it to publish.',
      enableKeyRotation: true,
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    );
    this.topic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Baixa: alarmes',
      masterKey: key,
      enforceSSL: true,
    });
    if (props.opsEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.opsEmail));

    const workflowFailed = new logs.MetricFilter(this, 'WorkflowFailedFilter', {
      logGroup: props.stateMachineLogs,
      metricNamespace: METRICS_NAMESPACE,
      metricName: LOG_METRIC.workflowExecutionsFailed,
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.type', '=', 'ExecutionFailed'),
        logs.FilterPattern.stringValue('$.details.error', '!=', PAYMENT_EXPIRED_ERROR),
      ),
      metricValue: '1',
      defaultValue: 0,
    }).metric({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES });
    const apiThrottled = new logs.MetricFilter(this, 'ApiThrottledFilter', {
      logGroup: props.apiAccessLogs,
      metricNamespace: METRICS_NAMESPACE,
      metricName: LOG_METRIC.apiThrottled,
      // Our own rate limits answer 429 too, from a function: those have an integration request id.
      filterPattern: logs.FilterPattern.all(
        logs.FilterPattern.stringValue('$.status', '=', '429'),
        logs.FilterPattern.stringValue('$.integrationRequestId', '=', '-'),
      ),
      metricValue: '1',
      defaultValue: 0,
    }).metric({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES });

    const apiRequests = props.httpStage.metricCount({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES });
    const api5xx = props.httpStage.metricServerError({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES });
    const api5xxRate = new cloudwatch.MathExpression({
      // Below 20 requests in 5 minutes a single failure is no rate: the per-function alarms cover those.
      expression: 'IF(requests >= 20, 100 * FILL(errors, 0) / requests, 0)',
      usingMetrics: { requests: apiRequests, errors: api5xx },
      label: 'API 5xx (%)',
      period: FIVE_MINUTES,
    });
    const webhookFailures = new cloudwatch.MathExpression({
      expression: 'FILL(crashes, 0) + FILL(failures, 0)',
      usingMetrics: {
        crashes: props.webhookFunction.metricErrors({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES }),
        failures: productMetric(METRIC.routeFailures, {
          dimensionsMap: { service: METRICS_SERVICE, [ROUTE_DIMENSION]: props.webhookRouteId },
        }),
      },
      label: 'Webhook: erros',
      period: FIVE_MINUTES,
    });
    const reputation = (name: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/SES',
        metricName: name,
        statistic: cloudwatch.Stats.MAXIMUM,
        period: Duration.hours(1),
      });

    const specs: AlarmSpec[] = [
      {
        id: 'StreamDeadLetters',
        metric: props.streamDeadLetters.metricApproximateNumberOfMessagesVisible({
          statistic: cloudwatch.Stats.MAXIMUM,
          period: FIVE_MINUTES,
        }),
        threshold: 1,
        reason:
          'A stream record the consumer gave up on after its retries: a status e-mail or a live update that never went out. Any one is a customer not told.',
      },
      {
        id: 'WorkflowExecutionsFailed',
        metric: workflowFailed,
        threshold: 1,
        reason:
          'A charge → payment → filing execution failed for a reason other than an unpaid charge: a paid customer may be stuck before filing, whose 7-business-day deadline keeps running.',
      },
      {
        id: 'WorkflowExecutionsTimedOut',
        metric: props.stateMachine.metricTimedOut({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES }),
        threshold: 1,
        reason:
          'An execution hit a time-out it should never reach (the payment wait ends in PaymentExpired, a failure): a customer stuck in the workflow.',
      },
      {
        id: 'WebhookErrors',
        metric: webhookFailures,
        threshold: 1,
        reason:
          'The Asaas webhook answered 500, crashed or timed out: Asaas redelivers, but after 15 failures in a row it pauses the whole queue and no payment is confirmed until it is re-enabled.',
      },
      {
        id: 'WebhooksRejected',
        metric: productMetric(METRIC.webhooksRejected),
        threshold: 5,
        reason:
          'Deliveries refused for a wrong token: one or two are a probe of the public URL; five in 5 minutes is Asaas itself being refused (a token rotated on one side only), which pauses the queue at 15.',
      },
      {
        id: 'Api5xxRate',
        metric: api5xxRate,
        threshold: 5,
        reason:
          'More than 5% of API requests failed with 5xx over 5 minutes (with at least 20 requests): customers see errors across routes.',
      },
      {
        id: 'ApiThrottled',
        metric: apiThrottled,
        threshold: 10,
        reason:
          'API Gateway refused requests over the stage throttle (50 rps, burst 100) before any function ran; ten in 5 minutes is customers turned away, not a single burst.',
      },
      {
        id: 'LambdaThrottles',
        metric: new cloudwatch.Metric({
          namespace: 'AWS/Lambda',
          metricName: 'Throttles',
          statistic: cloudwatch.Stats.SUM,
          period: FIVE_MINUTES,
        }),
        threshold: 1,
        reason:
          "Lambda refused invocations for the account's concurrency limit: requests, tasks or stream batches were not run (the account-wide figure: every function shares the limit).",
      },
      {
        id: 'StreamIteratorAge',
        metric: props.streamConsumer.metric('IteratorAge', {
          statistic: cloudwatch.Stats.MAXIMUM,
          period: Duration.minutes(1),
        }),
        threshold: 5 * 60 * 1000,
        evaluationPeriods: 5,
        reason:
          'The stream consumer is 5 minutes behind for 5 minutes: live updates and status e-mails are late, and records older than an hour go to the dead-letter queue.',
      },
      {
        id: 'SesBounceRate',
        metric: reputation('Reputation.BounceRate'),
        // SES reviews an account at 5% and may pause sending at 10%.
        threshold: 0.04,
        reason:
          'SES bounce rate at 4%, below the 5% at which SES puts the account under review: a paused sender would also stop magic links and password recovery.',
      },
      {
        id: 'SesComplaintRate',
        metric: reputation('Reputation.ComplaintRate'),
        // SES reviews an account at 0.1% and may pause sending at 0.5%.
        threshold: 0.0008,
        reason:
          'SES complaint rate at 0.08%, below the 0.1% at which SES puts the account under review: a paused sender would also stop magic links and password recovery.',
      },
      {
        id: 'AsaasUnavailable',
        metric: productMetric(METRIC.asaasUnavailable),
        threshold: 3,
        reason:
          'Calls to Asaas failed after their retries (time-outs, 429, 5xx) three times in 5 minutes: customers cannot generate a PIX or have it verified; one is a blip.',
      },
      {
        id: 'OrphanPayments',
        metric: productMetric(METRIC.orphanPayments, { period: Duration.hours(1) }),
        threshold: 1,
        reason: 'Money arrived at Asaas for no charge of ours: each one must be matched to a customer or refunded.',
      },
      {
        id: 'ReconciliationDivergences',
        metric: productMetric(METRIC.reconciliationDivergences, { period: Duration.hours(1) }),
        threshold: 1,
        reason:
          'The nightly reconciliation found a charge whose money Asaas and we disagree on and could not repair: a person decides.',
      },
      {
        id: 'CourtCasesUnanswered',
        // Each court sync run counts the filed cases DataJud has not answered about (found or not found) for two days.
        metric: productMetric(METRIC.courtCasesUnanswered, {
          period: Duration.hours(6),
          statistic: cloudwatch.Stats.MAXIMUM,
        }),
        threshold: 1,
        reason:
          'A filed case has had no answer from DataJud for two days (down, rate-limiting us, or refusing our key): customers see no court movements. A case DataJud does not know yet is an answer, not this.',
      },
      {
        id: 'EmailsFailed',
        metric: productMetric(METRIC.emailsFailed, { period: Duration.minutes(15) }),
        threshold: 5,
        reason:
          'SES refused five e-mails in 15 minutes: a sending quota, a suspended sender or a bad identity; sign-in links and status e-mails are not going out.',
      },
    ];
    this.functionAlarms = new NestedStack(this, 'FunctionAlarms', {
      description: "Each function's errors alarm (Baixa).",
    });
    for (const fn of props.functions) {
      specs.push({
        scope: this.functionAlarms,
        id: `Errors${fn.node.id}`,
        metric: fn.metricErrors({ statistic: cloudwatch.Stats.SUM, period: FIVE_MINUTES }),
        threshold: 1,
        reason: `${fn.node.path}: an invocation failed (an uncaught error, a crash, a time-out or a failed cold start).`,
      });
    }

    const action = new actions.SnsAction(this.topic);
    for (const spec of specs) {
      const alarm = new cloudwatch.Alarm(spec.scope ?? this, spec.id, {
        metric: spec.metric,
        threshold: spec.threshold,
        evaluationPeriods: spec.evaluationPeriods ?? 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        // No data is no event: counts are only written when something happens.
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
        alarmDescription: spec.reason,
      });
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms[spec.id] = alarm;
    }

    this.dashboard = this.buildDashboard(props, { api5xx, apiRequests, apiThrottled, webhookFailures });
  }

  private buildDashboard(
    props: ObservabilityProps,
    api: { api5xx: cloudwatch.IMetric; apiRequests: cloudwatch.IMetric; apiThrottled: cloudwatch.IMetric } & {
      webhookFailures: cloudwatch.IMetric;
    },
  ): cloudwatch.Dashboard {
    const day = Duration.days(1);
    const dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operacao`,
      defaultInterval: Duration.days(7),
    });
    const funnel: [MetricName, string][] = [
      [METRIC.signUps, 'Cadastros'],
      [METRIC.profilesCreated, 'Perfis'],
      [METRIC.contractsSigned, 'Contratos assinados'],
      [METRIC.chargesCreated, 'PIX gerados'],
      [METRIC.paymentsConfirmed, 'Pagos'],
      [METRIC.processesFiled, 'Peticionados'],
      [METRIC.removalsGranted, 'Baixas deferidas'],
    ];
    const latency = (fn: ServiceFunction, label: string) =>
      (['p50', 'p95', 'p99'] as const).map((stat) =>
        fn.metricDuration({ statistic: stat, period: FIVE_MINUTES, label: `${label} ${stat}` }),
      );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'Funil: cadastro → perfil → assinatura → PIX → pago → peticionado → deferido',
        view: cloudwatch.GraphWidgetView.BAR,
        setPeriodToTimeRange: true,
        left: funnel.map(([name, label]) => productMetric(name, { period: day, label })),
        width: 24,
      }),
    );
    dashboard.addWidgets(
      ...Object.entries(props.mainRoutes).map(
        ([label, fn]) => new cloudwatch.GraphWidget({ title: `Latência: ${label} (ms)`, left: latency(fn, label) }),
      ),
    );
    dashboard.addWidgets(
      new cloudwatch.GraphWidget({
        title: 'API: requisições, 5xx e limitadas',
        left: [api.apiRequests],
        right: [
          api.api5xx,
          api.apiThrottled,
          productMetric(METRIC.rateLimited, { label: 'Limite por endereço (429)' }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Lambda: erros e throttles (todas as funções)',
        left: [
          new cloudwatch.Metric({
            namespace: 'AWS/Lambda',
            metricName: 'Errors',
            statistic: 'Sum',
            period: FIVE_MINUTES,
          }),
          new cloudwatch.Metric({
            namespace: 'AWS/Lambda',
            metricName: 'Throttles',
            statistic: 'Sum',
            period: FIVE_MINUTES,
          }),
          productMetric(METRIC.streamRecordsFailed, { label: 'Registros do stream com falha' }),
          productMetric(METRIC.asaasUnavailable, { label: 'Asaas indisponível' }),
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'Webhooks do Asaas',
        left: [
          productMetric(METRIC.webhooksAccepted, { label: 'Aceitos' }),
          productMetric(METRIC.webhooksRejected, { label: 'Recusados (token)' }),
          productMetric(METRIC.webhooksUnknownCharge, { label: 'Cobrança desconhecida' }),
          api.webhookFailures,
        ],
        width: 12,
      }),
      new cloudwatch.GraphWidget({
        title: 'E-mails: enviados, entregues, bounces e reclamações',
        left: ['Send', 'Delivery', 'Bounce', 'Complaint'].map(
          (name) =>
            new cloudwatch.Metric({ namespace: 'AWS/SES', metricName: name, statistic: 'Sum', period: FIVE_MINUTES }),
        ),
        right: [productMetric(METRIC.emailsFailed, { label: 'Falhas ao enviar' })],
        width: 12,
      }),
      new cloudwatch.AlarmStatusWidget({
        title: 'Alarmes',
        alarms: Object.values(this.alarms),
        width: 24,
      }),
    );
    return dashboard;
  }
}

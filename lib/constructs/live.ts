import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { LIVE_FUNCTIONS, type LiveFunctionName } from '../../lambdas/functions.js';
import { nagRef } from '../nag.js';
import { apiAccessLogFormat } from './access-logs.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

/** The WebSocket stage's name: browsers connect to wss://<api>.execute-api.<region>.amazonaws.com/live. */
export const LIVE_STAGE = 'live';

/** Stream items the consumer acts on (lambdas/live/changes.ts); the filter spares it every other write. */
export const LIVE_STREAM_FILTERS = [
  lambda.FilterCriteria.filter({
    eventName: lambda.FilterRule.isEqual('INSERT'),
    dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual('HISTORY') } } },
  }),
  lambda.FilterCriteria.filter({
    eventName: lambda.FilterRule.or('INSERT', 'MODIFY'),
    dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual('CHARGE') } } },
  }),
  lambda.FilterCriteria.filter({
    eventName: lambda.FilterRule.isEqual('INSERT'),
    dynamodb: { NewImage: { type: { S: lambda.FilterRule.isEqual('ADMIN_ALERT') } } },
  }),
];

export interface LiveProps {
  readonly stage: string;
  /** The table, with its stream (NEW_AND_OLD_IMAGES). */
  readonly table: dynamodb.ITable;
  /** Everything the live functions' grants may point at, except `push`, which this construct provides. */
  readonly targets: Omit<GrantTargets, 'push'>;
  /**
   * Retention of the WebSocket access log (Marco Civil da Internet, art. 15: at least 6 months).
   * @default logs.RetentionDays.ONE_YEAR
   */
  readonly accessLogRetention?: logs.RetentionDays;
}

/**
 * The live channel (spec 01 §4): a WebSocket API whose $connect verifies the Cognito id token, and the one consumer of
 * the table's stream that pushes every process and charge change to the customer's open screens and sends the
 * 'status-update' e-mail, so no writer has to remember either.
 */
export class Live extends Construct {
  readonly webSocketApi: apigwv2.WebSocketApi;
  readonly webSocketStage: apigwv2.WebSocketStage;
  /** wss://… — what the SPA connects to (runtime config `liveUrl`). */
  readonly url: string;
  readonly functions: Record<LiveFunctionName, ServiceFunction>;
  /** Stream records the consumer gave up on after its retries, kept 14 days for a person to look at. */
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: LiveProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const create = (name: LiveFunctionName, targets: GrantTargets) =>
      new ServiceFunction(this, name, { entry: LIVE_FUNCTIONS[name].entry, stage: props.stage }).applyGrants(
        LIVE_FUNCTIONS[name].grants,
        targets,
      );
    const connect = create('connectLive', props.targets);
    const disconnect = create('disconnectLive', props.targets);

    this.webSocketApi = new apigwv2.WebSocketApi(this, 'WebSocketApi', {
      apiName: `${stack.stackName}-live`,
      description: `Baixa live status updates (${props.stage})`,
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', connect) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', disconnect) },
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? logs.RetentionDays.ONE_YEAR,
    });
    this.webSocketStage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.webSocketApi,
      stageName: LIVE_STAGE,
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 50 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No query string: it carries the id token.
        format: AccessLogFormat.custom(
          apiAccessLogFormat({
            connectionId: '$context.connectionId',
            // The $connect/$disconnect function's request id, on every line of its log (function_request_id).
            integrationRequestId: '$context.awsEndpointRequestId',
          }),
        ),
      },
    });
    this.url = this.webSocketStage.url;

    const push = {
      endpoint: this.webSocketStage.callbackUrl,
      connectionsArn: stack.formatArn({
        service: 'execute-api',
        resource: this.webSocketApi.apiId,
        resourceName: `${LIVE_STAGE}/POST/@connections/*`,
      }),
    };
    const publish = create('publishChanges', { ...props.targets, push });
    this.deadLetters = new sqs.Queue(this, 'PublishDeadLetters', {
      retentionPeriod: Duration.days(14),
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
    });
    publish.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: lambda.StartingPosition.LATEST,
        batchSize: 25,
        maxBatchingWindow: Duration.seconds(0),
        // A failing record is retried alone (ReportBatchItemFailures), a few times, then parked for a person.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: 5,
        maxRecordAge: Duration.hours(1),
        onFailure: new SqsDlq(this.deadLetters),
        filters: LIVE_STREAM_FILTERS,
      }),
    );
    this.functions = { connectLive: connect, disconnectLive: disconnect, publishChanges: publish };

    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue IS the dead-letter destination of the stream consumer; it has no queue of its own behind it.',
    });
    const routeReasons: Record<string, string> = {
      '$connect-Route':
        'The $connect handler verifies the Cognito id token itself (signature, issuer, audience, expiry) and refuses the connection otherwise; a Lambda authorizer would be a second function doing the same check.',
      '$disconnect-Route':
        'API Gateway runs $disconnect only for a connection that $connect accepted (and authenticated); WebSocket APIs allow authorizers on $connect alone.',
    };
    for (const [child, reason] of Object.entries(routeReasons)) {
      Validations.of(this.webSocketApi.node.findChild(child)).acknowledge({ id: 'AwsSolutions-APIG4', reason });
    }
    Validations.of(publish).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          "dynamodb:ListStreams, added by the DynamoDB event source mapping, supports no resource-level permission; the stream reads themselves are scoped to this table's stream.",
      },
      {
        id: `AwsSolutions-IAM5[Resource::${nagRef(this, push.connectionsArn)}]`,
        reason:
          'Connection ids are made by API Gateway at run time; the wildcard covers POST to the connections of this one API and stage.',
      },
    );
  }
}

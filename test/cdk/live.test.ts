// Live: the table stream, the WebSocket API and its functions.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/grants.js';
import { asArray, logicalId, type SynthesizedBaixa } from './helpers.js';
import { stage, type Json, resources, statementsOf } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('Live', () => {
  it('the table streams new and old images', () => {
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('a WebSocket API with $connect and $disconnect only, on an access-logged, throttled stage "live"', () => {
    const apiRef = { Ref: logicalId(s.stack.live.webSocketApi) };
    const routes = Object.values(resources('AWS::ApiGatewayV2::Route')).filter(
      (r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify(apiRef),
    );
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$disconnect']);
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: apiRef,
      StageName: 'live',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.not(Match.stringLikeRegexp('querystring')) },
    });
  });

  it('the consumer reads the table stream, only history inserts, charge changes and admin alerts, reporting item failures', () => {
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(s.stack.live.functions.publishChanges) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack.data.table), 'StreamArn'] },
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(s.stack.live.deadLetters), 'Arn'] } } },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['HISTORY'] } } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: { NewImage: { type: { S: ['CHARGE'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { type: { S: ['ADMIN_ALERT'] } } },
            }),
          },
        ],
      },
    });
  });

  it('the consumer may post only to this API’s live connections; $connect knows the pool and the SPA client', () => {
    const manage = statementsOf(s.stack.live.functions.publishChanges).filter((st) =>
      asArray(st.Action as string[]).includes('execute-api:ManageConnections'),
    );
    expect(manage).toHaveLength(1);
    expect(JSON.stringify(manage[0]!.Resource)).toContain(logicalId(s.stack.live.webSocketApi));
    expect(JSON.stringify(manage[0]!.Resource)).toContain('/live/POST/@connections/*');
    const env = (
      resources('AWS::Lambda::Function')[logicalId(s.stack.live.functions.connectLive)]!.Properties.Environment as {
        Variables: Json;
      }
    ).Variables;
    expect(env[ENV.tokenAudience]).toEqual({ Ref: logicalId(s.stack.auth.client) });
    expect(JSON.stringify(env[ENV.tokenIssuer])).toContain('https://cognito-idp.');
  });
});

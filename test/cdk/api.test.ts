// The HTTP API: one route per catalogue contract, its authorizer, stage and timeouts.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../lambdas/functions.js';
import { logicalId, type SynthesizedBaixa } from './helpers.js';
import { stage, resources } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('API routes come from the catalogue', () => {
  const routeByKey = () =>
    Object.fromEntries(
      Object.values(resources('AWS::ApiGatewayV2::Route'))
        .filter((r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: logicalId(s.stack.api.httpApi) }))
        .map((r) => [r.Properties.RouteKey, r.Properties]),
    );

  it('has exactly one route per catalogue entry', () => {
    expect(Object.keys(routeByKey()).sort()).toEqual(
      API_ROUTES.map((r) => `${r.contract.method} ${r.contract.path}`).sort(),
    );
  });

  it.each(API_ROUTES.map((r) => [r.contract.id, r.contract] as const))(
    '%s: JWT authorizer iff access is customer/admin',
    (_id, route) => {
      const props = routeByKey()[`${route.method} ${route.path}`]!;
      if (route.access === 'public') {
        expect(props.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      } else {
        expect(props.AuthorizationType).toBe('JWT');
        const [authorizerId] = Object.keys(resources('AWS::ApiGatewayV2::Authorizer'));
        expect(props.AuthorizerId).toEqual({ Ref: authorizerId });
      }
    },
  );

  it('routes each path to its own function', () => {
    const integrations = resources('AWS::ApiGatewayV2::Integration');
    for (const { contract: route } of API_ROUTES) {
      const target = routeByKey()[`${route.method} ${route.path}`]!.Target as { 'Fn::Join': [string, unknown[]] };
      const integrationRef = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
      expect(integrations[integrationRef]!.Properties.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalId(s.stack.api.functions[route.id]), 'Arn'],
      });
    }
  });

  it('the JWT authorizer trusts only this pool and the SPA client', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(s.stack.auth.client) }],
        Issuer: {
          'Fn::Join': [
            '',
            Match.arrayWith([
              Match.stringLikeRegexp('^https://cognito-idp\\.'),
              { Ref: logicalId(s.stack.auth.userPool) },
            ]),
          ],
        },
      },
    });
  });

  it('answers no CORS (browsers reach it through the site origin) and has a throttled, access-logged stage "api"', () => {
    const api = resources('AWS::ApiGatewayV2::Api')[logicalId(s.stack.api.httpApi)]!;
    expect(api.Properties.ProtocolType).toBe('HTTP');
    expect(api.Properties.CorsConfiguration).toBeUndefined();
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: logicalId(s.stack.api.httpApi) },
      StageName: 'api',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
  });

  it('has no template parameter: secrets live in Secrets Manager', () => {
    expect(s.template.toJSON().Parameters ?? {}).not.toHaveProperty('AsaasWebhookToken');
  });
});

it('a payment route runs no longer than API Gateway waits, nor than the charge claim it holds', async () => {
  const { CHARGE_CLAIM_SECONDS } = await import('../../lambdas/shared/data/charge-creation.js');
  for (const route of API_ROUTES) {
    const timeout = resources('AWS::Lambda::Function')[logicalId(s.stack.api.functions[route.contract.id])]!.Properties
      .Timeout as number;
    expect(timeout, route.contract.id).toBeLessThan(30);
  }
  const createCharge = resources('AWS::Lambda::Function')[logicalId(s.stack.api.functions.CreateCharge)]!;
  expect(createCharge.Properties.Timeout).toBeLessThan(CHARGE_CLAIM_SECONDS);
});

import { beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_MESSAGES } from '../../domain/messages.js';
import { WEBHOOK_THROTTLE } from '../../lambdas/functions.js';
import { SIGN_IN_OPERATIONS } from '../../lib/constructs/firewall.js';
import { EDGE_REGION } from '../../lib/edge-stack.js';
import { synthBaixa, type SynthesizedBaixa, type Json } from './helpers.js';

type Rule = { Name: string; Priority: number; Action?: Json; OverrideAction?: Json; Statement: Json };

let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({ env: { account: '123456789012', region: 'sa-east-1' }, skipBundling: true });
});

function webAcl(template: SynthesizedBaixa['template'], scope: 'CLOUDFRONT' | 'REGIONAL') {
  const acls = Object.values(template.findResources('AWS::WAFv2::WebACL')) as { Properties: Json }[];
  const found = acls.filter((acl) => acl.Properties.Scope === scope);
  expect(found).toHaveLength(1);
  return found[0]!.Properties as Json & { Rules: Rule[] };
}

const byName = (rules: Rule[]) => Object.fromEntries(rules.map((rule) => [rule.Name, rule]));
const rate = (rule: Rule | undefined) => (rule?.Statement as { RateBasedStatement: Json }).RateBasedStatement;

describe('the CloudFront web ACL (edge stack, us-east-1)', () => {
  it('lives in us-east-1, in its own stack, and the distribution names it across regions', () => {
    expect(s.edge.region).toBe(EDGE_REGION);
    expect(s.stack.region).toBe('sa-east-1');
    const distribution = Object.values(s.template.findResources('AWS::CloudFront::Distribution'))[0] as {
      Properties: { DistributionConfig: Json };
    };
    // A cross-region reference: read at deploy from the parameter the edge stack writes.
    expect(JSON.stringify(distribution.Properties.DistributionConfig.WebACLId)).toMatch(/ExportsReader/);
    s.template.resourceCountIs('Custom::CrossRegionExportReader', 1);
  });

  it('rate-limits the public routes, the webhook and the whole API per address, answering a pt-BR 429', () => {
    const acl = webAcl(s.edgeTemplate, 'CLOUDFRONT');
    const rules = byName(acl.Rules);
    expect(rate(rules.RateLimitPublicRoutesPerAddress)).toMatchObject({
      Limit: 112,
      AggregateKeyType: 'IP',
      EvaluationWindowSec: 300,
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/public/', PositionalConstraint: 'STARTS_WITH' } },
    });
    expect(rate(rules.RateLimitAsaasWebhookPerAddress)).toMatchObject({
      Limit: 1000,
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/webhooks/asaas' } },
    });
    expect(rate(rules.RateLimitApiPerAddress)).toMatchObject({ Limit: 1500 });
    // Every provider's webhook (Asaas, WhatsApp) is out of the per-address API limit: its senders share few addresses.
    expect(JSON.stringify(rate(rules.RateLimitApiPerAddress))).toContain('"SearchString":"/api/webhooks/"');
    for (const name of [
      'RateLimitPublicRoutesPerAddress',
      'RateLimitAsaasWebhookPerAddress',
      'RateLimitApiPerAddress',
    ]) {
      expect(rules[name]!.Action).toEqual({
        Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'tooManyRequests' } },
      });
    }
    const body = (acl.CustomResponseBodies as Record<string, { Content: string; ContentType: string }>)
      .tooManyRequests!;
    expect(body.ContentType).toBe('APPLICATION_JSON');
    expect(JSON.parse(body.Content)).toEqual({
      code: 'too_many_requests',
      message: RATE_LIMIT_MESSAGES.tooManyRequests,
    });
  });

  it('refuses a webhook call without an Asaas-sized token before it reaches the route', () => {
    const rule = byName(webAcl(s.edgeTemplate, 'CLOUDFRONT').Rules).BlockWebhookWithoutAsaasToken!;
    expect(rule.Priority).toBe(0);
    expect(rule.Action).toEqual({ Block: {} });
    expect(JSON.stringify(rule.Statement)).toContain('"Name":"asaas-access-token"');
    expect(JSON.stringify(rule.Statement)).toContain('"Size":32');
  });

  it('runs the managed rule groups, none of them able to refuse a webhook delivery (Asaas, WhatsApp) but Known Bad Inputs', () => {
    const rules = byName(webAcl(s.edgeTemplate, 'CLOUDFRONT').Rules);
    const managed = (name: string) =>
      (rules[`AWS-${name}`]!.Statement as { ManagedRuleGroupStatement: Json }).ManagedRuleGroupStatement;
    for (const name of ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesAmazonIpReputationList']) {
      expect(managed(name)).toMatchObject({ VendorName: 'AWS', Name: name });
      expect(managed(name).ScopeDownStatement).toMatchObject({
        NotStatement: { Statement: { ByteMatchStatement: { SearchString: '/api/webhooks/' } } },
      });
      expect(rules[`AWS-${name}`]!.OverrideAction).toEqual({ None: {} });
    }
    expect(managed('AWSManagedRulesKnownBadInputsRuleSet').ScopeDownStatement).toBeUndefined();
    // Bodies are small JSON everywhere the common rules look: its 8 KB body limit still blocks.
    expect(managed('AWSManagedRulesCommonRuleSet').RuleActionOverrides).toBeUndefined();
  });
});

describe('sign-in at Cognito (regional web ACL on the user pool)', () => {
  it('rate-limits the sign-in, sign-up and recovery operations per address and is attached to the pool', () => {
    const acl = webAcl(s.template, 'REGIONAL');
    const rule = byName(acl.Rules).RateLimitSignInPerAddress!;
    expect(rate(rule)).toMatchObject({ Limit: 100, AggregateKeyType: 'IP' });
    const targets = JSON.stringify(rate(rule).ScopeDownStatement);
    for (const operation of SIGN_IN_OPERATIONS) {
      expect(targets).toContain(`awscognitoidentityproviderservice.${operation.toLowerCase()}`);
    }
    expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429 } } });
    const pool = Object.keys(s.template.findResources('AWS::Cognito::UserPool'))[0]!;
    s.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [pool, 'Arn'] },
    });
  });
});

describe('the webhook route throttle', () => {
  it('gives POST /webhooks/asaas a bucket of its own, below the stage default', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      RouteSettings: {
        'POST /webhooks/asaas': {
          ThrottlingRateLimit: WEBHOOK_THROTTLE.rateLimit,
          ThrottlingBurstLimit: WEBHOOK_THROTTLE.burstLimit,
        },
      },
    });
    expect(WEBHOOK_THROTTLE.rateLimit).toBeLessThan(50);
    const stage = Object.values(s.template.findResources('AWS::ApiGatewayV2::Stage'))[0] as { DependsOn?: string[] };
    const route = Object.entries(s.template.findResources('AWS::ApiGatewayV2::Route')).find(
      ([, r]) => (r as { Properties: Json }).Properties.RouteKey === 'POST /webhooks/asaas',
    )![0];
    expect(stage.DependsOn).toContain(route);
  });
});

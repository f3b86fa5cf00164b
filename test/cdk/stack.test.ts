// The stage as a whole: cdk-nag, a deployable template, its outputs.
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { API_ROUTES } from '../../lambdas/functions.js';
import { ENV } from '../../lambdas/grants.js';
import { routeAreaOf } from '../../lib/constructs/api.js';
import { reportedViolations, synthBaixa, TEST_COMPANY, type SynthesizedBaixa } from './helpers.js';
import { stage } from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

describe('cdk-nag (AwsSolutions)', () => {
  it('leaves no unacknowledged error or warning in the validation report', () => {
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });

  it('agrees when run directly on the construct tree (the plugin really ran with our acknowledgements)', () => {
    const report = s.nag.validateScope(s.app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('Template', () => {
  // Template.fromStack (beforeAll) throws "Template is undeployable" on a resource dependency cycle,
  // e.g. if the API's CORS origins named the distribution, which names the API in its CSP.
  it('has no circular dependency between resources (SPA URL ↔ user pool ↔ API ↔ distribution)', () => {
    expect(Object.keys(s.template.toJSON().Resources as object).length).toBeGreaterThan(0);
  });
});

describe('Outputs', () => {
  it.each(['AppUrl', 'ApiUrl', 'LiveUrl', 'UserPoolId', 'UserPoolClientId', 'TableName', 'StateMachineArn'])(
    '%s',
    (name) => {
      s.template.hasOutput(name, { Value: Match.anyValue() });
    },
  );
});

describe('Company identity', () => {
  it('refuses a prod synth with the example identity, naming each field to set and where', () => {
    expect(() => synthBaixa({ stage: 'prod', company: EXAMPLE_COMPANY, skipBundling: true })).toThrow(
      'Stage "prod" still has example company identity values in test/cdk/helpers.ts: set legalName, cnpj, address, lawyers, supportEmail, whatsappNumber, phoneNumber, pixPayeeName in config/company/prod.json (or -c companyFile=<path>)',
    );
  });

  it('gives every e-mailing function the stage’s identity, and the Cognito messages too', () => {
    const functions = s.template.findResources('AWS::Lambda::Function') as Record<
      string,
      { Properties: { Environment?: { Variables?: Record<string, unknown> } } }
    >;
    const identities = Object.values(functions)
      .map((fn) => fn.Properties.Environment?.Variables?.[ENV.company])
      .filter((value) => value !== undefined);
    expect(identities.length).toBeGreaterThan(5);
    for (const identity of identities) expect(JSON.parse(identity as string)).toEqual(TEST_COMPANY);
  });
});

describe('stack size (CloudFormation: at most 500 resources a stack)', () => {
  const resourceCount = (template: { toJSON(): unknown }) =>
    Object.keys((template.toJSON() as { Resources: object }).Resources).length;

  it('keeps the stage’s own stack well under the limit, with room for the routes to come', () => {
    expect(resourceCount(s.rootTemplate)).toBeLessThan(400);
  });

  it('puts each area’s route functions in a nested stack of their own, each under the limit', () => {
    const areaStacks = new Map<string, Stack>();
    for (const route of API_ROUTES) {
      const fn = s.stack.api.functions[route.contract.id];
      const stack = Stack.of(fn);
      expect(stack.nested, `${route.contract.id} is in a nested stack`).toBe(true);
      expect(stack.node.id).toBe(
        `${routeAreaOf(route.entry).replace(/(^|-)([a-z0-9])/g, (_, _d, c: string) => c.toUpperCase())}Routes`,
      );
      areaStacks.set(stack.node.path, stack);
    }
    expect(areaStacks.size).toBeGreaterThan(1);
    for (const stack of areaStacks.values()) {
      expect(resourceCount(Template.fromStack(stack)), stack.node.path).toBeLessThan(450);
    }
  });
});

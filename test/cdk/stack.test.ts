// The stage as a whole: cdk-nag, a deployable template, its outputs.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { reportedViolations, type SynthesizedBaixa } from './helpers.js';
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

import { describe, expect, it } from 'vitest';
import { reportedViolations, synthBaixa } from './helpers.js';

// Some finding ids embed ARNs, which read differently once account/region are known (partition and
// region become literals). `cdk synth` offline knows no account (its region defaults to sa-east-1, as the edge stack is
// read across regions), a deploy knows both: all must be clean, the us-east-1 edge stack included. Bundling is skipped here as in stage.ts; service-function.test.ts bundles.
describe.each([
  ['no account, default region (offline synth)', undefined],
  ['sa-east-1 with an account (deploy)', { account: '123456789012', region: 'sa-east-1' }],
  ['us-east-1 without an account (CLI default region)', { region: 'us-east-1' }],
])('cdk-nag is clean: %s', (_name, env) => {
  it('has no unacknowledged AwsSolutions finding', () => {
    const s = synthBaixa({ env, skipBundling: true });
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { reportedViolations, synthBaixa } from './helpers.js';

// Some finding ids embed ARNs, which read differently once account/region are known (partition and
// region become literals). `cdk synth` offline is environment-agnostic, a deploy is not: both must be
// clean. Bundling is skipped here; baixa-stack.test.ts covers the bundled synth.
describe.each([
  ['environment-agnostic (offline synth)', undefined],
  ['sa-east-1 with an account (deploy)', { account: '123456789012', region: 'sa-east-1' }],
  ['us-east-1 without an account (CLI default region)', { region: 'us-east-1' }],
])('cdk-nag is clean: %s', (_name, env) => {
  it('has no unacknowledged AwsSolutions finding', () => {
    const s = synthBaixa({ env, skipBundling: true });
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });
});

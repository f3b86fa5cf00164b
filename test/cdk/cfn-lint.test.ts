// AWS's own CloudFormation linter on every template the stage synthesizes (the stage's stack, its nested stacks, the
// edge stack): no error, and each warning kept is acknowledged here with its reason.
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stage } from './stage.js';

/** cfn-lint is a Python tool (`pip install cfn-lint`); machines without it skip, and `.ci/run` refuses to run without it. */
const cfnLintVersion = (() => {
  const probe = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' });
  return probe.status === 0 ? probe.stdout.trim() : undefined;
})();
if (!cfnLintVersion) {
  console.warn('cfn-lint is not installed: the CloudFormation lint test is SKIPPED (CI requires it: see .ci/run).');
}

type Finding = {
  Filename: string;
  Level: 'Error' | 'Warning' | 'Informational';
  Message: string;
  Rule: { Id: string };
  Location: { Path: (string | number)[] };
};

/** Warnings kept on purpose: the rule, which findings (by the message), and why. */
const ACKNOWLEDGED: readonly { rule: string; message: RegExp; reason: string }[] = [
  {
    rule: 'W3005',
    message: /dependency already enforced by a 'GetAtt'/,
    reason:
      'CDK makes every function depend on its role and default policy explicitly, so the policy exists before the function is invoked; the extra DependsOn changes nothing in the deployment order.',
  },
  {
    rule: 'W3045',
    message: /'AccessControl' is a legacy property/,
    reason:
      "The access-log bucket (lib/constructs/access-logs.ts) receives CloudFront's standard logs, which are delivered through the bucket's ACL (log-delivery-write): a bucket policy cannot grant it.",
  },
];

describe.skipIf(!cfnLintVersion)(`cfn-lint (${cfnLintVersion ?? 'absent'})`, () => {
  it('finds no error and only acknowledged warnings in any synthesized template', () => {
    const { outdir } = stage();
    const templates = readdirSync(outdir).filter((name) => name.endsWith('.template.json'));
    expect(templates.some((name) => name.includes('.nested.'))).toBe(true);
    expect(templates.some((name) => name.startsWith('BaixaEdge'))).toBe(true);

    // Exit code 0 = clean, 2/4/8 = errors/warnings/informational found: the JSON says which.
    let output: string;
    try {
      output = execFileSync('cfn-lint', ['--format', 'json', ...templates], { cwd: outdir, encoding: 'utf8' });
    } catch (error) {
      output = (error as { stdout?: string }).stdout ?? '';
      if (!output) throw error;
    }
    const findings = JSON.parse(output) as Finding[];
    const describe = (f: Finding) => `${f.Level} ${f.Rule.Id} ${f.Filename} ${f.Location.Path.join('/')}: ${f.Message}`;

    expect(findings.filter((f) => f.Level === 'Error').map(describe)).toEqual([]);
    const unacknowledged = findings.filter(
      (f) => !ACKNOWLEDGED.some((ack) => ack.rule === f.Rule.Id && ack.message.test(f.Message)),
    );
    expect(unacknowledged.map(describe)).toEqual([]);
  }, 180_000);

  it('reads the templates it is given (a broken template is an error)', () => {
    const { outdir } = stage();
    const probe = spawnSync('cfn-lint', ['--format', 'json', '-'], {
      cwd: outdir,
      encoding: 'utf8',
      input: JSON.stringify({ Resources: { Broken: { Type: 'AWS::S3::Bucket', Properties: { NoSuchProperty: 1 } } } }),
    });
    const findings = JSON.parse(probe.stdout) as Finding[];
    expect(findings.some((f) => f.Level === 'Error')).toBe(true);
  });
});

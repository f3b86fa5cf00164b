import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

/**
 * Registers the AWS Solutions rules as a policy-validation plugin (cdk-nag 3; the v2 Aspects API
 * crashes). Unacknowledged errors fail `cdk synth`; the full result is written to
 * `<cdk.out>/validation-report.json`. Shared by bin/app.ts and the CDK tests so both check the same.
 */
export function addNagChecks(app: App): AwsSolutionsChecks {
  const checks = new AwsSolutionsChecks(app);
  Validations.of(app).addPlugins(checks);
  return checks;
}

/**
 * Renders a (possibly tokenised) ARN the way cdk-nag names it in finding ids, e.g.
 * `<DataTable1234.Arn>/index/*`, so an acknowledgement can name one exact finding
 * (`AwsSolutions-IAM5[Resource::<DataTable1234.Arn>/index/*]`) instead of the whole rule.
 * Mirrors cdk-nag's own flattenCfnReference (Fn::Join / Fn::Sub / Fn::GetAtt / Ref).
 */
export function nagRef(scope: IConstruct, value: string): string {
  return flatten(Stack.of(scope).resolve(value));
}

function flatten(node: unknown): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node.replace(/\${/g, '<').replace(/}/g, '>');
  if (typeof node === 'object' && node !== null) {
    const o = node as Record<string, unknown>;
    if (o['Fn::Join']) {
      const [delimiter, items] = o['Fn::Join'] as [string, unknown[]];
      return items.map(flatten).join(delimiter);
    }
    if (o['Fn::Sub']) return flatten(o['Fn::Sub']);
    if (o['Fn::GetAtt']) {
      const [resource, attribute] = o['Fn::GetAtt'] as [unknown, unknown];
      return `<${flatten(resource)}.${flatten(attribute)}>`;
    }
    if (o['Fn::ImportValue']) return flatten(o['Fn::ImportValue']);
    if (o.Ref) return `<${flatten(o.Ref)}>`;
  }
  return JSON.stringify(node);
}

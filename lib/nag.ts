import { CfnElement, Names, Stack, Validations, type App } from 'aws-cdk-lib';
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
  const stack = Stack.of(scope);
  return flatten(stack.nested ? asSeenFromNested(stack, stack.resolve(value)) : stack.resolve(value));
}

/**
 * In a nested stack, a resource of its parent arrives as a parameter (`Ref: referenceto<unique id><attribute>`, CDK's
 * naming in core/lib/private/refs), and cdk-nag names the finding by that parameter: so each `Ref` or `Fn::GetAtt` of
 * a parent's resource becomes the `Ref` of that parameter.
 */
function asSeenFromNested(stack: Stack, resolved: unknown): unknown {
  const parent = stack.nestedStackParent!;
  const byLogicalId = new Map<string, CfnElement>();
  for (const construct of parent.node.findAll()) {
    if (CfnElement.isCfnElement(construct) && Stack.of(construct) === parent) {
      byLogicalId.set(parent.resolve(construct.logicalId) as string, construct);
    }
  }
  const parameter = (logicalId: string, attribute: string) => {
    const target = byLogicalId.get(logicalId);
    if (!target) return undefined;
    return { Ref: `referenceto${Names.nodeUniqueId(target.node)}${attribute}`.replace(/[^A-Za-z0-9]/g, '') };
  };
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const o = node as Record<string, unknown>;
    if (typeof o.Ref === 'string') return parameter(o.Ref, 'Ref') ?? node;
    const getAtt = o['Fn::GetAtt'];
    if (Array.isArray(getAtt) && typeof getAtt[0] === 'string' && typeof getAtt[1] === 'string') {
      return parameter(getAtt[0], getAtt[1]) ?? node;
    }
    return Object.fromEntries(Object.entries(o).map(([key, item]) => [key, walk(item)]));
  };
  return walk(resolved);
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

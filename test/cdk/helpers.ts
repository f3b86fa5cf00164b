import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, CfnElement, NestedStack, Stack, type Environment } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import type { CompanyIdentity } from '../../domain/company.js';
import { addBaixaStage } from '../../lib/baixa-app.js';
import type { BaixaStack, BaixaStackProps } from '../../lib/baixa-stack.js';
import type { BaixaEdgeStack } from '../../lib/edge-stack.js';
import { addNagChecks } from '../../lib/nag.js';
import { REPO_ROOT } from '../../lib/paths.js';

export type Json = Record<string, unknown>;

/** The feature flags of cdk.json, so tests synthesize what `cdk synth` synthesizes. */
export function cdkJsonContext(): Json {
  return (JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Json }).context;
}

/** A folder for a synth's output, inside the cdk run's own temporary folder (global-setup.ts), which the run removes. */
function throwawayDir(prefix: string): string {
  return mkdtempSync(join(process.env.CDK_TEST_TMP ?? tmpdir(), prefix));
}

/** A throwaway prebuilt "SPA", so stack tests never run Vite. */
export function fakeSiteDir(): string {
  const dir = throwawayDir('baixa-site-');
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>teste</title>');
  return dir;
}

export type SynthesizedBaixa = {
  app: App;
  stack: BaixaStack;
  /**
   * The stage as one template: the stage's stack with its nested stacks' resources folded in (`flattenNestedStacks`),
   * so a test reads a function's role or a route's integration wherever the resource lives.
   */
  template: Template;
  /** The stage's own stack alone, as CloudFormation counts it (its resource limit). */
  rootTemplate: Template;
  /** The stage's us-east-1 stack: the CloudFront web ACL. */
  edge: BaixaEdgeStack;
  edgeTemplate: Template;
  outdir: string;
  nag: ReturnType<typeof addNagChecks>;
};

/**
 * A company identity with no example value left (domain/company.ts), as a real stage's config file holds it: the test
 * stage is not `dev`, so it must pass the same check a production synth does.
 */
export const TEST_COMPANY: CompanyIdentity = {
  brand: 'Limpa Nome',
  legalName: 'Empresa de Teste Intermediação Ltda.',
  cnpj: '11.222.333/0001-81',
  address: 'Rua de Teste, 1, Centro, São Lourenço/MG, CEP 37470-000',
  jurisdiction: 'São Lourenço/MG',
  lawyers: [{ name: 'Dr. Teste Advogado', oab: 'OAB/MG 123.456' }],
  supportEmail: 'suporte@teste.com.br',
  whatsappDisplay: '(35) 99999-1234',
  whatsappNumber: '5535999991234',
  phoneDisplay: '(35) 3333-1234',
  phoneNumber: '553533331234',
  pixPayeeName: 'EMPRESA DE TESTE INTERMEDIACAO',
  fiscal: {
    municipalServiceCode: '17.14',
    municipalServiceName: 'Advocacia',
    issRate: 2,
    retainIss: false,
    serviceDescription: 'Intermediação de pedido judicial de baixa temporária — protocolo {protocolo}.',
  },
};

type SynthOptions = {
  stage?: string;
  /** @default TEST_COMPANY */
  company?: CompanyIdentity;
  env?: Environment;
  skipBundling?: boolean;
  /** Optional stage settings (marketing ids, URLs) as bin/app.ts passes them from the CDK context. */
  props?: Partial<Pick<BaixaStackProps, 'metaPixelId' | 'googleAds' | 'googleAdsApiUrl' | 'opsEmail' | 'siteUrl'>>;
};

/**
 * One synth per set of options for the whole cdk project (its files share one module graph, vitest.config.ts): a
 * synth of the whole stage takes seconds, and tests only read it. Tests must not add constructs to a cached stage.
 */
const synthesized = new Map<string, SynthesizedBaixa>();

/** Synthesizes (once) the real stage exactly as bin/app.ts wires it; see `synthesizeBaixa`. */
export function synthBaixa(options: SynthOptions = {}): SynthesizedBaixa {
  const key = JSON.stringify(options);
  let cached = synthesized.get(key);
  if (!cached) synthesized.set(key, (cached = synthesizeBaixa(options)));
  return cached;
}

/**
 * Synthesizes the real stage exactly as bin/app.ts wires it (same stack, same nag plugin). Nag errors
 * are collected in validation-report.json instead of thrown, so one test can list them all.
 */
function synthesizeBaixa(options: SynthOptions): SynthesizedBaixa {
  const stage = options.stage ?? 'test';
  const outdir = throwawayDir('baixa-cdk-');
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext(),
      stage,
      '@aws-cdk/core:failSynthOnValidationErrors': false,
      // No stack selected for bundling = no esbuild runs (what `cdk synth -e OtherStack` does).
      ...(options.skipBundling ? { 'aws:cdk:bundling-stacks': [] } : {}),
    },
  });
  const { stack, edge } = addBaixaStage(app, {
    stage,
    env: options.env,
    senderEmail: 'nao-responda@example.com',
    company: { identity: options.company ?? TEST_COMPANY, source: 'test/cdk/helpers.ts' },
    siteAssetPath: fakeSiteDir(),
    ...options.props,
  });
  const nag = addNagChecks(app);
  app.synth();
  const rootTemplate = Template.fromStack(stack);
  return {
    app,
    stack,
    template: Template.fromJSON(flattenNestedStacks(stack), { skipCyclicalDependenciesCheck: true }),
    rootTemplate,
    edge,
    edgeTemplate: Template.fromStack(edge),
    outdir,
    nag,
  };
}

export function logicalId(construct: IConstruct): string {
  const element = CfnElement.isCfnElement(construct) ? construct : construct.node.defaultChild;
  if (!element || !CfnElement.isCfnElement(element)) throw new Error(`${construct.node.path} has no CFN element`);
  return Stack.of(construct).resolve((element as CfnElement).logicalId) as string;
}

/** Statements of every AWS::IAM::Policy attached to the given role logical id. */
export function policyStatementsOfRole(template: Template, roleLogicalId: string): Json[] {
  const policies = template.findResources('AWS::IAM::Policy') as Record<string, { Properties: Json }>;
  return Object.values(policies)
    .filter((p) => (p.Properties.Roles as Json[]).some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Json[] }).Statement);
}

export const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

export type AslState = Json & { Type: string };
export type Asl = { StartAt: string; States: Record<string, AslState>; QueryLanguage?: string };

/** Parses a DefinitionString (Fn::Join of literals and intrinsics) into ASL, intrinsics as "<token>". */
export function parseDefinition(definitionString: unknown): Asl {
  if (typeof definitionString === 'string') return JSON.parse(definitionString) as Asl;
  const [delimiter, parts] = (definitionString as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return JSON.parse(parts.map((p) => (typeof p === 'string' ? p : '<token>')).join(delimiter)) as Asl;
}

type ReportViolation = { ruleName: string; severity: string; violatingConstructs: { constructPath: string }[] };
type Report = { pluginReports: { pluginName: string; violations: ReportViolation[] }[] };

/** Unacknowledged findings of one plugin in `<outdir>/validation-report.json`, as "rule @ path" lines. */
export function reportedViolations(outdir: string, pluginName: string): string[] {
  const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8')) as Report;
  return report.pluginReports
    .filter((r) => r.pluginName === pluginName)
    .flatMap((r) => r.violations)
    .flatMap((v) => v.violatingConstructs.map((c) => `${v.severity} ${v.ruleName} @ ${c.constructPath}`));
}

type CfnTemplate = { Resources: Record<string, Json>; Outputs?: Record<string, { Value: unknown }> } & Json;

/**
 * A stack's template with every nested stack's resources folded in, as if they lived in the stack itself: inside a
 * nested template, a parameter's `Ref` becomes the value its parent passes; in the parent, a nested stack's output
 * (`Fn::GetAtt: [<nested>, Outputs.X]`) becomes the output's value. The nested stack resources themselves stay.
 */
export function flattenNestedStacks(stack: Stack): Json {
  const own = Template.fromStack(stack).toJSON() as CfnTemplate;
  const nestedStacks = stack.node
    .findAll()
    .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack);
  const outputsByResource = new Map<string, Record<string, unknown>>();
  const resources: Record<string, Json> = { ...own.Resources };
  for (const nested of nestedStacks) {
    const resourceId = logicalId(nested.nestedStackResource!);
    const passed = ((own.Resources[resourceId]!.Properties as Json).Parameters ?? {}) as Record<string, unknown>;
    const folded = substitute(flattenNestedStacks(nested), (value) => {
      const ref = refOf(value);
      return ref !== undefined && ref in passed ? { value: passed[ref] } : undefined;
    }) as CfnTemplate;
    Object.assign(resources, folded.Resources);
    outputsByResource.set(
      resourceId,
      Object.fromEntries(Object.entries(folded.Outputs ?? {}).map(([name, output]) => [name, output.Value])),
    );
  }
  // Outputs of nested stacks may refer to other nested stacks' outputs (one level per pass): resolve until stable.
  let flat: Json = { ...own, Resources: resources };
  for (let pass = 0; pass < 3; pass++) {
    flat = substitute(flat, (value) => {
      const getAtt = (value as { 'Fn::GetAtt'?: unknown })['Fn::GetAtt'];
      if (!Array.isArray(getAtt) || typeof getAtt[1] !== 'string' || !getAtt[1].startsWith('Outputs.'))
        return undefined;
      const outputs = outputsByResource.get(getAtt[0] as string);
      const name = getAtt[1].slice('Outputs.'.length);
      return outputs && name in outputs ? { value: outputs[name] } : undefined;
    }) as Json;
  }
  return flat;
}

function refOf(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'Ref' ? ((value as { Ref: string }).Ref as string) : undefined;
}

/** A deep copy of `value` where `replace` swaps the objects it recognises (not descending into what it returns). */
function substitute(value: unknown, replace: (value: Json) => { value: unknown } | undefined): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, replace));
  if (!value || typeof value !== 'object') return value;
  const swapped = replace(value as Json);
  if (swapped) return swapped.value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, replace)]));
}

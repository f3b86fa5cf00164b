import { secretsOf, type FunctionGrants } from '../../lambdas/grants.js';
import { ServiceFunction } from '../../lib/constructs/service-function.js';
import { asArray, logicalId, policyStatementsOfRole, synthBaixa, type SynthesizedBaixa } from './helpers.js';

/**
 * What the stage's test files (api, auth, data, functions, function-pins, iam, live, stack, state-machine, web) share:
 * the one synth of the stage they all read, and accessors over it.
 */

import type { Json } from './helpers.js';
export type { Json };
export const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * The stage without esbuild runs: every function's bundle is built, exactly as `cdk deploy` builds it
 * (lib/bundling.ts), by `npm run bench:bundles` (its quick run is part of `npm test`), and ServiceFunction's own
 * bundling by service-function.test.ts. Synthesized once for every file of the cdk project (helpers.ts caches it).
 */
export const stage = (): SynthesizedBaixa => synthBaixa({ skipBundling: true });

export const resources = (type: string) =>
  stage().template.findResources(type) as Record<string, { Properties: Json } & Json>;
export const statementsOf = (fn: ServiceFunction) => policyStatementsOfRole(stage().template, logicalId(fn.role!));
export const actionsOf = (fn: ServiceFunction) =>
  statementsOf(fn).flatMap((st) => asArray(st.Action as string | string[]));
export const allServiceFunctions = () =>
  stage()
    .stack.node.findAll()
    .filter((c): c is ServiceFunction => c instanceof ServiceFunction);
/** The deployed function of a catalogue entry, by its catalogue name (route id, task name, trigger name). */
export const serviceFunctionNamed = (name: string): ServiceFunction => {
  const { stack } = stage();
  const all: Record<string, ServiceFunction> = {
    ...stack.api.functions,
    ...stack.workflowTasks.functions,
    ...stack.auth.triggers,
    ...stack.live.functions,
    ...stack.schedules.functions,
    ...stack.emailFeedback.functions,
  };
  const fn = all[name];
  if (!fn) throw new Error(`No deployed function for catalogue entry ${name}`);
  return fn;
};

/** Every value a grant can point at, so `environmentFor` names every variable a function's grants give. */
export const EVERY_VALUE = {
  tableName: 't',
  documentsBucket: 'b',
  stateMachineArn: 'sm',
  emailFrom: 'e',
  emailConfigurationSet: 'c',
  appUrl: 'https://a',
  company: '{}',
  pushEndpoint: 'https://p',
  tokenIssuer: 'https://issuer',
  tokenAudience: 'client',
  userPoolId: 'u',
  asaasApiUrl: 'https://asaas',
  postalCodeApiUrl: 'https://cep',
  datajudApiUrl: 'https://datajud',
  // As the test stack deploys them: endpoints only, no marketing account configured.
  conversions: { metaApiUrl: 'https://meta', googleAdsApiUrl: 'https://ads', googleOAuthTokenUrl: 'https://oauth' },
  // As the test stack deploys it: Meta's Graph API, no phone number id (`-c whatsappPhoneNumberId` not given).
  whatsapp: { apiUrl: 'https://graph' },
  secret: () => ({ arn: 'arn' }),
};

/** The AWS services a function's grants allow it to call (its IAM must name exactly these, besides logging). */
export function servicesOf(grants: FunctionGrants): string[] {
  const services = new Set<string>();
  if (grants.table || grants.tableItems) services.add('dynamodb');
  if (grants.documents) services.add('s3');
  if (grants.workflow) services.add('states');
  if (grants.email) services.add('ses');
  if (grants.userPool || grants.adminMembership) services.add('cognito-idp');
  if (grants.ownUserPool) services.add('cognito-idp');
  if (grants.push) services.add('execute-api');
  if (secretsOf(grants).length > 0) services.add('secretsmanager');
  return [...services].sort();
}

/** Actions IAM cannot scope to a resource (CDK merges them into one `*` statement). */
export const UNSCOPABLE_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'dynamodb:ListStreams'];
/** Active tracing's statement (xray:PutTraceSegments, PutTelemetryRecords): X-Ray has no resource-level permission. */
export const isUnscopable = (st: Record<string, unknown>) =>
  asArray(st.Action as string[]).every((action) => UNSCOPABLE_ACTIONS.includes(action));

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../domain/schemas/runtime-config.js';
import {
  ALL_FUNCTIONS,
  API_ROUTES,
  AUTH_TRIGGERS,
  LIVE_FUNCTIONS,
  SCHEDULED_FUNCTIONS,
  EVENT_FUNCTIONS,
  WORKFLOW_TASKS,
} from '../../lambdas/functions.js';
import {
  ENV,
  environmentFor,
  SECRET_ENV,
  SECRET_NAMES,
  secretsOf,
  TABLE_ACTIONS,
  tableItemGrantsOf,
  type FunctionGrants,
} from '../../lambdas/grants.js';
import { ADMIN_GROUP } from '../../domain/auth.js';
import { GSI_NAMES, TABLE_GSIS, TABLE_KEYS } from '../../lib/constructs/data.js';
import { ServiceFunction } from '../../lib/constructs/service-function.js';
import { DEFAULT_REGION } from '../../lib/baixa-app.js';
import { WORKFLOW_STATES } from '../../lib/constructs/workflow.js';
import {
  asArray,
  logicalId,
  parseDefinition,
  policyStatementsOfRole,
  reportedViolations,
  synthBaixa,
  type SynthesizedBaixa,
} from './helpers.js';

type Json = Record<string, unknown>;
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

// The stage without esbuild runs: every function's bundle is built, exactly as `cdk deploy` builds it (lib/bundling.ts),
// by `npm run bench:bundles` (its quick run is part of `npm test`), and ServiceFunction's own bundling by
// service-function.test.ts. Shared with the other files that read the same synth.
let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({ skipBundling: true });
});

const resources = (type: string) => s.template.findResources(type) as Record<string, { Properties: Json } & Json>;
const statementsOf = (fn: ServiceFunction) => policyStatementsOfRole(s.template, logicalId(fn.role!));
const actionsOf = (fn: ServiceFunction) => statementsOf(fn).flatMap((st) => asArray(st.Action as string | string[]));
const allServiceFunctions = () =>
  s.stack.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction);
/** The deployed function of a catalogue entry, by its catalogue name (route id, task name, trigger name). */
const serviceFunctionNamed = (name: string): ServiceFunction => {
  const all: Record<string, ServiceFunction> = {
    ...s.stack.api.functions,
    ...s.stack.workflowTasks.functions,
    ...s.stack.auth.triggers,
    ...s.stack.live.functions,
    ...s.stack.schedules.functions,
    ...s.stack.emailFeedback.functions,
  };
  const fn = all[name];
  if (!fn) throw new Error(`No deployed function for catalogue entry ${name}`);
  return fn;
};

/** Every value a grant can point at, so `environmentFor` names every variable a function's grants give. */
const EVERY_VALUE = {
  tableName: 't',
  documentsBucket: 'b',
  stateMachineArn: 'sm',
  emailFrom: 'e',
  emailConfigurationSet: 'c',
  appUrl: 'https://a',
  pushEndpoint: 'https://p',
  tokenIssuer: 'https://issuer',
  tokenAudience: 'client',
  userPoolId: 'u',
  asaasApiUrl: 'https://asaas',
  postalCodeApiUrl: 'https://cep',
  // As the test stack deploys them: endpoints only, no marketing account configured.
  conversions: { metaApiUrl: 'https://meta', googleAdsApiUrl: 'https://ads', googleOAuthTokenUrl: 'https://oauth' },
  secret: () => ({ arn: 'arn' }),
};

/** The AWS services a function's grants allow it to call (its IAM must name exactly these, besides logging). */
function servicesOf(grants: FunctionGrants): string[] {
  const services = new Set<string>();
  if (grants.table || grants.tableItems) services.add('dynamodb');
  if (grants.documents) services.add('s3');
  if (grants.workflow) services.add('states');
  if (grants.email) services.add('ses');
  if (grants.userPool) services.add('cognito-idp');
  if (grants.ownUserPool) services.add('cognito-idp');
  if (grants.push) services.add('execute-api');
  if (secretsOf(grants).length > 0) services.add('secretsmanager');
  return [...services].sort();
}

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

describe('API routes come from the catalogue', () => {
  const routeByKey = () =>
    Object.fromEntries(
      Object.values(resources('AWS::ApiGatewayV2::Route'))
        .filter((r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify({ Ref: logicalId(s.stack.api.httpApi) }))
        .map((r) => [r.Properties.RouteKey, r.Properties]),
    );

  it('has exactly one route per catalogue entry', () => {
    expect(Object.keys(routeByKey()).sort()).toEqual(
      API_ROUTES.map((r) => `${r.contract.method} ${r.contract.path}`).sort(),
    );
  });

  it.each(API_ROUTES.map((r) => [r.contract.id, r.contract] as const))(
    '%s: JWT authorizer iff access is customer/admin',
    (_id, route) => {
      const props = routeByKey()[`${route.method} ${route.path}`]!;
      if (route.access === 'public') {
        expect(props.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      } else {
        expect(props.AuthorizationType).toBe('JWT');
        const [authorizerId] = Object.keys(resources('AWS::ApiGatewayV2::Authorizer'));
        expect(props.AuthorizerId).toEqual({ Ref: authorizerId });
      }
    },
  );

  it('routes each path to its own function', () => {
    const integrations = resources('AWS::ApiGatewayV2::Integration');
    for (const { contract: route } of API_ROUTES) {
      const target = routeByKey()[`${route.method} ${route.path}`]!.Target as { 'Fn::Join': [string, unknown[]] };
      const integrationRef = (target['Fn::Join'][1][1] as { Ref: string }).Ref;
      expect(integrations[integrationRef]!.Properties.IntegrationUri).toEqual({
        'Fn::GetAtt': [logicalId(s.stack.api.functions[route.id]), 'Arn'],
      });
    }
  });

  it('the JWT authorizer trusts only this pool and the SPA client', () => {
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: {
        Audience: [{ Ref: logicalId(s.stack.auth.client) }],
        Issuer: {
          'Fn::Join': [
            '',
            Match.arrayWith([
              Match.stringLikeRegexp('^https://cognito-idp\\.'),
              { Ref: logicalId(s.stack.auth.userPool) },
            ]),
          ],
        },
      },
    });
  });

  it('answers no CORS (browsers reach it through the site origin) and has a throttled, access-logged stage "api"', () => {
    const api = resources('AWS::ApiGatewayV2::Api')[logicalId(s.stack.api.httpApi)]!;
    expect(api.Properties.ProtocolType).toBe('HTTP');
    expect(api.Properties.CorsConfiguration).toBeUndefined();
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: { Ref: logicalId(s.stack.api.httpApi) },
      StageName: 'api',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('\\$context.requestId') },
    });
  });

  it('has no template parameter: secrets live in Secrets Manager', () => {
    expect(s.template.toJSON().Parameters ?? {}).not.toHaveProperty('AsaasWebhookToken');
  });
});

/** Active tracing's statement (xray:PutTraceSegments, PutTelemetryRecords): X-Ray has no resource-level permission. */
const isUnscopable = (st: Record<string, unknown>) =>
  asArray(st.Action as string[]).every((action) => UNSCOPABLE_ACTIONS.includes(action));
/** Actions IAM cannot scope to a resource (CDK merges them into one `*` statement). */
const UNSCOPABLE_ACTIONS = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords', 'dynamodb:ListStreams'];

describe('IAM is least privilege and follows the catalogue grants', () => {
  it.each(API_ROUTES.map((r) => [r.contract.id, r] as const))('%s', (id, route) => {
    const fn = s.stack.api.functions[id];
    const actions = actionsOf(fn);
    const grants: Pick<FunctionGrants, 'table' | 'workflow' | 'tableItems'> = route.grants as FunctionGrants;
    // `tableItems` writes come in one statement of their own, pinned to the grant's partition-key prefixes; every
    // other table statement follows `table` alone.
    const pinned = (st: Json) => JSON.stringify(st.Condition ?? {}).includes('dynamodb:LeadingKeys');
    const unpinned = statementsOf(fn)
      .filter((st) => !pinned(st))
      .flatMap((st) => asArray(st.Action as string | string[]));
    if (!grants.table) expect(unpinned.filter((a) => a.startsWith('dynamodb:'))).toEqual([]);
    if (grants.table === 'read') expect(unpinned.filter((a) => WRITE_ACTIONS.includes(a))).toEqual([]);
    // One statement per `tableItems` grant (and one per index it queries), in the catalogue's order.
    const items = statementsOf(fn).filter(pinned);
    const expected = tableItemGrantsOf(grants).flatMap((grant) => [
      {
        Action: grant.actions.map((a) => `dynamodb:${a}`).sort(),
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': grant.pkPrefixes.map((p) => `${p}*`) } },
      },
      ...Object.values(grant.indexes ?? {}).map((prefixes) => ({
        Action: ['dynamodb:Query'],
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': prefixes.map((p) => `${p}*`) } },
      })),
    ]);
    expect(
      items.map((st) => ({ Action: asArray(st.Action as string | string[]).sort(), Condition: st.Condition })),
    ).toEqual(expected);
    if (grants.table === 'readwrite')
      expect(actions).toEqual(expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query']));
    const states = actions.filter((a) => a.startsWith('states:'));
    if (!grants.workflow) expect(states).toEqual([]);
    if (grants.workflow === 'start') expect(states).toEqual(['states:StartExecution']);
    if (grants.workflow === 'callback') expect(states).not.toContain('states:StartExecution');
    if (grants.workflow === 'stop') expect(states.sort()).toEqual(['states:DescribeExecution', 'states:StopExecution']);
  });

  it("a client's deletion reaches Asaas (its key), stops this state machine's executions and erases document versions", () => {
    const fn = s.stack.api.functions.DeleteAdminClient;
    const statements = statementsOf(fn);
    const withAction = (prefix: string) =>
      statements.filter((st) => asArray(st.Action as string[]).some((a) => a.startsWith(prefix)));
    const states = withAction('states:');
    expect(states).toHaveLength(1);
    expect(asArray(states[0]!.Action as string[]).sort()).toEqual(['states:DescribeExecution', 'states:StopExecution']);
    expect(JSON.stringify(states[0]!.Resource)).toContain(':execution:');
    expect(JSON.stringify(states[0]!.Resource)).toContain(logicalId(s.stack.workflow.stateMachine));
    const s3Actions = withAction('s3:').flatMap((st) => asArray(st.Action as string[]));
    expect(s3Actions.sort()).toEqual(['s3:DeleteObject', 's3:DeleteObjectVersion', 's3:ListBucketVersions']);
    const secrets = withAction('secretsmanager:');
    expect(JSON.stringify(secrets.map((st) => st.Resource))).toContain(logicalId(s.stack.secrets.byName.asaasApiKey));
    const variables = (
      s.template.findResources('AWS::Lambda::Function')[logicalId(fn)] as {
        Properties: { Environment: { Variables: Json }; Timeout: number };
      }
    ).Properties;
    expect(Object.keys(variables.Environment.Variables)).toEqual(
      expect.arrayContaining(['ASAAS_API_URL', 'ASAAS_API_KEY_SECRET_ARN', 'STATE_MACHINE_ARN', 'DOCUMENTS_BUCKET']),
    );
    expect(variables.Timeout).toBe(29);
  });

  it('LGPD: the export only reads (the table, and S3 to sign links); a request writes only its own two items', () => {
    const exportStatements = statementsOf(s.stack.api.functions.ExportMyData);
    const exportActions = exportStatements.flatMap((st) => asArray(st.Action as string[]));
    expect(
      exportActions.filter((a) => WRITE_ACTIONS.includes(a) || a.startsWith('s3:Put') || a.startsWith('s3:Delete')),
    ).toEqual([]);
    expect(exportActions).toEqual(expect.arrayContaining(['dynamodb:Query', 's3:GetObject']));
    const writes = statementsOf(s.stack.api.functions.RequestErasure).filter((st) =>
      asArray(st.Action as string[]).some((a) => WRITE_ACTIONS.includes(a)),
    );
    expect(writes).toHaveLength(1);
    expect(asArray(writes[0]!.Action as string[])).toEqual(['dynamodb:PutItem']);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERASURE_REQUEST#*', 'ERASURE_OPEN#*'] },
    });
  });

  it('the dashboard (read) function cannot write and names no "*" resource', () => {
    const statements = statementsOf(s.stack.api.functions.GetDashboard);
    expect(statements.length).toBeGreaterThan(0);
    for (const st of statements) {
      expect(asArray(st.Action as string[]).filter((a) => WRITE_ACTIONS.includes(a))).toEqual([]);
      if (isUnscopable(st)) continue;
      expect(asArray(st.Resource)).not.toContain('*');
    }
  });

  it('the webhook may only answer task tokens and start executions (a late payment), only of this state machine', () => {
    const states = statementsOf(s.stack.api.functions.ReceiveAsaasWebhook).filter((st) =>
      asArray(st.Action as string[]).some((a) => a.startsWith('states:')),
    );
    expect(states).toHaveLength(1);
    expect(asArray(states[0]!.Action as string[]).sort()).toEqual(
      ['states:SendTaskFailure', 'states:SendTaskHeartbeat', 'states:SendTaskSuccess', 'states:StartExecution'].sort(),
    );
    expect(states[0]!.Resource).toEqual({ Ref: logicalId(s.stack.workflow.stateMachine) });
  });

  it('the e-mailing task may send only as the verified sender identity', () => {
    const ses = statementsOf(s.stack.workflowTasks.functions.ConfirmPayment).filter((st) =>
      asArray(st.Action as string[]).some((a) => a.startsWith('ses:')),
    );
    expect(ses).toHaveLength(1);
    expect(JSON.stringify(ses[0]!.Resource)).toContain(`":identity/",{"Ref":"${logicalId(s.stack.email.identity)}"}`);
  });

  it('no ServiceFunction policy has a "*" resource (but ListStreams and X-Ray uploads, which IAM cannot scope)', () => {
    const fns = s.stack.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction);
    for (const fn of fns) {
      for (const st of statementsOf(fn)) {
        if (asArray(st.Action as string[]).join() === 'dynamodb:ListStreams' || isUnscopable(st)) continue;
        expect(asArray(st.Resource), fn.node.path).not.toContain('*');
      }
    }
  });
});

/**
 * Every function's IAM actions, pinned (issue 20, item 7): a grant that widens or narrows shows up here for review.
 * Shorthand: `table:read` / `table:readwrite` = CDK's table-wide grants (every key, every index, Scan included);
 * `dynamodb:X` alone = a `tableItems` action, scoped by partition-key prefix; `secrets` = reading named secrets. The
 * functions still on `table:readwrite` write across many partitions through shared paths (the charge status path,
 * sign-up's referral link, the deletion); docs/decisions.md, Least privilege, says which and why.
 */
const PINNED_ACTIONS: Record<string, string> = {
  GetHealth: 'secrets',
  GetDashboard: 'table:read secrets',
  GetProfile: 'dynamodb:GetItem secrets',
  CreateProfile: 'table:readwrite secrets',
  UpdateProfile: 'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem secrets',
  LookupPostalCode: 'secrets',
  SignContract: 'table:readwrite s3:GetObject s3:PutObject ses:SendEmail ses:SendRawEmail secrets',
  CancelContract:
    'table:readwrite ses:SendEmail ses:SendRawEmail states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  CreateCharge:
    'table:readwrite states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  VerifyCharge:
    'table:readwrite states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  StartFreeRenewal: 'dynamodb:ConditionCheckItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem secrets',
  StartPaidRenewal: 'dynamodb:ConditionCheckItem dynamodb:PutItem dynamodb:Query dynamodb:UpdateItem secrets',
  GetReferrals: 'table:read secrets',
  InviteReferral: 'table:readwrite ses:SendEmail ses:SendRawEmail secrets',
  GetAdminSummary: 'table:read secrets',
  ListAdminClients: 'table:read secrets',
  GetAdminClient: 'table:read secrets',
  DeleteAdminClient:
    'table:readwrite cognito-idp:AdminDeleteUser cognito-idp:AdminListGroupsForUser s3:DeleteObject s3:DeleteObjectVersion s3:ListBucketVersions states:DescribeExecution states:StopExecution secrets',
  ListAdminProcesses: 'table:read secrets',
  ListAdminReferrals: 'table:read secrets',
  ChangeAdminProcessStatus: 'table:read dynamodb:PutItem dynamodb:UpdateItem secrets',
  ListAdminCharges: 'table:read secrets',
  GetAdminReconciliation: 'table:read secrets',
  GetAdminFinanceSummary: 'table:read secrets',
  MarkAdminChargePaid:
    'table:read dynamodb:PutItem dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  VerifyAdminCharge:
    'table:read dynamodb:PutItem dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  RefundAdminCharge:
    'table:readwrite states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  ListOrphanPayments: 'table:read secrets',
  RefundOrphanPayment: 'table:read dynamodb:PutItem dynamodb:UpdateItem secrets',
  LookupProcess: 'dynamodb:GetItem dynamodb:Query dynamodb:UpdateItem secrets',
  IssueNadaConsta:
    'dynamodb:BatchGetItem dynamodb:ConditionCheckItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem s3:GetObject s3:PutObject ses:SendEmail ses:SendRawEmail secrets',
  VerifyNadaConsta: 'dynamodb:BatchGetItem dynamodb:GetItem dynamodb:UpdateItem secrets',
  ReceiveAsaasWebhook:
    'table:readwrite cognito-idp:ListUsersInGroup ses:SendEmail ses:SendRawEmail states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  RecordConversion: 'dynamodb:UpdateItem secrets',
  AwaitPayment:
    'dynamodb:GetItem dynamodb:UpdateItem states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess',
  ConfirmPayment: 'table:readwrite ses:SendEmail ses:SendRawEmail secrets',
  StartFiling: 'dynamodb:GetItem',
  CheckFiling:
    'dynamodb:DeleteItem dynamodb:GetItem dynamodb:PutItem dynamodb:UpdateItem cognito-idp:ListUsersInGroup ses:SendEmail ses:SendRawEmail',
  connectLive: 'dynamodb:PutItem',
  disconnectLive: 'dynamodb:DeleteItem dynamodb:GetItem',
  publishChanges:
    'table:readwrite dynamodb:DescribeStream dynamodb:ListStreams cognito-idp:ListUsersInGroup execute-api:ManageConnections ses:SendEmail ses:SendRawEmail sqs:GetQueueAttributes sqs:GetQueueUrl sqs:SendMessage',
  customMessage: 'dynamodb:PutItem',
  defineAuthChallenge: '',
  createAuthChallenge:
    'dynamodb:PutItem dynamodb:UpdateItem cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser ses:SendEmail ses:SendRawEmail secrets',
  verifyAuthChallengeResponse:
    'dynamodb:UpdateItem cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser secrets',
  // The e-mail change reaches every copy from here (docs/decisions.md, E-mail change): a query of the customer's referrals.
  preTokenGeneration:
    'table:readwrite cognito-idp:AdminGetUser cognito-idp:AdminListGroupsForUser ses:SendEmail ses:SendRawEmail',
  postConfirmation: 'dynamodb:UpdateItem ses:SendEmail ses:SendRawEmail',
  ReconcilePayments:
    'table:readwrite cognito-idp:ListUsersInGroup ses:SendEmail ses:SendRawEmail states:SendTaskFailure states:SendTaskHeartbeat states:SendTaskSuccess states:StartExecution secrets',
  ExportMyData: 'table:read s3:GetObject secrets',
  GetMyErasureRequest: 'table:read secrets',
  RequestErasure: 'table:read dynamodb:PutItem ses:SendEmail ses:SendRawEmail secrets',
  ListErasureRequests: 'table:read secrets',
  ExecuteErasureRequest:
    'table:readwrite cognito-idp:AdminDeleteUser cognito-idp:AdminListGroupsForUser s3:DeleteObject s3:DeleteObjectVersion s3:ListBucketVersions states:DescribeExecution states:StopExecution secrets',
  ReportBrowserError: 'dynamodb:UpdateItem secrets',
  UnsubscribeInvites: 'table:read dynamodb:PutItem dynamodb:UpdateItem secrets',
  ReceiveEmailFeedback: 'dynamodb:PutItem',
};

describe('each function’s IAM actions', () => {
  const READ = [...TABLE_ACTIONS.read].map((a) => `dynamodb:${a}`);
  const READWRITE = [...TABLE_ACTIONS.readwrite].map((a) => `dynamodb:${a}`);
  const SECRETS = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
  // X-Ray's two actions are every function's (active tracing; test/cdk/observability.test.ts), so not repeated here.
  const XRAY = ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'];
  const compact = (actions: string[]): string => {
    let rest = new Set(actions.filter((a) => !XRAY.includes(a)));
    const words: string[] = [];
    const take = (group: string[], word: string) => {
      if (!group.every((a) => rest.has(a))) return false;
      rest = new Set([...rest].filter((a) => !group.includes(a)));
      words.push(word);
      return true;
    };
    if (!take(READWRITE, 'table:readwrite')) take(READ, 'table:read');
    const dynamo = [...rest].filter((a) => a.startsWith('dynamodb:')).sort();
    const others = [...rest].filter((a) => !a.startsWith('dynamodb:') && !SECRETS.includes(a)).sort();
    const secrets = SECRETS.every((a) => rest.has(a)) ? ['secrets'] : [];
    return [...words, ...dynamo, ...others, ...secrets].join(' ');
  };

  it.each(ALL_FUNCTIONS.map((fn) => [fn.name] as const))('%s', (name) => {
    const actions = [...new Set(actionsOf(serviceFunctionNamed(name)))];
    expect(compact(actions)).toBe(PINNED_ACTIONS[name]);
  });

  it('pins every function of the catalogue, and no other', () => {
    expect(Object.keys(PINNED_ACTIONS).sort()).toEqual(ALL_FUNCTIONS.map((fn) => fn.name).sort());
  });
});

describe('Lambda functions', () => {
  const serviceFunctions = allServiceFunctions;

  it('one ServiceFunction per catalogue route, workflow task, auth trigger and scheduled function', () => {
    expect(serviceFunctions()).toHaveLength(
      API_ROUTES.length +
        Object.keys(WORKFLOW_TASKS).length +
        Object.keys(AUTH_TRIGGERS).length +
        Object.keys(LIVE_FUNCTIONS).length +
        Object.keys(SCHEDULED_FUNCTIONS).length +
        Object.keys(EVENT_FUNCTIONS).length,
    );
  });

  it('every Node.js Lambda in the stack runs nodejs24.x on arm64', () => {
    // Not CDK's own custom-resource providers (the cross-region reader of the edge stack's web ACL): aws-cdk-lib picks
    // their runtime and architecture.
    const node = Object.entries(resources('AWS::Lambda::Function'))
      .filter(([id, fn]) => String(fn.Properties.Runtime).startsWith('nodejs') && !/CustomResourceProvider/.test(id))
      .map(([, fn]) => fn);
    expect(node.length).toBe(serviceFunctions().length);
    for (const fn of node) {
      expect(fn.Properties.Runtime).toBe('nodejs24.x');
      expect(fn.Properties.Architectures).toEqual(['arm64']);
    }
  });

  it('each ServiceFunction has STAGE, source maps and its own log group with 1-month retention', () => {
    const logGroups = resources('AWS::Logs::LogGroup');
    for (const fn of serviceFunctions()) {
      const props = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties;
      expect(props.Environment).toMatchObject({
        Variables: { [ENV.stage]: 'test', NODE_OPTIONS: '--enable-source-maps' },
      });
      expect(props.MemorySize).toBe(512);
      const declared = ALL_FUNCTIONS.find((f) => serviceFunctionNamed(f.name) === fn)?.timeoutSeconds;
      expect(props.Timeout).toBe(declared ?? 10);
      const groupRef = (props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      expect(logGroups[groupRef]!.Properties.RetentionInDays).toBe(30);
    }
  });

  it('the CustomMessage trigger and the e-mailing task know the SPA URL (CloudFront)', () => {
    const appUrl = {
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(s.stack.web.distribution), 'DomainName'] }]],
    };
    for (const fn of [s.stack.auth.triggers.customMessage, s.stack.workflowTasks.functions.ConfirmPayment]) {
      const env = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties.Environment as { Variables: Json };
      expect(env.Variables[ENV.appUrl]).toEqual(appUrl);
    }
  });
});

describe('Each function gets its environment and IAM from its catalogue grants only', () => {
  it.each(ALL_FUNCTIONS.map((fn) => [fn.name, fn] as const))('%s', (name, fn) => {
    const deployed = serviceFunctionNamed(name);
    const env = (resources('AWS::Lambda::Function')[logicalId(deployed)]!.Properties.Environment as { Variables: Json })
      .Variables;
    expect(Object.keys(env).sort()).toEqual(
      [ENV.stage, 'NODE_OPTIONS', ...Object.keys(environmentFor(name, fn.grants, EVERY_VALUE))].sort(),
    );
    const services = new Set(actionsOf(deployed).map((a) => a.split(':')[0]!));
    services.delete('logs');
    services.delete('xray');
    // The stream consumer's event source mapping adds its dead-letter queue (SQS) to the role, not its grants.
    if (name === 'publishChanges') services.delete('sqs');
    expect([...services].sort()).toEqual(servicesOf(fn.grants));
  });
});

describe('Data', () => {
  it('one on-demand, encrypted, PITR-protected table with TTL and both GSIs, retained', () => {
    s.template.resourceCountIs('AWS::DynamoDB::Table', 1);
    s.template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_KEYS.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_KEYS.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
    const [table] = Object.values(resources('AWS::DynamoDB::Table'));
    const gsis = table!.Properties.GlobalSecondaryIndexes as {
      IndexName: string;
      KeySchema: Json[];
      Projection: Json;
    }[];
    expect(gsis.map((g) => g.IndexName).sort()).toEqual([...GSI_NAMES].sort());
    for (const gsi of gsis) {
      const keys = TABLE_GSIS[gsi.IndexName as keyof typeof TABLE_GSIS];
      expect(gsi.KeySchema).toEqual([
        { AttributeName: keys.partitionKey, KeyType: 'HASH' },
        { AttributeName: keys.sortKey, KeyType: 'RANGE' },
      ]);
      expect(gsi.Projection).toEqual({ ProjectionType: 'ALL' });
    }
  });

  it('every bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    const buckets = resources('AWS::S3::Bucket');
    const policies = Object.values(resources('AWS::S3::BucketPolicy'));
    expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
    for (const [id, bucket] of Object.entries(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      expect(bucket.Properties.BucketEncryption, id).toBeDefined();
      const denyHttp = policies
        .filter((p) => (p.Properties.Bucket as { Ref?: string }).Ref === id)
        .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Json[] }).Statement)
        .find(
          (st) => st.Effect === 'Deny' && JSON.stringify(st.Condition) === '{"Bool":{"aws:SecureTransport":"false"}}',
        );
      expect(denyHttp, `${id} has no SSL-only statement`).toBeDefined();
    }
  });

  it('the documents bucket is versioned, retained and logs access', () => {
    const documents = resources('AWS::S3::Bucket')[logicalId(s.stack.data.documents)]!;
    expect(documents.DeletionPolicy).toBe('Retain');
    expect(documents.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
    expect(documents.Properties.LoggingConfiguration).toMatchObject({
      DestinationBucketName: { Ref: logicalId(s.stack.accessLogs.bucket) },
    });
  });
});

describe('Auth', () => {
  it('user pool: e-mail sign-in, password min length 6, e-mail-only recovery, SES, retained', () => {
    s.template.hasResource('AWS::Cognito::UserPool', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: { PasswordPolicy: Match.objectLike({ MinimumLength: 6 }) },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        // Optional for the pool (customers), required of admins through the second-factor claim; TOTP only.
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'nao-responda@example.com' }),
      }),
    });
  });

  it('attaches every catalogue trigger (pt-BR messages, magic link, welcome e-mail) to the pool', () => {
    const { triggers } = s.stack.auth;
    const arn = (fn: ServiceFunction) => ({ 'Fn::GetAtt': [logicalId(fn), 'Arn'] });
    s.template.hasResourceProperties('AWS::Cognito::UserPool', {
      LambdaConfig: {
        CustomMessage: arn(triggers.customMessage),
        DefineAuthChallenge: arn(triggers.defineAuthChallenge),
        CreateAuthChallenge: arn(triggers.createAuthChallenge),
        VerifyAuthChallengeResponse: arn(triggers.verifyAuthChallengeResponse),
        PostConfirmation: arn(triggers.postConfirmation),
        PreTokenGeneration: arn(triggers.preTokenGeneration),
      },
    });
    expect(Object.keys(triggers).sort()).toEqual(Object.keys(AUTH_TRIGGERS).sort());
    for (const fn of Object.values(triggers)) {
      s.template.hasResourceProperties('AWS::Lambda::Permission', {
        Action: 'lambda:InvokeFunction',
        Principal: 'cognito-idp.amazonaws.com',
        FunctionName: arn(fn),
        SourceArn: { 'Fn::GetAtt': [logicalId(s.stack.auth.userPool), 'Arn'] },
      });
    }
  });

  it('lets exactly the triggers granted `ownUserPool` read their own pool, in a policy apart from the functions', () => {
    const { triggers } = s.stack.auth;
    const granted = (Object.keys(AUTH_TRIGGERS) as (keyof typeof AUTH_TRIGGERS)[])
      .filter((name) => (AUTH_TRIGGERS[name].grants as { ownUserPool?: string }).ownUserPool === 'read')
      .sort();
    expect(granted).toEqual(['createAuthChallenge', 'preTokenGeneration', 'verifyAuthChallengeResponse']);
    const policies = s.template.findResources('AWS::IAM::Policy', {
      Properties: {
        PolicyDocument: {
          Statement: [
            Match.objectLike({
              Action: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
              Resource: { 'Fn::GetAtt': [logicalId(s.stack.auth.userPool), 'Arn'] },
            }),
          ],
        },
      },
    });
    expect(Object.keys(policies)).toHaveLength(1);
    const roles = (Object.values(policies)[0]!.Properties as { Roles: { Ref: string }[] }).Roles.map((r) => r.Ref);
    const roleOf = (fn: ServiceFunction) => logicalId(fn.role!.node.defaultChild as never);
    expect(roles.sort()).toEqual(granted.map((name) => roleOf(triggers[name])).sort());
  });

  it.each(SECRET_NAMES.map((name) => [name]))(
    'secret %s: generated, readable only by the functions whose grants name it, passed by ARN, never inline',
    (name) => {
      const secret = s.stack.secrets.byName[name];
      const secretRef = { Ref: logicalId(secret) };
      s.template.hasResourceProperties('AWS::SecretsManager::Secret', {
        GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
      });
      const granted = ALL_FUNCTIONS.filter((fn) => secretsOf(fn.grants).includes(name)).map((fn) =>
        logicalId(serviceFunctionNamed(fn.name)),
      );
      const readers = allServiceFunctions()
        .filter((fn) =>
          statementsOf(fn).some(
            (st) =>
              asArray(st.Action as string[]).some((a) => a.startsWith('secretsmanager:')) &&
              asArray(st.Resource).some((r) => JSON.stringify(r) === JSON.stringify(secretRef)),
          ),
        )
        .map(logicalId);
      expect(readers.sort()).toEqual(granted.sort());
      for (const id of granted) {
        const env = resources('AWS::Lambda::Function')[id]!.Properties.Environment as { Variables: Json };
        expect(env.Variables[SECRET_ENV[name].arn]).toEqual(secretRef);
      }
      const inline = Object.values(resources('AWS::Lambda::Function')).filter(
        (fn) => (fn.Properties.Environment as { Variables?: Json } | undefined)?.Variables?.[SECRET_ENV[name].value],
      );
      expect(inline).toEqual([]);
    },
  );

  it('trigger grants follow the catalogue: Define touches nothing, Verify cannot e-mail, senders use the identity', () => {
    const { triggers } = s.stack.auth;
    const services = (fn: ServiceFunction) => new Set(actionsOf(fn).map((a) => a.split(':')[0]));
    expect([...services(triggers.defineAuthChallenge)].filter((svc) => svc !== 'logs' && svc !== 'xray')).toEqual([]);
    expect(services(triggers.verifyAuthChallengeResponse).has('ses')).toBe(false);
    for (const fn of [triggers.createAuthChallenge, triggers.postConfirmation]) {
      const ses = statementsOf(fn).filter((st) => asArray(st.Action as string[]).some((a) => a.startsWith('ses:')));
      expect(ses).toHaveLength(1);
      expect(JSON.stringify(ses[0]!.Resource)).toContain(`":identity/",{"Ref":"${logicalId(s.stack.email.identity)}"}`);
      const env = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties.Environment as { Variables: Json };
      expect(env.Variables).toMatchObject({
        [ENV.emailFrom]: 'nao-responda@example.com',
        [ENV.tableName]: { Ref: logicalId(s.stack.data.table) },
      });
      expect(env.Variables[ENV.appUrl]).toBeDefined();
    }
  });

  it('triggers touch only their own items: these actions, on the table itself, under their partition-key prefix', () => {
    const { triggers } = s.stack.auth;
    const tableArn = { 'Fn::GetAtt': [logicalId(s.stack.data.table), 'Arn'] };
    const expected: [ServiceFunction, string[], string][] = [
      [triggers.customMessage, ['dynamodb:PutItem'], 'RECOVERY#*'],
      [triggers.createAuthChallenge, ['dynamodb:PutItem', 'dynamodb:UpdateItem'], 'MAGICLINK#*'],
      [triggers.verifyAuthChallengeResponse, ['dynamodb:UpdateItem'], 'MAGICLINK#*'],
      [triggers.postConfirmation, ['dynamodb:UpdateItem'], 'CUSTOMER#*'],
    ];
    for (const [fn, actions, prefix] of expected) {
      const dynamo = statementsOf(fn).filter((st) =>
        asArray(st.Action as string[]).some((a) => a.startsWith('dynamodb:')),
      );
      expect(dynamo).toEqual([
        {
          Effect: 'Allow',
          Action: actions.length === 1 ? actions[0] : actions,
          Resource: tableArn,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [prefix] } },
        },
      ]);
      const env = resources('AWS::Lambda::Function')[logicalId(fn)]!.Properties.Environment as { Variables: Json };
      expect(env.Variables[ENV.tableName]).toEqual({ Ref: logicalId(s.stack.data.table) });
    }
  });

  it('has the admin group', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: ADMIN_GROUP,
      UserPoolId: { Ref: logicalId(s.stack.auth.userPool) },
    });
  });

  it('SPA client: no secret, SRP + custom auth, no user-existence leaks, 1 h / 30 d tokens', () => {
    s.template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals(['ALLOW_CUSTOM_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
      PreventUserExistenceErrors: 'ENABLED',
      IdTokenValidity: 60,
      AccessTokenValidity: 60,
      RefreshTokenValidity: 30 * 24 * 60,
    });
  });
});

describe('Workflow', () => {
  it('standard state machine, ALL logs, X-Ray, charge → payment → filing', () => {
    const [sm] = Object.values(resources('AWS::StepFunctions::StateMachine'));
    expect(sm!.Properties).toMatchObject({
      StateMachineType: 'STANDARD',
      TracingConfiguration: { Enabled: true },
      LoggingConfiguration: { Level: 'ALL' },
    });
    const asl = parseDefinition(sm!.Properties.DefinitionString);
    expect(asl.StartAt).toBe(WORKFLOW_STATES.awaitPayment);
    expect(Object.keys(asl.States)).toEqual(expect.arrayContaining(['AwaitPayment', 'ConfirmPayment', 'StartFiling']));
    expect(asl.States.AwaitPayment!.Resource).toMatch(/lambda:invoke\.waitForTaskToken$/);
    expect(asl.States.AwaitPayment!.Next).toBe('ConfirmPayment');
    expect(asl.States.ConfirmPayment!.Next).toBe('StartFiling');
  });
});

describe('Web', () => {
  it('CloudFront serves the private bucket through OAC, routes and answers 404 by functions, HTTPS only', () => {
    s.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [
            { EventType: 'viewer-request', FunctionARN: Match.anyValue() },
            { EventType: 'viewer-response', FunctionARN: Match.anyValue() },
          ],
        }),
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
      }),
    });
    // Custom error responses would turn the API's own 403/404 into HTML; the functions run on the site's behavior only.
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig as { CustomErrorResponses?: unknown; CacheBehaviors: Json[] };
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!.FunctionAssociations).toBeUndefined();
    const functions = Object.values(resources('AWS::CloudFront::Function'));
    const codeOf = (comment: RegExp) =>
      String(
        functions.find((fn) => comment.test(String((fn.Properties.FunctionConfig as Json).Comment)))!.Properties
          .FunctionCode,
      );
    // The functions' own logic, run here as CloudFront would: public pages → their prerendered HTML, app routes → the
    // app shell, files untouched, anything else → the 404 page with HTTP 404.
    const routing = new Function(`${codeOf(/prerendered page/)}; return handler;`)() as (e: unknown) => { uri: string };
    const route = (uri: string) => routing({ request: { uri } }).uri;
    expect(route('/app/dashboard')).toBe('/app.html');
    expect(route('/app/contrato/imprimir/01JABC')).toBe('/app.html');
    expect(route('/verificar/ABCD-1234-WXYZ')).toBe('/app.html');
    expect(route('/')).toBe('/index.html');
    expect(route('/consultar')).toBe('/consultar/index.html');
    expect(route('/termos/')).toBe('/termos/index.html');
    expect(route('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(route('/favicon.svg')).toBe('/favicon.svg');
    expect(route('/pagina-que-nao-existe')).toBe('/404.html');
    const status = new Function(`${codeOf(/HTTP 404/)}; return handler;`)() as (e: unknown) => { statusCode: number };
    const answer = (uri: string, statusCode = 200) => status({ request: { uri }, response: { statusCode } }).statusCode;
    expect(answer('/pagina-que-nao-existe')).toBe(404);
    expect(answer('/404.html')).toBe(404);
    expect(answer('/assets/gone.js', 403)).toBe(404);
    expect(answer('/app/dashboard')).toBe(200);
    expect(answer('/consultar/index.html')).toBe(200);
  });

  it('forwards /api/* to the HTTP API over TLS with the origin secret, every viewer value and no caching', () => {
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const config = dist!.Properties.DistributionConfig as { CacheBehaviors: Json[]; Origins: Json[] };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*');
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']),
    });
    const origin = config.Origins.find((o) => o.Id === api!.TargetOriginId) as Json;
    expect(JSON.stringify(origin.DomainName)).toContain(logicalId(s.stack.api.httpApi));
    expect(origin.CustomOriginConfig).toMatchObject({
      OriginProtocolPolicy: 'https-only',
      OriginSSLProtocols: ['TLSv1.2'],
    });
    const [header] = origin.OriginCustomHeaders as { HeaderName: string; HeaderValue: unknown }[];
    expect(header?.HeaderName).toBe('x-origin-verify');
    // A dynamic reference to the secret, resolved by CloudFormation at deploy time: the value is not in the template.
    expect(JSON.stringify(header?.HeaderValue)).toContain('{{resolve:secretsmanager:');
    expect(JSON.stringify(header?.HeaderValue)).toContain(logicalId(s.stack.secrets.byName.originVerify));
  });

  it('never caches the pages, the app shell, the 404 page, config.json, robots.txt and sitemap.xml at the edge', () => {
    const [dist] = Object.values(resources('AWS::CloudFront::Distribution'));
    const behaviors = (dist!.Properties.DistributionConfig as { CacheBehaviors: Json[] }).CacheBehaviors;
    const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad'; // AWS managed "CachingDisabled"
    for (const path of [
      '/index.html',
      '/consultar/index.html',
      '/app.html',
      '/404.html',
      '/config.json',
      '/robots.txt',
      '/sitemap.xml',
    ]) {
      expect(behaviors.find((b) => b.PathPattern === path)).toMatchObject({ CachePolicyId: cachingDisabled });
    }
  });

  it('sends security headers, with a CSP that allows its own origin (the API), Cognito and the live channel', () => {
    const [policy] = Object.values(resources('AWS::CloudFront::ResponseHeadersPolicy'));
    const headers = (policy!.Properties.ResponseHeadersPolicyConfig as { SecurityHeadersConfig: Json })
      .SecurityHeadersConfig;
    expect(headers).toMatchObject({
      FrameOptions: { FrameOption: 'DENY' },
      ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin' },
      ContentTypeOptions: { Override: true },
      StrictTransportSecurity: expect.objectContaining({ AccessControlMaxAgeSec: expect.any(Number) }),
    });
    const csp = JSON.stringify((headers.ContentSecurityPolicy as Json).ContentSecurityPolicy);
    expect(csp).toContain("connect-src 'self' https://cognito-idp.");
    expect(csp).toContain(logicalId(s.stack.live.webSocketApi));
    expect(csp).not.toContain(logicalId(s.stack.api.httpApi));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('deploys a config.json that matches the SPA schema and carries the API URL and pool ids', () => {
    const deployments = Object.values(resources('Custom::CDKBucketDeployment'));
    const entry = deployments.find((d) =>
      ((d.Properties.Include as string[] | undefined) ?? []).includes('config.json'),
    );
    expect(entry).toBeDefined();
    // Source.jsonData stages config.json with markers that the deployment substitutes with deploy-time values.
    const keys = entry!.Properties.SourceObjectKeys as string[];
    const markerSets = entry!.Properties.SourceMarkers as Record<string, unknown>[];
    const index = markerSets.findIndex((m) => Object.keys(m).length > 0);
    const staged = readFileSync(join(s.outdir, `asset.${keys[index]!.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const markers = markerSets[index]!;
    const raw = JSON.parse(staged) as Record<string, unknown>;
    const resolved = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [k, typeof v === 'string' && v in markers ? markers[v] : v]),
    );

    expect(resolved).toMatchObject({
      stage: 'test',
      // A stage always has a region at synth (lib/baixa-app.ts: the edge stack is read across regions).
      region: DEFAULT_REGION,
      userPoolId: { Ref: logicalId(s.stack.auth.userPool) },
      userPoolClientId: { Ref: logicalId(s.stack.auth.client) },
      passwordAuthFlow: 'USER_SRP_AUTH',
    });
    expect(raw.liveUrl).toMatch(/^wss:\/\/.+\.execute-api\..+\/live$/);
    // The API is the distribution's own /api: a marker for the distribution's domain inside the string.
    const apiUrl = String(raw.apiUrl);
    const [domainMarker] = Object.keys(markers).filter((m) => apiUrl.includes(m));
    expect(apiUrl).toBe(`https://${domainMarker}/api`);
    expect(markers[domainMarker!]).toEqual({ 'Fn::GetAtt': [logicalId(s.stack.web.distribution), 'DomainName'] });
    const example: Record<string, string> = {
      apiUrl: 'https://d111111abcdef8.cloudfront.net/api',
      liveUrl: 'wss://abc123.execute-api.sa-east-1.amazonaws.com/live',
      region: 'sa-east-1',
      userPoolId: 'sa-east-1_abc',
      userPoolClientId: 'client',
    };
    const filled = Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        typeof v === 'string' && Object.keys(markers).some((m) => v.includes(m)) ? example[k] : v,
      ]),
    );
    expect(runtimeConfigSchema.safeParse(filled).success).toBe(true);
  });
});

it('a payment route runs no longer than API Gateway waits, nor than the charge claim it holds', async () => {
  const { CHARGE_CLAIM_SECONDS } = await import('../../lambdas/shared/data/charge-creation.js');
  for (const route of API_ROUTES) {
    const timeout = resources('AWS::Lambda::Function')[logicalId(s.stack.api.functions[route.contract.id])]!.Properties
      .Timeout as number;
    expect(timeout, route.contract.id).toBeLessThan(30);
  }
  const createCharge = resources('AWS::Lambda::Function')[logicalId(s.stack.api.functions.CreateCharge)]!;
  expect(createCharge.Properties.Timeout).toBeLessThan(CHARGE_CLAIM_SECONDS);
});

describe('Live', () => {
  it('the table streams new and old images', () => {
    s.template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
  });

  it('a WebSocket API with $connect and $disconnect only, on an access-logged, throttled stage "live"', () => {
    const apiRef = { Ref: logicalId(s.stack.live.webSocketApi) };
    const routes = Object.values(resources('AWS::ApiGatewayV2::Route')).filter(
      (r) => JSON.stringify(r.Properties.ApiId) === JSON.stringify(apiRef),
    );
    expect(routes.map((r) => r.Properties.RouteKey).sort()).toEqual(['$connect', '$disconnect']);
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      ApiId: apiRef,
      StageName: 'live',
      AutoDeploy: true,
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.not(Match.stringLikeRegexp('querystring')) },
    });
  });

  it('the consumer reads the table stream, only history inserts, charge changes and admin alerts, reporting item failures', () => {
    s.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(s.stack.live.functions.publishChanges) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(s.stack.data.table), 'StreamArn'] },
      StartingPosition: 'LATEST',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 5,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [logicalId(s.stack.live.deadLetters), 'Arn'] } } },
      FilterCriteria: {
        Filters: [
          { Pattern: JSON.stringify({ eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: ['HISTORY'] } } } }) },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT', 'MODIFY'],
              dynamodb: { NewImage: { type: { S: ['CHARGE'] } } },
            }),
          },
          {
            Pattern: JSON.stringify({
              eventName: ['INSERT'],
              dynamodb: { NewImage: { type: { S: ['ADMIN_ALERT'] } } },
            }),
          },
        ],
      },
    });
  });

  it('the consumer may post only to this API’s live connections; $connect knows the pool and the SPA client', () => {
    const manage = statementsOf(s.stack.live.functions.publishChanges).filter((st) =>
      asArray(st.Action as string[]).includes('execute-api:ManageConnections'),
    );
    expect(manage).toHaveLength(1);
    expect(JSON.stringify(manage[0]!.Resource)).toContain(logicalId(s.stack.live.webSocketApi));
    expect(JSON.stringify(manage[0]!.Resource)).toContain('/live/POST/@connections/*');
    const env = (
      resources('AWS::Lambda::Function')[logicalId(s.stack.live.functions.connectLive)]!.Properties.Environment as {
        Variables: Json;
      }
    ).Variables;
    expect(env[ENV.tokenAudience]).toEqual({ Ref: logicalId(s.stack.auth.client) });
    expect(JSON.stringify(env[ENV.tokenIssuer])).toContain('https://cognito-idp.');
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

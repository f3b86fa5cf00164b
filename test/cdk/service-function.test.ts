import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { API_ROUTES } from '../../lambdas/functions.js';
import { ENV, SECRET_ENV } from '../../lambdas/grants.js';
import { ServiceFunction } from '../../lib/constructs/service-function.js';
import { asArray, logicalId, policyStatementsOfRole, type Json } from './helpers.js';

const healthEntry = API_ROUTES.find((r) => r.contract.id === 'GetHealth')!.entry;

// Grant kinds the current catalogue does not use yet (documents, 'start'), on one bundled function.
let template: Template;
let stack: Stack;
let fns: Record<
  | 'docsRead'
  | 'docsWrite'
  | 'docsErase'
  | 'starter'
  | 'stopper'
  | 'poolReader'
  | 'poolManager'
  | 'membershipChecker'
  | 'managerChecker'
  | 'pusher'
  | 'payer',
  ServiceFunction
>;
let userPool: cognito.UserPool;
let asaasKey: secretsmanager.Secret;
let bucket: s3.Bucket;
let stateMachine: sfn.StateMachine;

beforeAll(() => {
  stack = new Stack(new App(), 'Grants');
  bucket = new s3.Bucket(stack, 'Docs');
  stateMachine = new sfn.StateMachine(stack, 'Sm', {
    definitionBody: sfn.DefinitionBody.fromChainable(new sfn.Pass(stack, 'P')),
  });
  userPool = new cognito.UserPool(stack, 'Pool');
  asaasKey = new secretsmanager.Secret(stack, 'AsaasKey');
  const make = (id: string) =>
    new ServiceFunction(stack, id, {
      entry: healthEntry,
      stage: 'unit',
      environment: { EXTRA: '1', [ENV.stage]: 'override-attempt' },
    });
  fns = {
    docsRead: make('DocsRead').applyGrants({ documents: 'read' }, { documents: bucket }),
    docsWrite: make('DocsWrite').applyGrants({ documents: 'readwrite' }, { documents: bucket }),
    docsErase: make('DocsErase').applyGrants({ documents: 'erase' }, { documents: bucket }),
    starter: make('Starter').applyGrants({ workflow: 'start' }, { stateMachine }),
    stopper: make('Stopper').applyGrants({ workflow: 'stop' }, { stateMachine }),
    poolReader: make('PoolReader').applyGrants({ userPool: 'read' }, { userPool }),
    poolManager: make('PoolManager').applyGrants({ userPool: 'manage' }, { userPool }),
    membershipChecker: make('MembershipChecker').applyGrants({ adminMembership: true }, { userPool }),
    managerChecker: make('ManagerChecker').applyGrants({ userPool: 'manage', adminMembership: true }, { userPool }),
    pusher: make('Pusher').applyGrants(
      { push: true },
      {
        push: {
          endpoint: 'https://ws.example.com/prod',
          connectionsArn: 'arn:aws:execute-api:r:1:abc/prod/POST/@connections/*',
        },
      },
    ),
    payer: make('Payer').applyGrants(
      { asaas: true },
      // Asaas's notas fiscais name the company (its identity and fiscal settings come with the grant).
      { asaasApiUrl: 'https://api-sandbox.asaas.com/v3', company: '{}', secrets: { asaasApiKey: asaasKey } },
    ),
  };
  template = Template.fromStack(stack);
});

/** The statements its grants add: the X-Ray statement of active tracing, on every function, is asserted on its own. */
const statementsOf = (fn: ServiceFunction) =>
  policyStatementsOfRole(template, logicalId(fn.role!)).filter((st) => !isTracingStatement(st));
const isTracingStatement = (st: Json) => asArray(st.Action as string[]).every((action) => action.startsWith('xray:'));
const envOf = (fn: ServiceFunction) =>
  (
    template.findResources('AWS::Lambda::Function')[logicalId(fn)] as {
      Properties: { Environment: { Variables: Json } };
    }
  ).Properties.Environment.Variables;

describe('ServiceFunction', () => {
  it('traces every function (X-Ray active tracing) and lets it send its segments, nothing more', () => {
    for (const fn of Object.values(fns)) {
      const tracing = policyStatementsOfRole(template, logicalId(fn.role!)).filter(isTracingStatement);
      expect(tracing).toEqual([
        expect.objectContaining({ Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Resource: '*' }),
      ]);
    }
    const functions = template.findResources('AWS::Lambda::Function') as Record<string, { Properties: Json }>;
    for (const fn of Object.values(fns)) {
      expect(functions[logicalId(fn)]!.Properties.TracingConfig).toEqual({ Mode: 'Active' });
    }
  });

  it('merges the caller environment but always sets STAGE itself', () => {
    expect(envOf(fns.docsRead)).toMatchObject({
      EXTRA: '1',
      [ENV.stage]: 'unit',
    });
  });

  it('logs to its own group with retention, and exposes that group as `logGroup`', () => {
    const props = (template.findResources('AWS::Lambda::Function')[logicalId(fns.docsRead)] as { Properties: Json })
      .Properties;
    expect(props.LoggingConfig).toEqual({ LogGroup: { Ref: logicalId(fns.docsRead.logGroup) } });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 30 });
  });

  it('documents read = GetObject on the bucket objects only, plus DOCUMENTS_BUCKET', () => {
    const statements = statementsOf(fns.docsRead);
    expect(statements.flatMap((st) => asArray(st.Action))).toEqual(['s3:GetObject']);
    expect(JSON.stringify(statements[0]!.Resource)).toContain(`"${logicalId(bucket)}","Arn"]},"/*"`);
    expect(envOf(fns.docsRead)[ENV.documentsBucket]).toEqual({ Ref: logicalId(bucket) });
  });

  it('documents readwrite adds PutObject but never delete or list', () => {
    const actions = statementsOf(fns.docsWrite).flatMap((st) => asArray(st.Action as string[]));
    expect(actions.sort()).toEqual(['s3:GetObject', 's3:PutObject']);
  });

  it('documents erase = delete every version of the objects, list the versions of the bucket, never read or write', () => {
    const statements = statementsOf(fns.docsErase);
    expect(statements.flatMap((st) => asArray(st.Action as string[])).sort()).toEqual([
      's3:DeleteObject',
      's3:DeleteObjectVersion',
      's3:ListBucketVersions',
    ]);
    const list = statements.find((st) => asArray(st.Action as string[]).includes('s3:ListBucketVersions'));
    expect(list!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(bucket), 'Arn'] });
    const remove = statements.find((st) => asArray(st.Action as string[]).includes('s3:DeleteObjectVersion'));
    expect(JSON.stringify(remove!.Resource)).toContain(`"${logicalId(bucket)}","Arn"]},"/*"`);
  });

  it("workflow 'stop' = describe and stop this state machine's executions only, never start or answer tasks", () => {
    const statements = statementsOf(fns.stopper);
    expect(statements).toHaveLength(1);
    expect(asArray(statements[0]!.Action as string[]).sort()).toEqual([
      'states:DescribeExecution',
      'states:StopExecution',
    ]);
    const resource = JSON.stringify(statements[0]!.Resource);
    expect(resource).toContain(':execution:');
    expect(resource).toContain(logicalId(stateMachine));
    expect(resource).toMatch(/:\*"\]\]\}$/);
    expect(envOf(fns.stopper)[ENV.stateMachineArn]).toEqual({ Ref: logicalId(stateMachine) });
  });

  it("workflow 'start' = StartExecution on this state machine, plus STATE_MACHINE_ARN", () => {
    const statements = statementsOf(fns.starter);
    expect(statements).toEqual([
      expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: logicalId(stateMachine) } }),
    ]);
    expect(envOf(fns.starter)[ENV.stateMachineArn]).toEqual({ Ref: logicalId(stateMachine) });
  });

  it('refuses grants whose target was not passed, naming the function', () => {
    const s = new Stack(new App(), 'Missing');
    const fn = new ServiceFunction(s, 'Fn', { entry: healthEntry, stage: 'unit' });
    expect(() => fn.applyGrants({ table: 'read' }, {})).toThrow(/Missing\/Fn.*"table"/);
    const table = new dynamodb.Table(s, 'T', { partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING } });
    expect(() => fn.applyGrants({ userPool: 'read' }, { table })).toThrow(/Missing\/Fn.*"userPool"/);
    expect(() => fn.applyGrants({ asaas: true }, { asaasApiUrl: 'https://x' })).toThrow(/"asaasApiKey"/);
  });

  it("userPool 'read' may only list the admin group; 'manage' may only check a user's groups and delete them", () => {
    const actionsOf = (fn: ServiceFunction) => statementsOf(fn).flatMap((st) => asArray(st.Action as string[]));
    expect(actionsOf(fns.poolReader).sort()).toEqual(['cognito-idp:ListUsersInGroup']);
    expect(actionsOf(fns.poolManager).sort()).toEqual([
      'cognito-idp:AdminDeleteUser',
      'cognito-idp:AdminListGroupsForUser',
    ]);
    expect(statementsOf(fns.poolManager)[0]!.Resource).toEqual({ 'Fn::GetAtt': [logicalId(userPool), 'Arn'] });
    expect(envOf(fns.poolReader)[ENV.userPoolId]).toEqual({ Ref: logicalId(userPool) });
  });

  it("adminMembership (an admin route's check of its caller) may only list one user's groups, of this pool", () => {
    expect(statementsOf(fns.membershipChecker)).toEqual([
      {
        Action: 'cognito-idp:AdminListGroupsForUser',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [logicalId(userPool), 'Arn'] },
      },
    ]);
    expect(envOf(fns.membershipChecker)[ENV.userPoolId]).toEqual({ Ref: logicalId(userPool) });
    // 'manage' holds the action already: no second statement.
    expect(statementsOf(fns.managerChecker)).toEqual(statementsOf(fns.poolManager));
  });

  it('push = ManageConnections on the connections only, plus PUSH_ENDPOINT', () => {
    expect(statementsOf(fns.pusher)).toEqual([
      expect.objectContaining({
        Action: 'execute-api:ManageConnections',
        Resource: 'arn:aws:execute-api:r:1:abc/prod/POST/@connections/*',
      }),
    ]);
    expect(envOf(fns.pusher)[ENV.pushEndpoint]).toBe('https://ws.example.com/prod');
  });

  it('asaas = its base URL plus read access to the API key secret, passed by ARN (never the key itself)', () => {
    const env = envOf(fns.payer);
    expect(env[ENV.asaasApiUrl]).toBe('https://api-sandbox.asaas.com/v3');
    expect(env[SECRET_ENV.asaasApiKey.arn]).toEqual({ Ref: logicalId(asaasKey) });
    expect(env).not.toHaveProperty(SECRET_ENV.asaasApiKey.value);
    const secretActions = statementsOf(fns.payer).flatMap((st) => asArray(st.Action as string[]));
    expect(secretActions.sort()).toEqual(['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']);
  });
});

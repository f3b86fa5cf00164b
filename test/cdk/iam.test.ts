// IAM: least privilege, each function reaching only what its catalogue grants name.
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS, API_ROUTES } from '../../lambdas/functions.js';
import { ENV, environmentFor, tableItemGrantsOf, type FunctionGrants } from '../../lambdas/grants.js';
import { ServiceFunction } from '../../lib/constructs/service-function.js';
import { asArray, logicalId, type SynthesizedBaixa } from './helpers.js';
import {
  stage,
  type Json,
  WRITE_ACTIONS,
  resources,
  statementsOf,
  actionsOf,
  serviceFunctionNamed,
  EVERY_VALUE,
  servicesOf,
  isUnscopable,
} from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
});

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

  it('LGPD: the export only reads (the table, and S3 to sign links); a request writes only its own items', () => {
    const exportStatements = statementsOf(s.stack.api.functions.ExportMyData);
    const exportActions = exportStatements.flatMap((st) => asArray(st.Action as string[]));
    expect(
      exportActions.filter((a) => WRITE_ACTIONS.includes(a) || a.startsWith('s3:Put') || a.startsWith('s3:Delete')),
    ).toEqual([]);
    expect(exportActions).toEqual(expect.arrayContaining(['dynamodb:Query', 's3:GetObject']));
    const writes = statementsOf(s.stack.api.functions.RequestErasure).filter((st) =>
      asArray(st.Action as string[]).some((a) => WRITE_ACTIONS.includes(a)),
    );
    expect(writes).toHaveLength(2);
    expect(asArray(writes[0]!.Action as string[])).toEqual(['dynamodb:PutItem']);
    expect(writes[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERASURE_REQUEST#*', 'ERASURE_OPEN#*'] },
    });
    // Its confirmation's once-only marker (pattern 66), in the request's own partition, and the e-mail's record in
    // the customer's case file (pattern 84).
    expect(asArray(writes[1]!.Action as string[])).toEqual(['dynamodb:UpdateItem']);
    expect(writes[1]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ERASURE_REQUEST#*', 'CUSTOMER#*'] },
    });
  });

  it("'Verificar' on /admin/financeiro may put an admin alert (pattern 49), and only put it", () => {
    const alertWrites = statementsOf(s.stack.api.functions.VerifyAdminCharge).filter((st) =>
      JSON.stringify(st.Condition ?? {}).includes('ADMIN_ALERT#*'),
    );
    expect(alertWrites).toHaveLength(1);
    expect(asArray(alertWrites[0]!.Action as string[])).toEqual(['dynamodb:PutItem']);
    expect(alertWrites[0]!.Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['ADMIN_ALERT#*'] },
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

  it('no function may Scan the table, and only the two deletions may BatchWriteItem', () => {
    const holders = (action: string) =>
      ALL_FUNCTIONS.filter((fn) => actionsOf(serviceFunctionNamed(fn.name)).includes(action)).map((fn) => fn.name);
    expect(holders('dynamodb:Scan')).toEqual([]);
    expect(holders('dynamodb:BatchWriteItem').sort()).toEqual(['DeleteAdminClient', 'ExecuteErasureRequest']);
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

describe('Each function gets its environment and IAM from its catalogue grants only', () => {
  it.each(ALL_FUNCTIONS.map((fn) => [fn.name, fn] as const))('%s', (name, fn) => {
    const deployed = serviceFunctionNamed(name);
    const env = (resources('AWS::Lambda::Function')[logicalId(deployed)]!.Properties.Environment as { Variables: Json })
      .Variables;
    expect(Object.keys(env).sort()).toEqual(
      [ENV.stage, ...Object.keys(environmentFor(name, fn.grants, EVERY_VALUE))].sort(),
    );
    const services = new Set(actionsOf(deployed).map((a) => a.split(':')[0]!));
    services.delete('logs');
    services.delete('xray');
    // The stream consumer's event source mapping adds its dead-letter queue (SQS) to the role, not its grants.
    if (name === 'publishChanges') services.delete('sqs');
    expect([...services].sort()).toEqual(servicesOf(fn.grants));
  });
});

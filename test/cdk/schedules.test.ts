import { beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULED_FUNCTIONS } from '../../lambdas/functions.js';
import { ENV, SECRET_ENV } from '../../lambdas/grants.js';
import {
  asArray,
  logicalId,
  policyStatementsOfRole,
  reportedViolations,
  synthBaixa,
  type SynthesizedBaixa,
  type Json,
} from './helpers.js';

/** The nightly reconciliation as deployed: its schedule, its function's timeout, environment and IAM. */
let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({ skipBundling: true });
});

const reconcile = () => s.stack.schedules.functions.ReconcilePayments;
const resources = (type: string) => s.template.findResources(type) as Record<string, { Properties: Json } & Json>;
const statements = () => policyStatementsOfRole(s.template, logicalId(reconcile().role!));
const actions = () => statements().flatMap((st) => asArray(st.Action as string | string[]));

describe('the nightly reconciliation with Asaas', () => {
  it('runs once a night at 03:00 in São Paulo, through EventBridge Scheduler, naming the run by its scheduled time', () => {
    const schedules = Object.values(resources('AWS::Scheduler::Schedule'));
    expect(schedules).toHaveLength(Object.keys(SCHEDULED_FUNCTIONS).length);
    const [schedule] = schedules;
    expect(schedule!.Properties).toMatchObject({
      ScheduleExpression: 'cron(0 3 * * ? *)',
      ScheduleExpressionTimezone: 'America/Sao_Paulo',
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    const target = schedule!.Properties.Target as Json;
    expect(target.Arn).toEqual({ 'Fn::GetAtt': [logicalId(reconcile()), 'Arn'] });
    expect(JSON.parse(target.Input as string)).toEqual({ scheduledTime: '<aws.scheduler.scheduled-time>' });
    expect(target.RetryPolicy).toEqual({ MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 3 });
  });

  it('lets the scheduler invoke that one function and nothing else', () => {
    const target = Object.values(resources('AWS::Scheduler::Schedule'))[0]!.Properties.Target as { RoleArn: Json };
    const roleId = (target.RoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policy = policyStatementsOfRole(s.template, roleId);
    expect(policy).toHaveLength(1);
    expect(policy[0]!.Action).toBe('lambda:InvokeFunction');
    expect(asArray(policy[0]!.Resource as Json[]).map((r) => JSON.stringify(r))).toEqual(
      expect.arrayContaining([JSON.stringify({ 'Fn::GetAtt': [logicalId(reconcile()), 'Arn'] })]),
    );
  });

  it('has time for 10,000 charges (Lambda’s 15 minutes) and retries a failed run once, within the hour', () => {
    const fn = resources('AWS::Lambda::Function')[logicalId(reconcile())]!.Properties;
    expect(fn.Timeout).toBe(900);
    const [invokeConfig] = Object.values(resources('AWS::Lambda::EventInvokeConfig'));
    expect(invokeConfig!.Properties).toMatchObject({
      FunctionName: { Ref: logicalId(reconcile()) },
      MaximumRetryAttempts: 1,
      MaximumEventAgeInSeconds: 3600,
    });
  });

  it('reaches the table, Asaas (its key by ARN, never the value) and the workflow; the admins through alert items', () => {
    const env = (
      resources('AWS::Lambda::Function')[logicalId(reconcile())]!.Properties.Environment as { Variables: Json }
    ).Variables;
    expect(Object.keys(env)).toEqual(
      expect.arrayContaining([ENV.tableName, ENV.asaasApiUrl, SECRET_ENV.asaasApiKey.arn, ENV.stateMachineArn]),
    );
    expect(Object.keys(env)).not.toContain(SECRET_ENV.asaasApiKey.value);
    // Its report and the orphans' alerts are admin-alert items the stream consumer e-mails: no mail, no directory.
    expect(Object.keys(env)).not.toContain(ENV.emailFrom);
    expect(Object.keys(env)).not.toContain(ENV.userPoolId);
    expect(env[SECRET_ENV.asaasApiKey.arn]).toEqual({ Ref: logicalId(s.stack.secrets.byName.asaasApiKey) });
    expect(actions()).toEqual(
      expect.arrayContaining([
        'dynamodb:Query',
        'dynamodb:BatchGetItem',
        'dynamodb:UpdateItem',
        'secretsmanager:GetSecretValue',
        'states:SendTaskSuccess',
        'states:StartExecution',
      ]),
    );
    // Only the Asaas key among the secrets, and no other service than its grants name.
    const secrets = statements().filter((st) =>
      asArray(st.Action as string[]).includes('secretsmanager:GetSecretValue'),
    );
    expect(secrets.map((st) => st.Resource)).toEqual([{ Ref: logicalId(s.stack.secrets.byName.asaasApiKey) }]);
    const services = new Set(actions().map((a) => a.split(':')[0]));
    // xray: active tracing on every function (its PutTraceSegments cannot be scoped to a resource).
    expect([...services].sort()).toEqual(['dynamodb', 'secretsmanager', 'states', 'xray']);
  });

  it('adds no unacknowledged cdk-nag finding', () => {
    expect(reportedViolations(s.outdir, s.nag.name)).toEqual([]);
  });
});

describe('the reminders of unpaid charges and missing documents', () => {
  const reminders = () => s.stack.schedules.functions.SendReminders;

  it('run every hour from 08:05 to 20:05 in São Paulo, never at night', () => {
    const schedule = Object.values(resources('AWS::Scheduler::Schedule')).find(
      (candidate) =>
        JSON.stringify((candidate.Properties.Target as Json).Arn) ===
        JSON.stringify({ 'Fn::GetAtt': [logicalId(reminders()), 'Arn'] }),
    );
    expect(schedule?.Properties).toMatchObject({
      ScheduleExpression: 'cron(5 8,9,10,11,12,13,14,15,16,17,18,19,20 * * ? *)',
      ScheduleExpressionTimezone: 'America/Sao_Paulo',
    });
  });

  it('query only the two index partitions their candidates live in, and send e-mail and WhatsApp', () => {
    const policy = policyStatementsOfRole(s.template, logicalId(reminders().role!));
    const indexQuery = policy.find((st) => JSON.stringify(st.Resource).includes('/index/'));
    expect(JSON.stringify(indexQuery?.Condition)).toContain('CHARGE_STATUS#PENDING');
    expect(JSON.stringify(indexQuery?.Condition)).toContain('PROCESS_STATUS#pago');
    const services = new Set(
      policy.flatMap((st) => asArray(st.Action as string | string[])).map((a) => a.split(':')[0]),
    );
    // secretsmanager: the WhatsApp access token, by its ARN.
    expect([...services].sort()).toEqual(['dynamodb', 'secretsmanager', 'ses', 'xray']);
  });
});

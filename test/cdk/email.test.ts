import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/grants.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import {
  asArray,
  logicalId,
  policyStatementsOfRole,
  reportedViolations,
  synthBaixa,
  type SynthesizedBaixa,
  type Json,
} from './helpers.js';

/** E-mail that keeps its reputation: the configuration set, its bounce and complaint events, and who may send. */
let s: SynthesizedBaixa;
beforeAll(() => {
  s = synthBaixa({ skipBundling: true });
});

const resources = (type: string) => s.template.findResources(type) as Record<string, { Properties: Json } & Json>;
const only = (type: string) => {
  const found = Object.values(resources(type));
  expect(found, type).toHaveLength(1);
  return found[0]!.Properties;
};
const setRef = () => ({ Ref: logicalId(s.stack.email.configurationSet) });
const feedback = () => s.stack.emailFeedback.function;

describe('the SES configuration set', () => {
  it('suppresses addresses that bounced or complained, keeps reputation metrics and requires TLS', () => {
    expect(only('AWS::SES::ConfigurationSet')).toMatchObject({
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
      ReputationOptions: { ReputationMetricsEnabled: true },
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
    });
  });

  it('publishes bounces and complaints to the default event bus', () => {
    const destination = only('AWS::SES::ConfigurationSetEventDestination');
    expect(destination.ConfigurationSetName).toEqual(setRef());
    const spec = destination.EventDestination as Json;
    expect(spec).toMatchObject({ Enabled: true, MatchingEventTypes: ['bounce', 'complaint'] });
    expect(JSON.stringify(spec.EventBridgeDestination)).toContain(':event-bus/default');
  });

  it('is the default set of the sender identity and of Cognito’s own messages', () => {
    expect(only('AWS::SES::EmailIdentity').ConfigurationSetAttributes).toEqual({ ConfigurationSetName: setRef() });
    const pool = only('AWS::Cognito::UserPool');
    expect(pool.EmailConfiguration).toMatchObject({ EmailSendingAccount: 'DEVELOPER', ConfigurationSet: setRef() });
  });

  it('is named on every send: each sending function gets its name and may send through it', () => {
    const senders = s.stack.node
      .findAll()
      .filter((c): c is typeof c & { role: { node: unknown } } => c.constructor.name === 'ServiceFunction')
      .map((fn) => resources('AWS::Lambda::Function')[logicalId(fn)]!)
      .filter((fn) => ENV.emailFrom in ((fn.Properties.Environment as { Variables: Json }).Variables ?? {}));
    expect(senders.length).toBeGreaterThan(5);
    for (const fn of senders) {
      const variables = (fn.Properties.Environment as { Variables: Json }).Variables;
      expect(variables[ENV.emailConfigurationSet]).toEqual(setRef());
    }
    const confirm = s.stack.workflowTasks.functions.ConfirmPayment;
    const [send] = policyStatementsOfRole(s.template, logicalId(confirm.role!)).filter((st) =>
      asArray(st.Action as string[]).includes('ses:SendEmail'),
    );
    const resourcesOf = JSON.stringify(send!.Resource);
    expect(resourcesOf).toContain(':identity/');
    expect(resourcesOf).toContain(':configuration-set/');
  });
});

describe('the bounce and complaint events', () => {
  it('reach ReceiveEmailFeedback through an EventBridge rule, with retries and a dead-letter queue', () => {
    const rule = only('AWS::Events::Rule');
    expect(rule.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': ['Email Bounced', 'Email Complaint Received'],
    });
    const [target] = rule.Targets as Json[];
    expect(target).toMatchObject({
      Arn: { 'Fn::GetAtt': [logicalId(feedback()), 'Arn'] },
      RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 86_400 },
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(s.stack.emailFeedback.deadLetters), 'Arn'] } },
    });
  });

  it('lets the function write only the suppression records (pattern 64)', () => {
    const statements = policyStatementsOfRole(s.template, logicalId(feedback().role!));
    const table = statements.filter((st) => asArray(st.Action as string[]).some((a) => a.startsWith('dynamodb:')));
    expect(table).toHaveLength(1);
    expect(table[0]!.Action).toEqual('dynamodb:PutItem');
    expect(JSON.stringify(table[0]!.Condition)).toContain(keys.emailSuppression(''));
    expect(statements.some((st) => asArray(st.Action as string[]).some((a) => a.startsWith('ses:')))).toBe(false);
  });

  it('adds no cdk-nag finding', () => {
    const violations = reportedViolations(s.outdir, 'AwsSolutions').filter((v) => /Email/.test(v));
    expect(violations).toEqual([]);
  });
});

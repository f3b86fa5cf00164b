// Auth: the user pool, its triggers, group and client.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS, AUTH_TRIGGERS } from '../../lambdas/functions.js';
import { ENV, SECRET_ENV, SECRET_NAMES, secretsOf } from '../../lambdas/grants.js';
import { ADMIN_GROUP } from '../../domain/auth.js';
import type { ServiceFunction } from '../../lib/constructs/service-function.js';
import { asArray, logicalId, type SynthesizedBaixa } from './helpers.js';
import {
  stage,
  type Json,
  resources,
  statementsOf,
  actionsOf,
  allServiceFunctions,
  serviceFunctionNamed,
} from './stage.js';

let s: SynthesizedBaixa;
beforeAll(() => {
  s = stage();
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
    // The magic-link e-mail is recorded in the customer's case file (pattern 84): its one UpdateItem under CUSTOMER#.
    const expected: [ServiceFunction, [string[], string][]][] = [
      [triggers.customMessage, [[['dynamodb:PutItem'], 'RECOVERY#*']]],
      [
        triggers.createAuthChallenge,
        [
          [['dynamodb:PutItem', 'dynamodb:UpdateItem'], 'MAGICLINK#*'],
          [['dynamodb:UpdateItem'], 'CUSTOMER#*'],
        ],
      ],
      [triggers.verifyAuthChallengeResponse, [[['dynamodb:UpdateItem'], 'MAGICLINK#*']]],
      [triggers.postConfirmation, [[['dynamodb:UpdateItem'], 'CUSTOMER#*']]],
    ];
    for (const [fn, statements] of expected) {
      const dynamo = statementsOf(fn).filter((st) =>
        asArray(st.Action as string[]).some((a) => a.startsWith('dynamodb:')),
      );
      expect(dynamo).toEqual(
        statements.map(([actions, prefix]) => ({
          Effect: 'Allow',
          Action: actions.length === 1 ? actions[0] : actions,
          Resource: tableArn,
          Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [prefix] } },
        })),
      );
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

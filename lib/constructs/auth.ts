import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IDependable } from 'constructs';
import { Construct } from 'constructs';
import { ADMIN_GROUP, MIN_PASSWORD_LENGTH } from '../../domain/auth.js';
import { AUTH_TRIGGERS, type AuthTriggerName } from '../../lambdas/functions.js';
import type { FunctionGrants } from '../../lambdas/grants.js';
import { ServiceFunction, type GrantTargets } from './service-function.js';

export interface AuthProps {
  /** Deployment stage, passed to the trigger functions. */
  readonly stage: string;
  /** Verified SES sender Cognito e-mails come from. */
  readonly senderEmail: string;
  /** The SES identity of `senderEmail`; the pool is created after it. */
  readonly senderIdentity: IDependable;
  /** The SES configuration set Cognito's own messages go through too (bounces and complaints, suppression). */
  readonly configurationSetName?: string;
  /**
   * What the triggers' catalogue grants point at: the single table (magic-link records, the ACCOUNT marker), the SES
   * sender (magic-link and welcome e-mails), the SPA's URL (every link; may be a lazy token, as the Web construct
   * that owns it needs this pool's ids first) and the magic-link signing key.
   */
  readonly targets: GrantTargets;
  /**
   * Cognito feature plan. Essentials keeps native passwordless (EMAIL_OTP) available; Plus (threat
   * protection) costs several times more per MAU and is planned, not needed for launch.
   * @default cognito.FeaturePlan.ESSENTIALS
   */
  readonly featurePlan?: cognito.FeaturePlan;
}

/**
 * Customer and admin identities: user pool, SPA client, `admin` group, the pt-BR message trigger, the magic-link
 * sign-in (CUSTOM_AUTH triggers and their signing key) and the welcome e-mail (PostConfirmation).
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  /** Every trigger function, by its catalogue name. */
  readonly triggers: Record<AuthTriggerName, ServiceFunction>;
  /** Issuer of the pool's JWTs, for the API's JWT authorizer. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    // Cognito's own e-mails are English-only templates; the CustomMessage trigger writes them in Portuguese with a
    // link to the SPA (domain/auth-links.ts) instead of a bare code. Every trigger's IAM and environment (the
    // magic-link key's ARN included) come from its catalogue grants.
    const trigger = (id: string, name: AuthTriggerName) =>
      new ServiceFunction(this, id, { entry: AUTH_TRIGGERS[name].entry, stage: props.stage }).applyGrants(
        AUTH_TRIGGERS[name].grants,
        props.targets,
      );
    this.triggers = {
      customMessage: trigger('CustomMessage', 'customMessage'),
      defineAuthChallenge: trigger('DefineAuthChallenge', 'defineAuthChallenge'),
      createAuthChallenge: trigger('CreateAuthChallenge', 'createAuthChallenge'),
      verifyAuthChallengeResponse: trigger('VerifyAuthChallengeResponse', 'verifyAuthChallengeResponse'),
      postConfirmation: trigger('PostConfirmation', 'postConfirmation'),
      preTokenGeneration: trigger('PreTokenGeneration', 'preTokenGeneration'),
    };

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: true,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product spec fixes "pelo menos 6 caracteres" (domain AUTH_MESSAGES.passwordTooShort) and no
      // complexity rules; the SPA validates the same rule before calling Cognito.
      passwordPolicy: {
        minLength: MIN_PASSWORD_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Optional for the pool, required for admins: an admin without an enrolled authenticator app gets no
      // second-factor claim, so the API refuses them and the SPA sends them to enrolment (docs/decisions.md).
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: props.featurePlan ?? cognito.FeaturePlan.ESSENTIALS,
      // Cognito's built-in sender is capped at 50 e-mails a day and cannot use our domain.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.senderEmail,
        configurationSetName: props.configurationSetName,
        // The stack is region-agnostic; the identity lives in the stack's region.
        sesRegion: Stack.of(this).region,
      }),
      lambdaTriggers: {
        customMessage: this.triggers.customMessage,
        defineAuthChallenge: this.triggers.defineAuthChallenge,
        createAuthChallenge: this.triggers.createAuthChallenge,
        verifyAuthChallengeResponse: this.triggers.verifyAuthChallengeResponse,
        postConfirmation: this.triggers.postConfirmation,
        preTokenGeneration: this.triggers.preTokenGeneration,
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Cognito rejects an unknown SES identity, so the identity must exist first.
    this.userPool.node.addDependency(props.senderIdentity);

    // `ownUserPool` grants, in a policy apart from the functions' own: the pool depends on its triggers, so their
    // default policies (which the functions depend on) cannot name it without a cycle.
    const readersOfPool = (Object.keys(this.triggers) as AuthTriggerName[])
      .filter((name) => (AUTH_TRIGGERS[name].grants as FunctionGrants).ownUserPool === 'read')
      .map((name) => this.triggers[name].role)
      .filter((role): role is iam.IRole => role !== undefined);
    new iam.Policy(this, 'TriggersReadOwnPool', {
      roles: readersOfPool,
      statements: [
        new iam.PolicyStatement({
          actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
          resources: [this.userPool.userPoolArn],
        }),
      ],
    });

    this.client = this.userPool.addClient('SpaClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP for passwords; CUSTOM_AUTH for the magic link (Define/Create/VerifyAuthChallenge triggers).
      authFlows: { userSrp: true, custom: true },
      // Also makes CUSTOM_AUTH answer unknown e-mails with a normal challenge (triggers see userNotFound).
      preventUserExistenceErrors: true,
      // No hosted UI: the SPA has its own screens, so OAuth flows (and their default example.com
      // callback) stay off.
      disableOAuth: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      enableTokenRevocation: true,
    });

    new cognito.CfnUserPoolGroup(this, 'AdminGroup', {
      userPoolId: this.userPool.userPoolId,
      groupName: ADMIN_GROUP,
      description: 'Equipe interna: acesso às rotas /admin',
    });

    this.issuerUrl = `https://cognito-idp.${Stack.of(this).region}.${Stack.of(this).urlSuffix}/${this.userPool.userPoolId}`;

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product spec fixes the password rule at a minimum of 6 characters with no complexity requirements; the passwordless magic-link sign-in lets customers avoid passwords altogether.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional for the pool and required for admins (TOTP; the API refuses an admin token without the second-factor claim). The product spec has no MFA for customers; the passwordless magic link proves possession of the e-mail account on every sign-in where it is used.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Plus tier (threat protection) multiplies the per-MAU price for a low-margin consumer service; it is planned once sign-up volume justifies it. Essentials is used meanwhile.',
      },
    );
  }
}

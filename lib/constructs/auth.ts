import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type { IDependable } from 'constructs';
import { Construct } from 'constructs';
import { AUTH_TRIGGERS, ENV } from '../../lambdas/functions.js';
import { ServiceFunction } from './service-function.js';

/** The Cognito group whose members may call 'admin' routes (checked in the handlers from `cognito:groups`). */
export const ADMIN_GROUP = 'admin';

export interface AuthProps {
  /** Deployment stage, passed to the trigger functions. */
  readonly stage: string;
  /** Verified SES sender Cognito e-mails come from. */
  readonly senderEmail: string;
  /** The SES identity of `senderEmail`; the pool is created after it. */
  readonly senderIdentity: IDependable;
  /**
   * Public URL of the SPA; the CustomMessage trigger builds the confirm / reset links from it.
   * May be a lazy token: the Web construct that owns the URL needs this pool's ids first.
   */
  readonly appUrl: string;
  /**
   * Cognito feature plan. Essentials keeps native passwordless (EMAIL_OTP) available; Plus (threat
   * protection) costs several times more per MAU and is planned, not needed for launch.
   * @default cognito.FeaturePlan.ESSENTIALS
   */
  readonly featurePlan?: cognito.FeaturePlan;
}

/** Customer and admin identities: user pool, SPA client, `admin` group and the pt-BR message trigger. */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly customMessage: ServiceFunction;
  /** Issuer of the pool's JWTs, for the API's JWT authorizer. */
  readonly issuerUrl: string;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    // Cognito's own e-mails are English-only templates; the trigger writes them in Portuguese with a
    // link to the SPA (domain/auth-links.ts) instead of a bare code.
    this.customMessage = new ServiceFunction(this, 'CustomMessage', {
      entry: AUTH_TRIGGERS.customMessage.entry,
      stage: props.stage,
      environment: { [ENV.appUrl]: props.appUrl },
    }).applyGrants(AUTH_TRIGGERS.customMessage.grants, {});

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
        minLength: 6,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      mfa: cognito.Mfa.OFF,
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      featurePlan: props.featurePlan ?? cognito.FeaturePlan.ESSENTIALS,
      // Cognito's built-in sender is capped at 50 e-mails a day and cannot use our domain.
      email: cognito.UserPoolEmail.withSES({
        fromEmail: props.senderEmail,
        // The stack is region-agnostic; the identity lives in the stack's region.
        sesRegion: Stack.of(this).region,
      }),
      lambdaTriggers: { customMessage: this.customMessage },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Cognito rejects an unknown SES identity, so the identity must exist first.
    this.userPool.node.addDependency(props.senderIdentity);

    this.client = this.userPool.addClient('SpaClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP for passwords; CUSTOM_AUTH is reserved for the magic-link sign-in of a later issue.
      authFlows: { userSrp: true, custom: true },
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
          'The product spec fixes the password rule at a minimum of 6 characters with no complexity requirements; passwordless magic-link sign-in is planned to make passwords optional.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product spec has no MFA for customers; the planned passwordless magic link proves possession of the e-mail account on every sign-in.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Plus tier (threat protection) multiplies the per-MAU price for a low-margin consumer service; it is planned once sign-up volume justifies it. Essentials is used meanwhile.',
      },
    );
  }
}

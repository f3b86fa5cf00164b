import { createHmac, randomBytes } from 'node:crypto';
import type {
  CreateAuthChallengeTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotConfirmedException,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import type { AppClient } from 'cognito-local/lib/services/appClient.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import type { Tokens } from 'cognito-local/lib/services/tokenGenerator.js';
import { attributesToRecord, type User, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { callerContext, invokeTrigger, TRIGGER_REGION, type CognitoTriggers } from './triggers.js';

/**
 * Cognito's CUSTOM_AUTH flow, which cognito-local lacks, driven by the project's own Define/Create/Verify trigger
 * handlers (no second implementation of the magic-link rules) and finished with cognito-local's token generator.
 * Follows what Cognito does and documents:
 * - InitiateAuth's ClientMetadata reaches none of the challenge triggers; RespondToAuthChallenge's reaches all three.
 * - With PreventUserExistenceErrors=ENABLED an unknown username gets a normal-looking challenge: the triggers run
 *   with `userNotFound: true` (and the typed username), and the flow can only end in NotAuthorizedException.
 * - A session answers once and lives 3 minutes (Cognito's default AuthSessionValidity); failures say
 *   'Incorrect username or password.'.
 */
export type InitiateCustomAuthRequest = {
  ClientId: string;
  AuthParameters?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
};
export type RespondToCustomChallengeRequest = {
  ClientId: string;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
  ClientMetadata?: Record<string, string>;
};
export type CustomAuthResult =
  | { ChallengeName: 'CUSTOM_CHALLENGE'; Session: string; ChallengeParameters: Record<string, string> }
  | { ChallengeParameters: Record<string, string>; AuthenticationResult: Tokens };

type SessionEntry = DefineAuthChallengeTriggerEvent['request']['session'][number];

type AuthState = {
  clientId: string;
  /** USERNAME in the challenge parameters, which the client sends back. */
  username: string;
  /** What the triggers see as `userName`: the user's username, or what was typed for an unknown one. */
  triggerUserName: string;
  /** Null for an unknown username (PreventUserExistenceErrors). */
  user: User | null;
  session: SessionEntry[];
};

type PendingChallenge = AuthState & {
  challengeMetadata: string | undefined;
  privateChallengeParameters: Record<string, string>;
  expiresAt: number;
};

const SESSION_VALIDITY_MS = 3 * 60 * 1000;
const FAILED = 'Incorrect username or password.';

type ChallengeTriggers = Required<
  Pick<CognitoTriggers, 'defineAuthChallenge' | 'createAuthChallenge' | 'verifyAuthChallengeResponse'>
>;

export class CustomAuthFlow {
  private readonly pending = new Map<string, PendingChallenge>();
  /** Keys the stand-in usernames of unknown e-mails: stable per address, meaningless across restarts. */
  private readonly fakeUsernameKey = randomBytes(32);

  constructor(
    private readonly services: Services,
    private readonly triggers: CognitoTriggers,
    private readonly now: () => number = Date.now,
  ) {}

  async initiate(ctx: Context, req: InitiateCustomAuthRequest): Promise<CustomAuthResult> {
    const { pool, appClient } = await this.clientOf(ctx, req.ClientId);
    const typed = req.AuthParameters?.USERNAME;
    if (!typed) throw new InvalidParameterError('Missing required parameter USERNAME');
    const user = await pool.getUserByUsername(ctx, typed);
    if (!user && appClient.PreventUserExistenceErrors !== 'ENABLED')
      throw new UserNotFoundError('User does not exist.');
    if (user && !user.Enabled) throw new NotAuthorizedError('User is disabled.');
    const state: AuthState = {
      clientId: req.ClientId,
      username: user?.Username ?? this.fakeUsername(typed),
      triggerUserName: user?.Username ?? typed,
      user,
      session: [],
    };
    // InitiateAuth's ClientMetadata is deliberately not passed on: Cognito does not pass it to these triggers.
    return this.nextRound(ctx, pool, appClient, state, undefined);
  }

  async respond(ctx: Context, req: RespondToCustomChallengeRequest): Promise<CustomAuthResult> {
    if (!req.Session) throw new InvalidParameterError('Missing required parameter Session');
    const username = req.ChallengeResponses?.USERNAME;
    if (!username) throw new InvalidParameterError('Missing required parameter USERNAME');
    const answer = req.ChallengeResponses?.ANSWER;
    if (answer === undefined) throw new InvalidParameterError('Missing required parameter ANSWER');

    this.forgetExpired();
    const challenge = this.pending.get(req.Session);
    this.pending.delete(req.Session);
    if (!challenge || challenge.clientId !== req.ClientId) {
      throw new NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    if (username !== challenge.username && username !== challenge.triggerUserName) throw new NotAuthorizedError(FAILED);

    const { pool, appClient } = await this.clientOf(ctx, req.ClientId);
    // Attributes may have changed since the challenge was issued (as they would be re-read on AWS).
    const user = challenge.user ? await pool.getUserByUsername(ctx, challenge.user.Username) : null;
    if (challenge.user && !user) throw new NotAuthorizedError(FAILED);
    const state: AuthState = { ...challenge, user };

    const verified = await invokeTrigger(
      'VerifyAuthChallengeResponse',
      this.challengeTriggers().verifyAuthChallengeResponse,
      {
        ...this.eventBase(pool, state),
        triggerSource: 'VerifyAuthChallengeResponse_Authentication',
        request: {
          userAttributes: this.attributesOf(state.user),
          privateChallengeParameters: challenge.privateChallengeParameters,
          challengeAnswer: answer,
          userNotFound: state.user === null,
          ...(req.ClientMetadata ? { clientMetadata: req.ClientMetadata } : {}),
        },
        response: { answerCorrect: false },
      } satisfies VerifyAuthChallengeResponseTriggerEvent,
    );
    state.session = [
      ...state.session,
      {
        challengeName: 'CUSTOM_CHALLENGE',
        challengeResult: verified.response.answerCorrect === true,
        challengeMetadata: challenge.challengeMetadata,
      },
    ];
    return this.nextRound(ctx, pool, appClient, state, req.ClientMetadata);
  }

  /** DefineAuthChallenge decides; then either tokens, a failure, or CreateAuthChallenge's next challenge. */
  private async nextRound(
    ctx: Context,
    pool: UserPoolService,
    appClient: AppClient,
    state: AuthState,
    clientMetadata: Record<string, string> | undefined,
  ): Promise<CustomAuthResult> {
    const triggers = this.challengeTriggers();
    const metadata = clientMetadata ? { clientMetadata } : {};
    const request = {
      userAttributes: this.attributesOf(state.user),
      session: state.session,
      userNotFound: !state.user,
    };
    const defined = await invokeTrigger('DefineAuthChallenge', triggers.defineAuthChallenge, {
      ...this.eventBase(pool, state),
      triggerSource: 'DefineAuthChallenge_Authentication',
      request: { ...request, ...metadata },
      response: { issueTokens: false, failAuthentication: false },
    } satisfies DefineAuthChallengeTriggerEvent);
    const decision = defined.response;

    if (decision.failAuthentication) throw new NotAuthorizedError(FAILED);
    if (decision.issueTokens) return this.issueTokens(ctx, pool, appClient, state, clientMetadata);
    if (decision.challengeName !== 'CUSTOM_CHALLENGE') {
      throw new CognitoError(
        'InvalidLambdaResponseException',
        `cognito-local supports only CUSTOM_CHALLENGE from DefineAuthChallenge, not ${decision.challengeName}`,
      );
    }

    const created = await invokeTrigger('CreateAuthChallenge', triggers.createAuthChallenge, {
      ...this.eventBase(pool, state),
      triggerSource: 'CreateAuthChallenge_Authentication',
      request: { ...request, challengeName: 'CUSTOM_CHALLENGE', ...metadata },
      response: { publicChallengeParameters: {}, privateChallengeParameters: {}, challengeMetadata: '' },
    } satisfies CreateAuthChallengeTriggerEvent);

    this.forgetExpired();
    const session = randomBytes(64).toString('base64url');
    this.pending.set(session, {
      ...state,
      challengeMetadata: created.response.challengeMetadata || undefined,
      privateChallengeParameters: created.response.privateChallengeParameters ?? {},
      expiresAt: this.now() + SESSION_VALIDITY_MS,
    });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeParameters: { ...created.response.publicChallengeParameters, USERNAME: state.username },
    };
  }

  private async issueTokens(
    ctx: Context,
    pool: UserPoolService,
    appClient: AppClient,
    state: AuthState,
    clientMetadata: Record<string, string> | undefined,
  ): Promise<CustomAuthResult> {
    // Whatever a trigger answers, an unknown username never gets tokens.
    if (!state.user) throw new NotAuthorizedError(FAILED);
    if (state.user.UserStatus === 'UNCONFIRMED') throw new UserNotConfirmedException();
    const groups = await pool.listUserGroupMembership(ctx, state.user);
    const tokens = await this.services.tokenGenerator.generate(
      ctx,
      state.user,
      groups,
      appClient,
      clientMetadata,
      'Authentication',
    );
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, state.user);
    return { ChallengeParameters: {}, AuthenticationResult: tokens };
  }

  private async clientOf(ctx: Context, clientId: string): Promise<{ pool: UserPoolService; appClient: AppClient }> {
    const appClient = await this.services.cognito.getAppClient(ctx, clientId);
    if (!appClient) throw new NotAuthorizedError();
    const flows = appClient.ExplicitAuthFlows ?? [];
    if (!flows.includes('ALLOW_CUSTOM_AUTH') && !flows.includes('CUSTOM_AUTH_FLOW_ONLY')) {
      throw new InvalidParameterError('Custom auth flow is not enabled for this client.');
    }
    return { pool: await this.services.cognito.getUserPoolForClientId(ctx, clientId), appClient };
  }

  private challengeTriggers(): ChallengeTriggers {
    const { defineAuthChallenge, createAuthChallenge, verifyAuthChallengeResponse } = this.triggers;
    if (!defineAuthChallenge || !createAuthChallenge || !verifyAuthChallengeResponse) {
      throw new InvalidParameterError('Custom auth lambda trigger is not configured for the user pool.');
    }
    return { defineAuthChallenge, createAuthChallenge, verifyAuthChallengeResponse };
  }

  private eventBase(pool: UserPoolService, state: AuthState) {
    return {
      version: '1',
      region: TRIGGER_REGION,
      userPoolId: pool.options.Id,
      userName: state.triggerUserName,
      callerContext: callerContext(state.clientId),
    };
  }

  private attributesOf(user: User | null): Record<string, string> {
    return user ? { ...attributesToRecord(user.Attributes), 'cognito:user_status': user.UserStatus } : {};
  }

  /** A UUID-shaped username, like a real user's, stable per address so two attempts look alike. */
  private fakeUsername(typed: string): string {
    const hex = createHmac('sha256', this.fakeUsernameKey).update(typed.trim().toLowerCase()).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [session, challenge] of this.pending) if (challenge.expiresAt <= now) this.pending.delete(session);
  }
}

const flows = new WeakMap<Services, CustomAuthFlow>();

/** One flow (and its pending sessions) per running cognito-local. */
export function customAuthFlowFor(services: Services, triggers: CognitoTriggers): CustomAuthFlow {
  let flow = flows.get(services);
  if (!flow) {
    flow = new CustomAuthFlow(services, triggers);
    flows.set(services, flow);
  }
  return flow;
}

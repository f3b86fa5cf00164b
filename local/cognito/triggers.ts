import type {
  CreateAuthChallengeTriggerEvent,
  CustomMessageTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  PostConfirmationTriggerEvent,
  PreTokenGenerationTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { InvalidLambdaResponseError, UserLambdaValidationError } from 'cognito-local/lib/errors.js';
import type { Context } from 'cognito-local/lib/services/context.js';
import type { Triggers } from 'cognito-local/lib/services/triggers/triggers.js';
import { attributesToRecord } from 'cognito-local/lib/services/userPoolService.js';

/**
 * Cognito user-pool triggers run in-process: cognito-local's `Triggers` service is replaced by one that
 * builds the event real Cognito sends, calls our handler and maps a thrown error to the
 * UserLambdaValidationException real Cognito answers with. No Lambda emulator, no aws-sdk v2 Lambda client.
 *
 * To add a trigger cognito-local already knows (PreSignUp, PreTokenGeneration, …): add its handler below, its
 * event builder, and an adapter in `inProcessTriggers` (as CustomMessage and PostConfirmation do). Triggers
 * cognito-local does not know (Define/Create/VerifyAuthChallenge for CUSTOM_AUTH) run from `targetOverrides`
 * (targets.ts → custom-auth.ts), which wrap InitiateAuth and RespondToAuthChallenge and receive these same handlers.
 */
export type TriggerHandler<Event> = (event: Event) => Promise<Event>;

export type CognitoTriggers = {
  customMessage?: TriggerHandler<CustomMessageTriggerEvent>;
  postConfirmation?: TriggerHandler<PostConfirmationTriggerEvent>;
  preTokenGeneration?: TriggerHandler<PreTokenGenerationTriggerEvent>;
  /** CUSTOM_AUTH: run by the InitiateAuth / RespondToAuthChallenge overrides (custom-auth.ts), all three or none. */
  defineAuthChallenge?: TriggerHandler<DefineAuthChallengeTriggerEvent>;
  createAuthChallenge?: TriggerHandler<CreateAuthChallengeTriggerEvent>;
  verifyAuthChallengeResponse?: TriggerHandler<VerifyAuthChallengeResponseTriggerEvent>;
};

/** The region real trigger events carry; pool ids stay `local_…` (cognito-local's own prefix). */
export const TRIGGER_REGION = 'us-east-1';
/** Placeholders real Cognito hands to CustomMessage and substitutes afterwards. */
export const CODE_PARAMETER = '{####}';
export const USERNAME_PARAMETER = '{username}';
export const LINK_PARAMETER = '{##Click Here##}';

type SupportedTrigger = Parameters<Triggers['enabled']>[0];
type CustomMessageParams = Parameters<Triggers['customMessage']>[1];
type CustomMessageResult = Awaited<ReturnType<Triggers['customMessage']>>;
type PostConfirmationParams = Parameters<Triggers['postConfirmation']>[1];
type PreTokenGenerationParams = Parameters<Triggers['preTokenGeneration']>[1];

/** The groups of a user, which cognito-local leaves out of the PreTokenGeneration event and real Cognito sends. */
export type GroupsOfUser = (ctx: Context, userPoolId: string, username: string) => Promise<readonly string[]>;

export function callerContext(clientId: string | null) {
  // cognito-local passes CLIENT_ID_NOT_APPLICABLE for admin actions, like real Cognito.
  return { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: clientId ?? 'CLIENT_ID_NOT_APPLICABLE' };
}

export function customMessageEvent(params: CustomMessageParams): CustomMessageTriggerEvent {
  return {
    version: '1',
    region: TRIGGER_REGION,
    userPoolId: params.userPoolId,
    triggerSource: params.source,
    userName: params.username,
    callerContext: callerContext(params.clientId),
    request: {
      userAttributes: attributesToRecord(params.userAttributes),
      codeParameter: CODE_PARAMETER,
      linkParameter: LINK_PARAMETER,
      usernameParameter: params.source === 'CustomMessage_AdminCreateUser' ? USERNAME_PARAMETER : null,
      ...(params.clientMetadata ? { clientMetadata: params.clientMetadata } : {}),
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  };
}

export function postConfirmationEvent(params: PostConfirmationParams): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: TRIGGER_REGION,
    userPoolId: params.userPoolId,
    triggerSource: params.source,
    userName: params.username,
    callerContext: callerContext(params.clientId),
    request: {
      userAttributes: attributesToRecord(params.userAttributes),
      ...(params.clientMetadata ? { clientMetadata: params.clientMetadata } : {}),
    },
    response: {},
  };
}

export function preTokenGenerationEvent(
  params: PreTokenGenerationParams,
  groups: readonly string[],
): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    region: TRIGGER_REGION,
    userPoolId: params.userPoolId,
    triggerSource:
      params.source === 'RefreshTokens' ? 'TokenGeneration_RefreshTokens' : 'TokenGeneration_Authentication',
    userName: params.username,
    callerContext: callerContext(params.clientId),
    request: {
      userAttributes: attributesToRecord(params.userAttributes),
      groupConfiguration: { groupsToOverride: [...groups], iamRolesToOverride: [], preferredRole: undefined },
      ...(params.clientMetadata ? { clientMetadata: params.clientMetadata } : {}),
    },
    response: { claimsOverrideDetails: {} },
  };
}

/**
 * Runs a handler the way Cognito runs a Lambda: a throw becomes UserLambdaValidationException, an answer that is
 * not an event with a `response` becomes InvalidLambdaResponseException.
 */
export async function invokeTrigger<Event extends { response: object }>(
  name: string,
  handler: TriggerHandler<Event>,
  event: Event,
): Promise<Event> {
  let result: unknown;
  try {
    result = await handler(event);
  } catch (err) {
    throw new UserLambdaValidationError(
      `${name} failed with error ${err instanceof Error ? err.message : String(err)}.`,
    );
  }
  if (typeof result !== 'object' || result === null || typeof (result as Event).response !== 'object') {
    throw new InvalidLambdaResponseError();
  }
  return result as Event;
}

function fill(template: string | null | undefined, code: string, username: string): string | null {
  if (!template) return null;
  return template.replaceAll(CODE_PARAMETER, code).replaceAll(USERNAME_PARAMETER, username);
}

async function customMessage(
  ctx: Context,
  handler: TriggerHandler<CustomMessageTriggerEvent>,
  params: CustomMessageParams,
): Promise<CustomMessageResult> {
  const { response } = await invokeTrigger('CustomMessage', handler, customMessageEvent(params));
  if (response.emailMessage && !response.emailMessage.includes(CODE_PARAMETER)) {
    // Real Cognito rejects a custom message without the code and sends its default one; so do we, loudly.
    ctx.logger.warn(
      `CustomMessage (${params.source}) returned an emailMessage without ${CODE_PARAMETER}: default message used`,
    );
    return null;
  }
  return {
    emailSubject: response.emailSubject || null,
    emailMessage: fill(response.emailMessage, params.code, params.username),
    smsMessage: fill(response.smsMessage, params.code, params.username),
  };
}

const notConfigured = (name: SupportedTrigger) => () =>
  Promise.reject(new Error(`cognito-local called the ${name} trigger, which is not configured`));

/** cognito-local's `Triggers` service backed by in-process handlers. */
export function inProcessTriggers(handlers: CognitoTriggers, groupsOf: GroupsOfUser): Triggers {
  const enabled: Record<SupportedTrigger, boolean> = {
    CustomMessage: Boolean(handlers.customMessage),
    CustomEmailSender: false,
    PostAuthentication: false,
    PostConfirmation: Boolean(handlers.postConfirmation),
    PreSignUp: false,
    PreTokenGeneration: Boolean(handlers.preTokenGeneration),
    UserMigration: false,
  };
  return {
    enabled: (trigger) => enabled[trigger],
    customMessage: async (ctx, params) =>
      handlers.customMessage ? customMessage(ctx, handlers.customMessage, params) : notConfigured('CustomMessage')(),
    customEmailSender: notConfigured('CustomEmailSender'),
    postAuthentication: notConfigured('PostAuthentication'),
    // Unlike cognito-local's own adapter (which logs and swallows), a throw fails the call, as on AWS.
    postConfirmation: async (_ctx, params) => {
      if (!handlers.postConfirmation) return notConfigured('PostConfirmation')();
      await invokeTrigger('PostConfirmation', handlers.postConfirmation, postConfirmationEvent(params));
    },
    preSignUp: notConfigured('PreSignUp'),
    // cognito-local applies the answer's claimsOverrideDetails to the id token only, as Cognito does (event V1).
    preTokenGeneration: async (ctx, params) => {
      if (!handlers.preTokenGeneration) return notConfigured('PreTokenGeneration')();
      const groups = await groupsOf(ctx, params.userPoolId, params.username);
      const { response } = await invokeTrigger(
        'PreTokenGeneration',
        handlers.preTokenGeneration,
        preTokenGenerationEvent(params, groups),
      );
      return response;
    },
    userMigration: notConfigured('UserMigration'),
  };
}

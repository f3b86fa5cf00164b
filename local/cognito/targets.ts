import { decodeJwt } from 'jose';
import {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} from 'cognito-local/lib/errors.js';
import type { Route, Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { attribute, attributesAppend, attributeValue } from 'cognito-local/lib/services/userPoolService.js';
import {
  customAuthFlowFor,
  type InitiateCustomAuthRequest,
  type RespondToCustomChallengeRequest,
} from './custom-auth.js';
import type { CognitoTriggers } from './triggers.js';

/**
 * API targets (the part of `x-amz-target` after the dot) we answer ourselves or wrap, consulted before
 * cognito-local's router. `base` is cognito-local's own handler for the target; for a target it lacks, it rejects
 * with "unsupported". CUSTOM_AUTH lives here: InitiateAuth (AuthFlow CUSTOM_AUTH) and RespondToAuthChallenge
 * (ChallengeName CUSTOM_CHALLENGE) run the Define/Create/VerifyAuthChallenge handlers from `triggers` and mint
 * tokens with `services.tokenGenerator`, as cognito-local's password flow does (custom-auth.ts).
 */
export type TargetOverride = (deps: {
  services: Services;
  triggers: CognitoTriggers;
  base: Route;
  /** cognito-local's own handler of any target. */
  baseRouter: Router;
}) => Route;

type InitiateAuthRequest = InitiateCustomAuthRequest & { AuthFlow?: string };
type RespondToAuthChallengeRequest = RespondToCustomChallengeRequest & { ChallengeName?: string };
type ConfirmSignUpRequest = { ClientId: string; Username: string };
type ForgotPasswordRequest = { ClientId: string; Username: string };
type ResendConfirmationCodeRequest = { ClientId: string; Username: string; ClientMetadata?: Record<string, string> };
type GlobalSignOutRequest = { AccessToken?: string };
type GetTokensFromRefreshTokenRequest = { ClientId: string; RefreshToken?: string };
type AuthenticationResult = { AccessToken?: string; IdToken?: string };

/** What Cognito shows of an address in CodeDeliveryDetails: `a***@e***`. */
const maskedDestination = (username: string) => {
  const [local = '', domain = ''] = username.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
};

/** The payload of an access token, or null for anything that is not one (cognito-local's own targets only decode). */
function accessTokenClaims(token: string | undefined) {
  try {
    return token ? decodeJwt(token) : null;
  } catch {
    return null;
  }
}

export const targetOverrides: Partial<Record<string, TargetOverride>> = {
  // A wrong password is NotAuthorizedException in Cognito; cognito-local says InvalidPasswordException, which in
  // Cognito means "password breaks the policy" and would make the SPA show the wrong message.
  InitiateAuth:
    ({ services, triggers, base }) =>
    async (ctx, req: InitiateAuthRequest) => {
      if (req.AuthFlow === 'CUSTOM_AUTH') return customAuthFlowFor(services, triggers).initiate(ctx, req);
      try {
        return (await base(ctx, req)) as unknown;
      } catch (err) {
        const wrongCredentials =
          err instanceof CognitoError && ['InvalidPasswordException', 'NotAuthorizedException'].includes(err.code);
        if (req.AuthFlow === 'USER_PASSWORD_AUTH' && wrongCredentials) {
          throw new NotAuthorizedError('Incorrect username or password.');
        }
        throw err;
      }
    },

  // The magic link's answer (CUSTOM_CHALLENGE) goes to the project's Verify/Define/Create triggers (custom-auth.ts).
  // cognito-local answers the admins' authenticator code (SOFTWARE_TOKEN_MFA) itself but, unlike a password
  // sign-in, never stores the refresh token it returns: stored here, or the admin's session could not be refreshed.
  RespondToAuthChallenge:
    ({ services, triggers, base }) =>
    async (ctx, req: RespondToAuthChallengeRequest) => {
      if (req.ChallengeName === 'CUSTOM_CHALLENGE') return customAuthFlowFor(services, triggers).respond(ctx, req);
      const res = (await base(ctx, req)) as { AuthenticationResult?: { RefreshToken?: string } };
      const refreshToken = res.AuthenticationResult?.RefreshToken;
      const username = req.ChallengeResponses?.USERNAME;
      if (refreshToken && username) {
        const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
        const user = await userPool.getUserByUsername(ctx, username);
        if (user) await userPool.storeRefreshToken(ctx, refreshToken, user);
      }
      return res;
    },

  // With PreventUserExistenceErrors, Cognito answers an unknown username like a known one (a simulated delivery)
  // instead of UserNotFoundException, so 'Esqueci minha senha' never tells who has an account.
  ForgotPassword:
    ({ services, base }) =>
    async (ctx, req: ForgotPasswordRequest) => {
      try {
        // Cognito masks the address for a known user too; cognito-local would return it whole.
        const res = (await base(ctx, req)) as { CodeDeliveryDetails?: { Destination?: string } };
        const destination = res.CodeDeliveryDetails?.Destination;
        return destination
          ? { ...res, CodeDeliveryDetails: { ...res.CodeDeliveryDetails, Destination: maskedDestination(destination) } }
          : res;
      } catch (err) {
        if (!(err instanceof UserNotFoundError)) throw err;
        const appClient = await services.cognito.getAppClient(ctx, req.ClientId);
        if (appClient?.PreventUserExistenceErrors !== 'ENABLED') throw err;
        return {
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: maskedDestination(req.Username),
          },
        };
      }
    },

  // 'Reenviar e-mail' on 'Confira seu e-mail' (Amplify's resendSignUpCode); cognito-local lacks it. As Cognito: a new
  // code replaces the old one, goes out through the CustomMessage trigger as CustomMessage_ResendCode, and a confirmed
  // account is refused; an unknown one is answered like a known one when the client prevents existence errors.
  ResendConfirmationCode:
    ({ services }) =>
    async (ctx, req: ResendConfirmationCodeRequest) => {
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      if (!user) {
        const appClient = await services.cognito.getAppClient(ctx, req.ClientId);
        if (appClient?.PreventUserExistenceErrors !== 'ENABLED') throw new UserNotFoundError();
        return {
          CodeDeliveryDetails: {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: maskedDestination(req.Username),
          },
        };
      }
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = attributeValue('email', user.Attributes);
      if (!email) throw new InvalidParameterError('User has no attribute matching desired auto verified attributes');
      const code = services.otp();
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email } as const;
      await services.messages.deliver(
        ctx,
        'ResendCode',
        req.ClientId,
        userPool.options.Id,
        user,
        code,
        req.ClientMetadata,
        delivery,
      );
      await userPool.saveUser(ctx, { ...user, ConfirmationCode: code });
      return { CodeDeliveryDetails: { ...delivery, Destination: maskedDestination(email) } };
    },

  // Amplify v6 refreshes sessions with GetTokensFromRefreshToken, which cognito-local lacks; its InitiateAuth
  // REFRESH_TOKEN_AUTH does the same work. Without this, a local session would end when its first token expires.
  GetTokensFromRefreshToken:
    ({ baseRouter }) =>
    async (ctx, req: GetTokensFromRefreshTokenRequest) => {
      if (!req.RefreshToken) throw new InvalidParameterError('Missing required parameter RefreshToken');
      const { AuthenticationResult } = (await baseRouter('InitiateAuth')(ctx, {
        ClientId: req.ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      }).catch((err: unknown) => {
        // Cognito's words for a refresh token it does not know (revoked, from another pool, made up).
        if (err instanceof NotAuthorizedError) throw new NotAuthorizedError('Invalid Refresh Token');
        throw err;
      })) as { AuthenticationResult: AuthenticationResult };
      return {
        AuthenticationResult: {
          AccessToken: AuthenticationResult.AccessToken,
          IdToken: AuthenticationResult.IdToken,
          // cognito-local's tokens live an hour; no rotation, so the client keeps its refresh token.
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      };
    },

  // cognito-local lacks GlobalSignOut, which an admin's enrolment calls so that no session from before it survives.
  // As Cognito: every refresh token of the access token's user stops working.
  GlobalSignOut:
    ({ services }) =>
    async (ctx, req: GlobalSignOutRequest) => {
      const claims = accessTokenClaims(req.AccessToken);
      if (typeof claims?.client_id !== 'string' || typeof claims.sub !== 'string') throw new NotAuthorizedError();
      const userPool = await services.cognito.getUserPoolForClientId(ctx, claims.client_id);
      const user = await userPool.getUserByUsername(ctx, claims.sub);
      if (!user) throw new NotAuthorizedError();
      await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },

  // Cognito marks the e-mail verified once the code sent to it comes back; cognito-local does not.
  ConfirmSignUp:
    ({ services, base }) =>
    async (ctx, req: ConfirmSignUpRequest) => {
      const res = (await base(ctx, req)) as unknown;
      const userPool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
      const user = await userPool.getUserByUsername(ctx, req.Username);
      const emailAutoVerified = userPool.options.AutoVerifiedAttributes?.includes('email') ?? false;
      if (user && emailAutoVerified && attributeValue('email_verified', user.Attributes) !== 'true') {
        await userPool.saveUser(ctx, {
          ...user,
          Attributes: attributesAppend(user.Attributes, attribute('email_verified', 'true')),
        });
      }
      return res;
    },
};

import { AuthError } from 'aws-amplify/auth';
import { API_MESSAGES, AUTH_MESSAGES, SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { readTriggerError } from '@domain/refusals.js';

export type AuthErrorOutcome = {
  message: string;
  /** Spec 01 §8: an existing account sends the user to login. */ switchToLogin: boolean;
};

const KNOWN_AUTH_ERRORS: Record<string, AuthErrorOutcome> = {
  UsernameExistsException: { message: AUTH_MESSAGES.alreadyRegistered, switchToLogin: true },
  NotAuthorizedException: { message: AUTH_MESSAGES.invalidCredentials, switchToLogin: false },
  UserNotFoundException: { message: AUTH_MESSAGES.invalidCredentials, switchToLogin: false },
  UserNotConfirmedException: { message: AUTH_MESSAGES.emailNotConfirmed, switchToLogin: false },
};

/**
 * Spec 01 §8 error catalogue for sign-in and sign-up. Amplify throws AuthError for anything Cognito
 * (or Amplify's own input checks) rejected: those are "auth errors". Anything else (network failure,
 * a bug) is the "exception" row.
 */
export function authErrorOutcome(error: unknown): AuthErrorOutcome {
  if (!(error instanceof AuthError)) return { message: AUTH_MESSAGES.unexpectedError, switchToLogin: false };
  return KNOWN_AUTH_ERRORS[error.name] ?? { message: AUTH_MESSAGES.otherError, switchToLogin: false };
}

/** Amplify reports an unconfirmed user as a sign-in step, not an error; this puts it back in the catalogue. */
export function unconfirmedUserError(): AuthError {
  return new AuthError({ name: 'UserNotConfirmedException', message: 'User is not confirmed.' });
}

/** A sign-in step this screen cannot complete yet (MFA, new password...): an "other auth error". */
export function unsupportedSignInStepError(step: string): AuthError {
  return new AuthError({ name: 'UnsupportedSignInStep', message: `Sign-in step ${step} is not supported.` });
}

const KNOWN_MESSAGES = new Set<string>(Object.values(AUTH_MESSAGES));

/** Cognito answers the recovery and magic-link calls can meet, in the product's words. */
const REQUEST_ERROR_MESSAGES: Record<string, string> = {
  LimitExceededException: AUTH_MESSAGES.tooManyAttempts,
  TooManyRequestsException: AUTH_MESSAGES.tooManyAttempts,
  TooManyFailedAttemptsException: AUTH_MESSAGES.tooManyAttempts,
  CodeMismatchException: AUTH_MESSAGES.recoveryLinkInvalid,
  ExpiredCodeException: AUTH_MESSAGES.recoveryLinkInvalid,
  InvalidPasswordException: AUTH_MESSAGES.newPasswordRejected,
  UserNotConfirmedException: AUTH_MESSAGES.emailNotConfirmed,
};

/**
 * Spec 01 §8: recovery, magic link and password update show "the provider message" or a fixed
 * fallback. Cognito's own texts are English and technical, so the provider message is its error
 * name read through the table above; anything else gets the spec's fallback.
 */
export function authRequestErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof AuthError)) return fallback;
  return REQUEST_ERROR_MESSAGES[error.name] ?? fallback;
}

/**
 * The magic-link request's "provider message". The Create trigger only throws pt-BR domain messages (a refusal's
 * reason tagged on), which Cognito wraps as "CreateAuthChallenge failed with error <message>.".
 */
export function magicLinkRequestErrorMessage(error: unknown): string {
  if (!(error instanceof AuthError)) return AUTH_MESSAGES.magicLinkFailed;
  if (error.name === 'UserLambdaValidationException') {
    const { message, reason } = readTriggerError(error.message);
    if (reason === 'rate_limited') return AUTH_MESSAGES.magicLinkTooSoon;
    // Only the product's own pt-BR messages are shown; anything else a trigger might throw falls back.
    if (message && KNOWN_MESSAGES.has(message)) return message;
  }
  return authRequestErrorMessage(error, AUTH_MESSAGES.magicLinkFailed);
}

/** What a refused authenticator code means; `restart` when only a new sign-in can help (the challenge expired). */
export type AuthenticatorCodeOutcome = { message: string; restart: boolean };

const TOO_MANY_ATTEMPTS = new Set([
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
]);

/**
 * The authenticator code at sign-in. A wrong (or already used) code is CodeMismatchException; a sign-in whose 3-minute
 * challenge ran out (NotAuthorizedException), or that Amplify no longer holds (SignInException), ends the attempt.
 */
export function authenticatorCodeOutcome(error: unknown): AuthenticatorCodeOutcome {
  if (!(error instanceof AuthError)) return { message: AUTH_MESSAGES.unexpectedError, restart: false };
  if (TOO_MANY_ATTEMPTS.has(error.name)) return { message: AUTH_MESSAGES.tooManyAttempts, restart: false };
  switch (error.name) {
    case 'CodeMismatchException':
      return { message: SECOND_FACTOR_MESSAGES.codeInvalid, restart: false };
    case 'NotAuthorizedException':
    case 'ExpiredCodeException':
    case 'SignInException':
      return { message: SECOND_FACTOR_MESSAGES.challengeExpired, restart: true };
    default:
      return { message: AUTH_MESSAGES.otherError, restart: false };
  }
}

/**
 * The first code at enrolment: a wrong one is CodeMismatchException or EnableSoftwareTokenMFAException; an expired
 * session (NotAuthorizedException) is the guard's to handle, with the usual words.
 */
export function enrolmentErrorMessage(error: unknown): string {
  if (!(error instanceof AuthError)) return AUTH_MESSAGES.unexpectedError;
  if (TOO_MANY_ATTEMPTS.has(error.name)) return AUTH_MESSAGES.tooManyAttempts;
  if (error.name === 'CodeMismatchException' || error.name === 'EnableSoftwareTokenMFAException') {
    return SECOND_FACTOR_MESSAGES.codeInvalid;
  }
  if (error.name === 'NotAuthorizedException') return API_MESSAGES.unauthorized;
  return AUTH_MESSAGES.otherError;
}

import type { DefineAuthChallengeTriggerEvent } from 'aws-lambda';

/**
 * The CUSTOM_AUTH conversation (after aws-samples/amazon-cognito-passwordless-auth). Cognito hands InitiateAuth's
 * ClientMetadata to none of the challenge triggers, so the first challenge only collects parameters: the client
 * answers it with RespondToAuthChallenge, whose ClientMetadata ({ signInMethod, alreadyHaveMagicLink }) does reach
 * Define, Create and Verify.
 *
 *  asking for a link:  InitiateAuth → PROVIDE_AUTH_PARAMETERS; answer anything with 'no' → MAGIC_LINK (e-mailed)
 *  opening the link:   InitiateAuth → PROVIDE_AUTH_PARAMETERS; answer the token ('yes') → tokens
 *
 * Verify checks every answer as a token: the signature and the single-use record decide, so opening a link needs
 * no metadata at all, and a placeholder answer is simply not correct.
 */
export const PROVIDE_AUTH_PARAMETERS = 'PROVIDE_AUTH_PARAMETERS';
export const MAGIC_LINK_CHALLENGE = 'MAGIC_LINK';
export const MAGIC_LINK_SIGN_IN_METHOD = 'MAGIC_LINK';
/** A session that got this long without success is abandoned, whatever the client claims. */
export const MAX_SESSION_LENGTH = 3;

export type SessionEntry = DefineAuthChallengeTriggerEvent['request']['session'][number];
type ClientMetadata = DefineAuthChallengeTriggerEvent['request']['clientMetadata'];
export type AuthStep =
  | { kind: 'challenge' }
  | { kind: 'issueTokens' }
  | { kind: 'fail'; reason: 'non-custom challenge' | 'sign-in method' | 'wrong answer' | 'too many attempts' };

const wantsMagicLink = (metadata: ClientMetadata) => metadata?.signInMethod === MAGIC_LINK_SIGN_IN_METHOD;
const alreadyHasLink = (metadata: ClientMetadata) => metadata?.alreadyHaveMagicLink === 'yes';

/** DefineAuthChallenge: succeed after a correct answer, fail after one wrong token or three rounds. */
export function nextAuthStep(session: readonly SessionEntry[], clientMetadata: ClientMetadata): AuthStep {
  if (session.length === 0) return { kind: 'challenge' };
  if (session.some((entry) => entry.challengeName !== 'CUSTOM_CHALLENGE')) {
    return { kind: 'fail', reason: 'non-custom challenge' };
  }
  if (session.at(-1)?.challengeResult === true) return { kind: 'issueTokens' };
  if (session.length >= MAX_SESSION_LENGTH) return { kind: 'fail', reason: 'too many attempts' };
  if (!wantsMagicLink(clientMetadata)) return { kind: 'fail', reason: 'sign-in method' };
  const answered = session.filter((entry) => entry.challengeMetadata !== PROVIDE_AUTH_PARAMETERS).length;
  // Parameters given and no token tried yet: the next challenge is the link itself (Create e-mails it).
  if (answered === 0 && !alreadyHasLink(clientMetadata)) return { kind: 'challenge' };
  return { kind: 'fail', reason: 'wrong answer' };
}

export type ChallengeToCreate = 'provide-auth-parameters' | 'send-link' | 'await-link';

/** CreateAuthChallenge: which challenge to issue for this round. */
export function challengeToCreate(session: readonly SessionEntry[], clientMetadata: ClientMetadata): ChallengeToCreate {
  if (session.length === 0) return 'provide-auth-parameters';
  return wantsMagicLink(clientMetadata) && !alreadyHasLink(clientMetadata) ? 'send-link' : 'await-link';
}

import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { tableFromEnvironment } from '../shared/db.js';
import { logger } from '../shared/logger.js';
import { verifyMagicLink } from './magic-link.js';
import { loadMagicLinkSecret } from './magic-link-secret.js';

const deps = { db: tableFromEnvironment(), secret: await loadMagicLinkSecret() };

/**
 * Cognito VerifyAuthChallengeResponse trigger: correct only for a valid, live, unused link of this user, which is
 * used up by the same conditional write. The answer (the token) is never logged.
 */
export async function handler(
  event: VerifyAuthChallengeResponseTriggerEvent,
): Promise<VerifyAuthChallengeResponseTriggerEvent> {
  const { userAttributes, userNotFound, challengeAnswer } = event.request;
  const { sub, email } = userAttributes;
  // Any round's answer is checked as a token (see custom-auth.ts); a placeholder fails the signature check.
  try {
    event.response.answerCorrect =
      !userNotFound && sub && email ? await verifyMagicLink(deps, { userId: sub, email }, challengeAnswer) : false;
  } catch (error) {
    // Cognito shows a trigger's error text to the caller: an AWS error (ARNs, table names) must not reach it.
    logger.error('magic link could not be verified', { error: (error as Error).message });
    throw new Error(AUTH_MESSAGES.unexpectedError);
  }
  return event;
}

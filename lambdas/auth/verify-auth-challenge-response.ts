import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { tableFromEnvironment } from '../shared/db.js';
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
  event.response.answerCorrect =
    !userNotFound && sub && email ? await verifyMagicLink(deps, { userId: sub, email }, challengeAnswer) : false;
  return event;
}

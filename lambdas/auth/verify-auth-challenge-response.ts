import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { triggerHandler } from '../shared/trigger.js';
import { verifyMagicLink } from './magic-link.js';
import { loadMagicLinkKey } from './magic-link-key.js';

const deps = { db: tableFromEnvironment(), secret: await loadMagicLinkKey(), clock: systemClock };

/**
 * Cognito VerifyAuthChallengeResponse trigger: correct only for a valid, live, unused link of this user, which is
 * used up by the same conditional write. The answer (the token) is never logged.
 */
export const handler = triggerHandler<VerifyAuthChallengeResponseTriggerEvent>(
  'VerifyAuthChallengeResponse',
  { fallbackMessage: AUTH_MESSAGES.unexpectedError },
  async (event) => {
    const { userAttributes, userNotFound, challengeAnswer } = event.request;
    const { sub, email } = userAttributes;
    // Any round's answer is checked as a token (see custom-auth.ts); a placeholder fails the signature check.
    event.response.answerCorrect =
      !userNotFound && sub && email ? await verifyMagicLink(deps, { userId: sub, email }, challengeAnswer) : false;
    return event;
  },
);

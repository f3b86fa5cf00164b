import type { VerifyAuthChallengeResponseTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { userAccountsOfEventPool } from '../shared/environment.js';
import { triggerHandler } from '../shared/trigger.js';
import { refusesMagicLink, type AccountsOfPool } from './admin-second-factor.js';
import { verifyMagicLink, type MagicLinkDeps } from './magic-link.js';
import { magicLinkKeyFromEnvironment } from './magic-link-key.js';

/**
 * Cognito VerifyAuthChallengeResponse trigger: correct only for a valid, live, unused link of this user, which is
 * used up by the same conditional write. The answer (the token) is never logged.
 */
export const verifyAuthChallengeResponseHandler = (
  deps: Pick<MagicLinkDeps, 'db' | 'secret' | 'clock'>,
  accountsOf: AccountsOfPool,
) =>
  triggerHandler<VerifyAuthChallengeResponseTriggerEvent>(
    'VerifyAuthChallengeResponse',
    { fallbackMessage: AUTH_MESSAGES.unexpectedError },
    async (event) => {
      const { userAttributes, userNotFound, challengeAnswer } = event.request;
      const { sub, email } = userAttributes;
      if (userNotFound || !sub || !email) {
        event.response.answerCorrect = false;
        return event;
      }
      // Any round's answer is checked as a token (see custom-auth.ts); a placeholder fails the signature check.
      const valid = await verifyMagicLink(deps, { userId: sub, email }, challengeAnswer);
      // Checked after the link is used up, so a refused admin cannot retry the same link either.
      event.response.answerCorrect = valid && !(await refusesMagicLink(accountsOf, event.userPoolId, sub));
      return event;
    },
  );

export const handler = verifyAuthChallengeResponseHandler(
  { db: tableFromEnvironment(), secret: magicLinkKeyFromEnvironment(), clock: systemClock },
  userAccountsOfEventPool(),
);

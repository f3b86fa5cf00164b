import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment, userAccountsOfEventPool } from '../shared/environment.js';
import { triggerHandler } from '../shared/trigger.js';
import { refusesMagicLink, type AccountsOfPool } from './admin-second-factor.js';
import { challengeToCreate, MAGIC_LINK_CHALLENGE, PROVIDE_AUTH_PARAMETERS } from './custom-auth.js';
import { requestMagicLink, type MagicLinkDeps, type MagicLinkRequest } from './magic-link.js';
import { magicLinkKeyFromEnvironment } from './magic-link-key.js';

/**
 * Only a confirmed customer account with a verified address gets a link; every other request (admins included, see
 * `refusesMagicLink`) is handled alike, silently.
 */
async function requestFor(
  event: CreateAuthChallengeTriggerEvent,
  accountsOf: AccountsOfPool,
): Promise<MagicLinkRequest> {
  const { sub, email, email_verified: verified } = event.request.userAttributes;
  if (!event.request.userNotFound && sub && email && verified === 'true') {
    if (!(await refusesMagicLink(accountsOf, event.userPoolId, sub))) {
      return { kind: 'user', user: { userId: sub, email } };
    }
  }
  return { kind: 'unknown', email: email ?? event.userName };
}

/**
 * Cognito CreateAuthChallenge trigger. Round 1 collects the client's parameters; round 2 e-mails a link when the
 * client asks for one (`alreadyHaveMagicLink: 'no'`). The link is only in the e-mail body, which no error repeats.
 */
export const createAuthChallengeHandler = (deps: MagicLinkDeps, accountsOf: AccountsOfPool) =>
  triggerHandler<CreateAuthChallengeTriggerEvent>(
    'CreateAuthChallenge',
    { fallbackMessage: AUTH_MESSAGES.magicLinkFailed },
    async (event) => {
      const step = challengeToCreate(event.request.session, event.request.clientMetadata);
      const challenge = step === 'provide-auth-parameters' ? PROVIDE_AUTH_PARAMETERS : MAGIC_LINK_CHALLENGE;
      if (step === 'send-link') await requestMagicLink(deps, await requestFor(event, accountsOf));
      event.response.challengeMetadata = challenge;
      event.response.publicChallengeParameters = { challenge };
      event.response.privateChallengeParameters = { challenge };
      return event;
    },
  );

const db = tableFromEnvironment();

export const handler = createAuthChallengeHandler(
  {
    db,
    // Secrets Manager on AWS, plain configuration locally; read on the first link and kept.
    secret: magicLinkKeyFromEnvironment(),
    appUrl: appUrlFromEnvironment(),
    sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
    clock: systemClock,
  },
  userAccountsOfEventPool(),
);

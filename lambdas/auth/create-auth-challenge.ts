import type { CreateAuthChallengeTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { loadConfig, required } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { sesEmailSender } from '../shared/email.js';
import { DomainError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { challengeToCreate, MAGIC_LINK_CHALLENGE, PROVIDE_AUTH_PARAMETERS } from './custom-auth.js';
import { requestMagicLink, type MagicLinkDeps, type MagicLinkRequest } from './magic-link.js';
import { loadMagicLinkSecret } from './magic-link-secret.js';

const config = loadConfig({ EMAIL_FROM: required, APP_URL: z.url() });
const deps: MagicLinkDeps = {
  db: tableFromEnvironment(),
  // Read once per container, at cold start (Secrets Manager on AWS, plain configuration locally).
  secret: await loadMagicLinkSecret(),
  appUrl: config.APP_URL,
  sendEmail: sesEmailSender(config.EMAIL_FROM),
};

/** Only a confirmed account with a verified address gets a link; every other request is handled alike, silently. */
function requestFor(event: CreateAuthChallengeTriggerEvent): MagicLinkRequest {
  const { sub, email, email_verified: verified } = event.request.userAttributes;
  if (!event.request.userNotFound && sub && email && verified === 'true') {
    return { kind: 'user', user: { userId: sub, email } };
  }
  return { kind: 'unknown', email: email ?? event.userName };
}

/**
 * Cognito CreateAuthChallenge trigger. Round 1 collects the client's parameters; round 2 e-mails a link when the
 * client asks for one (`alreadyHaveMagicLink: 'no'`). Cognito shows a thrown message to the client, so only
 * pt-BR domain messages leave this function.
 */
export async function handler(event: CreateAuthChallengeTriggerEvent): Promise<CreateAuthChallengeTriggerEvent> {
  const step = challengeToCreate(event.request.session, event.request.clientMetadata);
  const challenge = step === 'provide-auth-parameters' ? PROVIDE_AUTH_PARAMETERS : MAGIC_LINK_CHALLENGE;
  if (step === 'send-link') {
    try {
      await requestMagicLink(deps, requestFor(event));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      // The link is only in the e-mail body, which no error message repeats.
      logger.error('magic link could not be issued', { error: error instanceof Error ? error.message : 'unknown' });
      throw new Error(AUTH_MESSAGES.magicLinkFailed);
    }
  }
  event.response.challengeMetadata = challenge;
  event.response.publicChallengeParameters = { challenge };
  event.response.privateChallengeParameters = { challenge };
  return event;
}

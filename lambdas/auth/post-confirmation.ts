import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { triggerHandler } from '../shared/trigger.js';
import { sendWelcomeOnce, type WelcomeDeps } from './welcome.js';

const db = tableFromEnvironment();
const deps: WelcomeDeps = {
  db,
  appUrl: appUrlFromEnvironment(),
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  clock: systemClock,
};

/**
 * Cognito PostConfirmation trigger: the welcome e-mail, once per account. A failure to send it is logged and
 * swallowed: the account is already confirmed, and a thrown error would only show the person a failed confirmation.
 */
export const handler = triggerHandler<PostConfirmationTriggerEvent>(
  'PostConfirmation',
  { fallbackMessage: AUTH_MESSAGES.unexpectedError },
  async (event) => {
    // Also fired by ConfirmForgotPassword, which is no welcome.
    if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
    const { sub, email, name } = event.request.userAttributes;
    if (!sub || !email) {
      logger.error('PostConfirmation without sub or email', { userName: event.userName });
      return event;
    }
    try {
      const outcome = await sendWelcomeOnce(deps, { userId: sub, email, name });
      logger.info('welcome e-mail', { userId: sub, outcome });
    } catch (error) {
      logger.error('welcome e-mail failed', { userId: sub, error: error instanceof Error ? error.message : 'unknown' });
    }
    return event;
  },
);

import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { loadConfig, required } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { sesEmailSender } from '../shared/email.js';
import { logger } from '../shared/logger.js';
import { sendWelcomeOnce, type WelcomeDeps } from './welcome.js';

const config = loadConfig({ EMAIL_FROM: required, APP_URL: z.url() });
const deps: WelcomeDeps = {
  db: tableFromEnvironment(),
  appUrl: config.APP_URL,
  sendEmail: sesEmailSender(config.EMAIL_FROM),
};

/**
 * Cognito PostConfirmation trigger: the welcome e-mail, once per account. A failure is logged and swallowed:
 * the account is already confirmed, and a thrown error would only show the person a failed confirmation.
 */
export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
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
}

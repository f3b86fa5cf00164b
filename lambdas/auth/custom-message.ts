import type { CustomMessageTriggerEvent } from 'aws-lambda';
import * as z from 'zod';
import { loadConfig } from '../shared/config.js';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { tableFromEnvironment } from '../shared/db.js';
import { DomainError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { confirmSignUpEmail, resetPasswordEmail } from './auth-emails.js';
import { allowRecoveryEmail, type RecoveryDeps } from './recovery.js';

const config = loadConfig({ APP_URL: z.url() });
const recoveryDeps: RecoveryDeps = { db: tableFromEnvironment() };

/**
 * Cognito CustomMessage trigger: turns Cognito's code e-mails into pt-BR e-mails whose link opens the
 * SPA. Cognito replaces `codeParameter` in the message with the real code, so the code never passes
 * through our logs. A recovery e-mail goes at most once a minute per user: a refusal thrown here makes
 * Cognito send nothing.
 */
export async function handler(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  const email = event.request.userAttributes.email ?? event.userName;
  const code = event.request.codeParameter;
  let message: { subject: string; html: string } | null = null;
  switch (event.triggerSource) {
    case 'CustomMessage_SignUp':
    case 'CustomMessage_ResendCode':
      message = confirmSignUpEmail(config.APP_URL, email, code);
      break;
    case 'CustomMessage_ForgotPassword':
      try {
        await allowRecoveryEmail(recoveryDeps, event.request.userAttributes.sub ?? event.userName);
      } catch (error) {
        if (error instanceof DomainError) throw error;
        // Cognito shows a trigger's error text to the caller: an AWS error (ARNs, table names) must not reach it.
        logger.error('recovery e-mail could not be allowed', { error: (error as Error).message });
        throw new Error(AUTH_MESSAGES.recoveryEmailFailed);
      }
      message = resetPasswordEmail(config.APP_URL, email, code);
      break;
    default:
      // Other messages (admin invitations, attribute verification) keep Cognito's defaults for now.
      return event;
  }
  event.response.emailSubject = message.subject;
  event.response.emailMessage = message.html;
  return event;
}

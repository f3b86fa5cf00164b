import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { triggerHandler } from '../shared/trigger.js';
import { confirmSignUpEmail, emailChangeEmail, resetPasswordEmail } from './auth-emails.js';
import { allowRecoveryEmail, type RecoveryDeps } from './recovery.js';

const appUrl = appUrlFromEnvironment();
const recoveryDeps: RecoveryDeps = { db: tableFromEnvironment(), clock: systemClock };

/**
 * Cognito CustomMessage trigger: turns Cognito's code e-mails into pt-BR e-mails whose link opens the
 * SPA. Cognito replaces `codeParameter` in the message with the real code, so the code never passes
 * through our logs. A recovery e-mail goes at most once a minute per user: a refusal thrown here makes
 * Cognito send nothing.
 */
export const handler = triggerHandler<CustomMessageTriggerEvent>(
  'CustomMessage',
  { fallbackMessage: AUTH_MESSAGES.recoveryEmailFailed },
  async (event) => {
    const email = event.request.userAttributes.email ?? event.userName;
    const code = event.request.codeParameter;
    let message: { subject: string; html: string };
    switch (event.triggerSource) {
      case 'CustomMessage_SignUp':
      case 'CustomMessage_ResendCode':
        message = confirmSignUpEmail(appUrl, email, code);
        break;
      case 'CustomMessage_ForgotPassword':
        await allowRecoveryEmail(recoveryDeps, event.request.userAttributes.sub ?? event.userName);
        message = resetPasswordEmail(appUrl, email, code);
        break;
      case 'CustomMessage_UpdateUserAttribute':
      case 'CustomMessage_VerifyUserAttribute':
        message = emailChangeEmail(appUrl, code);
        break;
      default:
        // Other messages (admin invitations) keep Cognito's defaults.
        return event;
    }
    event.response.emailSubject = message.subject;
    event.response.emailMessage = message.html;
    return event;
  },
);

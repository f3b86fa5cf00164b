import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment, userAccountsOfEventPool } from '../shared/environment.js';
import { triggerHandler } from '../shared/trigger.js';
import { addAdminSecondFactorClaim, type AccountsOfPool } from './admin-second-factor.js';
import { followConfirmedEmail, type EmailChangeDeps } from './email-change.js';

/** Built from its dependencies, so tests run it against cognito-local. */
export const preTokenGenerationHandler = (accountsOf: AccountsOfPool, emailChange: EmailChangeDeps) =>
  triggerHandler<PreTokenGenerationTriggerEvent>(
    'PreTokenGeneration',
    { fallbackMessage: AUTH_MESSAGES.unexpectedError },
    async (event) => {
      await followConfirmedEmail(emailChange, event);
      return addAdminSecondFactorClaim(accountsOf, event);
    },
  );

/**
 * Cognito PreTokenGeneration trigger (sign-in and every refresh): a confirmed change of e-mail reaches the profile and
 * its copies; the admins' second-factor claim.
 */
const db = tableFromEnvironment();

export const handler = preTokenGenerationHandler(userAccountsOfEventPool(), {
  db,
  clock: systemClock,
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
});

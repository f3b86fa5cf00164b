import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { userAccountsOfEventPool } from '../shared/environment.js';
import { triggerHandler } from '../shared/trigger.js';
import { addAdminSecondFactorClaim, type AccountsOfPool } from './admin-second-factor.js';

/** Built from its dependency, so tests run it against cognito-local. */
export const preTokenGenerationHandler = (accountsOf: AccountsOfPool) =>
  triggerHandler<PreTokenGenerationTriggerEvent>(
    'PreTokenGeneration',
    { fallbackMessage: AUTH_MESSAGES.unexpectedError },
    (event) => addAdminSecondFactorClaim(accountsOf, event),
  );

/** Cognito PreTokenGeneration trigger (sign-in and every refresh): the admins' second-factor claim. */
export const handler = preTokenGenerationHandler(userAccountsOfEventPool());

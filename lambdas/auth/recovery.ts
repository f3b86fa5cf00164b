import { AUTH_MESSAGES } from '../../domain/messages.js';
import { claimRecoveryRequest } from '../shared/data/recovery-requests.js';
import type { Clock } from '../shared/clock.js';
import type { Db } from '../shared/data/table.js';
import { TooManyRequestsError } from '../shared/errors.js';

/** One recovery e-mail per user per minute, as for magic links. */
export const RECOVERY_MIN_INTERVAL_SECONDS = 60;

export type RecoveryDeps = { db: Db; clock: Clock };

/**
 * Called before Cognito sends a recovery e-mail (CustomMessage_ForgotPassword); throws TooManyRequestsError when
 * the user had one less than a minute ago, which makes Cognito refuse the request and send nothing.
 */
export async function allowRecoveryEmail(deps: RecoveryDeps, userId: string): Promise<void> {
  const now = Math.floor(deps.clock().getTime() / 1000);
  if (!(await claimRecoveryRequest(deps.db, userId, now, RECOVERY_MIN_INTERVAL_SECONDS))) {
    throw new TooManyRequestsError(AUTH_MESSAGES.recoveryTooSoon);
  }
}

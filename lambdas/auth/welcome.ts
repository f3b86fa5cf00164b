import { claimWelcomeEmail, releaseWelcomeEmail } from '../shared/data/accounts.js';
import type { Db } from '../shared/data/table.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { welcomeEmail } from './auth-emails.js';

export type WelcomeDeps = { db: Db; appUrl: string; sendEmail: SendEmail; clock: Clock };
export type NewAccount = { userId: string; email: string; name?: string };

/**
 * Sends the welcome e-mail at most once per account: the ACCOUNT marker is claimed by a conditional write before
 * sending, and given back if sending fails, so a retry may try again but two confirmations never send two.
 */
export async function sendWelcomeOnce(deps: WelcomeDeps, account: NewAccount): Promise<'sent' | 'already-sent'> {
  const at = deps.clock().toISOString();
  if (!(await claimWelcomeEmail(deps.db, account.userId, at))) return 'already-sent';
  try {
    await deps.sendEmail(account.email, { ...welcomeEmail(deps.appUrl, account.name), caseFileOf: account.userId });
    return 'sent';
  } catch (error) {
    await releaseWelcomeEmail(deps.db, account.userId, at);
    throw error;
  }
}

import type { SendEmail } from '../providers/email.js';
import { systemClock, type Clock } from './clock.js';
import { recordSentEmail } from './data/sent-emails.js';
import type { Db } from './data/table.js';
import { logger } from './logger.js';

/**
 * The one sending path with its record: a message that names the customer it is about (`caseFileOf`) is recorded in
 * their case file once SES accepted it. A record that fails is logged, not thrown: the message went, and a retry of
 * the caller would send it twice (docs/decisions.md, The case file).
 */
export function recordingSentEmails(send: SendEmail, db: Db, clock: Clock = systemClock): SendEmail {
  return async (to, email) => {
    await send(to, email);
    if (!email.caseFileOf) return;
    try {
      await recordSentEmail(db, { userId: email.caseFileOf, at: clock().toISOString(), subject: email.subject, to });
    } catch (error) {
      logger.error('Sent e-mail not recorded in the case file', { error: error as Error });
    }
  };
}

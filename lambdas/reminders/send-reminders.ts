import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';
import { sendDueReminders, type ReminderDeps, type ReminderRunOutcome } from './reminder-service.js';

const db = tableFromEnvironment();
const deps: ReminderDeps = {
  db,
  clock: systemClock,
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
};

/**
 * The reminders' sweep (every hour of São Paulo's day, and `npm run reminders` locally). Its input is not read: what is
 * due comes from the table and the clock. A run with failures throws after trying every customer, so Lambda retries it
 * once (nothing is sent twice: each reminder's marker) and the function's error alarm sees it.
 */
export const handler = observedHandler<unknown, ReminderRunOutcome>(async () => {
  logger.appendKeys({ task: 'SendReminders' });
  const outcome = await sendDueReminders(deps);
  logger.info('Reminders done', { ...outcome });
  if (outcome.errors > 0) throw new Error(`${outcome.errors} reminder(s) failed; see the log lines above`);
  return outcome;
});

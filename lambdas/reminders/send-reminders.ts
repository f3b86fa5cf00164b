import * as z from 'zod';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment, whatsAppFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';
import { reminderWhatsApp } from './reminder-whatsapp.js';
import { sendDueReminders, type ReminderDeps, type ReminderRunOutcome } from './reminder-service.js';

const db = tableFromEnvironment();
const deps: ReminderDeps = {
  db,
  clock: systemClock,
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
  whatsapp: reminderWhatsApp({ db, clock: systemClock, whatsapp: whatsAppFromEnvironment() }),
};

/**
 * The schedule's input (lib/constructs/schedules.ts): the run's scheduled time. What is due is judged at that instant,
 * so Lambda's retry of a run judges the same day; `npm run reminders -- --at <instant>` passes one to look ahead.
 */
const eventSchema = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() }).loose();

/**
 * The reminders' sweep (every hour of São Paulo's day, and `npm run reminders` locally). A run with failures throws
 * after trying every customer, so Lambda retries it once (nothing is sent twice: each reminder's marker) and the
 * function's error alarm sees it.
 */
export const handler = observedHandler<unknown, ReminderRunOutcome>(async (event) => {
  logger.appendKeys({ task: 'SendReminders' });
  const parsed = eventSchema.safeParse(event ?? {});
  const scheduled = parsed.success && parsed.data.scheduledTime ? new Date(parsed.data.scheduledTime) : null;
  const outcome = await sendDueReminders({ ...deps, clock: scheduled ? () => scheduled : deps.clock });
  logger.info('Reminders done', { ...outcome, at: (scheduled ?? deps.clock()).toISOString() });
  if (outcome.errors > 0) throw new Error(`${outcome.errors} reminder(s) failed; see the log lines above`);
  return outcome;
});

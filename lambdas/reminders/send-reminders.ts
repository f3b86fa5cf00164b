import * as z from 'zod';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment, whatsAppFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';
import { retryDueWhatsApp, type WhatsAppRetryRun } from '../shared/whatsapp-notices.js';
import { reminderWhatsApp } from './reminder-whatsapp.js';
import { sendDueReminders, type ReminderDeps, type ReminderRunOutcome } from './reminder-service.js';

const db = tableFromEnvironment();
const whatsapp = whatsAppFromEnvironment();
const deps: ReminderDeps = {
  db,
  clock: systemClock,
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  appUrl: appUrlFromEnvironment(),
  whatsapp: reminderWhatsApp({ db, clock: systemClock, whatsapp }),
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
export const handler = observedHandler<unknown, ReminderRunOutcome & { whatsappRetries: WhatsAppRetryRun }>(
  async (event) => {
    logger.appendKeys({ task: 'SendReminders' });
    const parsed = eventSchema.safeParse(event ?? {});
    const scheduled = parsed.success && parsed.data.scheduledTime ? new Date(parsed.data.scheduledTime) : null;
    const clock = scheduled ? () => scheduled : deps.clock;
    // The WhatsApp messages that did not go, tried again first (docs/decisions.md, Retrying a WhatsApp that failed):
    // the same daytime hours, and before this run's reminders take their own turn with Meta.
    const whatsappRetries = await retryDueWhatsApp({ db, clock, whatsapp });
    const outcome = await sendDueReminders({ ...deps, clock });
    logger.info('Reminders done', { ...outcome, whatsappRetries, at: clock().toISOString() });
    const errors = outcome.errors + whatsappRetries.errors;
    if (errors > 0) throw new Error(`${errors} reminder(s) or WhatsApp retries failed; see the log lines above`);
    return { ...outcome, whatsappRetries };
  },
);

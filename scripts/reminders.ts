/**
 * `npm run reminders`: the reminders' sweep, now, against the running `npm start` (its DynamoDB Local and e-mail
 * inbox). The very handler EventBridge Scheduler invokes on AWS every hour of São Paulo's day, in a local function
 * container with only the environment its catalogue grants give it. Prints the run's figures; the reminders land in the
 * inbox and on the client's case file.
 *
 * Usage: `npm start` in one terminal; generate a PIX (or pay one and leave the documents) and, since a reminder waits
 * 24 hours (2 days for documents), run it with the clock moved on: `npm run reminders -- --at 2026-12-01T12:00:00Z`.
 */
import { parseArgs } from 'node:util';
import type { ReminderRunOutcome } from '../lambdas/reminders/reminder-service.js';
import type { WhatsAppRetryRun } from '../lambdas/shared/whatsapp-notices.js';
import { runScheduledNow } from './run-scheduled.js';

const { values } = parseArgs({ options: { at: { type: 'string' } } });
if (values.at !== undefined && Number.isNaN(Date.parse(values.at))) {
  console.error(`✖ --at takes an ISO-8601 instant (2026-12-01T12:00:00Z), not "${values.at}"`);
  process.exit(1);
}

await runScheduledNow<ReminderRunOutcome & { whatsappRetries: WhatsAppRetryRun }>('SendReminders', {
  intro: `Looking for reminders due${values.at ? ` at ${values.at}` : ''}…`,
  event: values.at ? { scheduledTime: new Date(values.at).toISOString() } : {},
  failure: 'The reminders failed',
  report: (run, seconds, { settings }) => {
    console.log(`
Reminders in ${seconds} s
  candidates      ${run.charges} unpaid charge(s), ${run.processes} paid process(es) waiting for documents
  sent            ${run.sent} (${run.whatsapp} by WhatsApp too): ${Object.entries(run.byKind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ')}
  held back       ${run.dayTaken} already reminded today, ${run.concurrent} being sent by another run
  WhatsApp again  ${run.whatsappRetries.due} due: ${run.whatsappRetries.sent} sent, ${run.whatsappRetries.deferred} still unavailable, ${run.whatsappRetries.failed} failed for good, ${run.whatsappRetries.cancelled} cancelled (consent withdrawn)

Inbox: http://127.0.0.1:${settings.ports.ses}/`);
  },
});

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
import { SCHEDULED_FUNCTIONS } from '../lambdas/functions.js';
import type { ReminderRunOutcome } from '../lambdas/reminders/reminder-service.js';
import { attachToLocalRuntime, LocalRuntimeNotRunningError } from '../local/attach.js';
import { startFunctionHost } from '../local/functions/function-host.js';
import { localSettings } from '../local/settings.js';

const { values } = parseArgs({ options: { at: { type: 'string' } } });
if (values.at !== undefined && Number.isNaN(Date.parse(values.at))) {
  console.error(`✖ --at takes an ISO-8601 instant (2026-12-01T12:00:00Z), not "${values.at}"`);
  process.exit(1);
}

const settings = localSettings();
let attached;
try {
  attached = await attachToLocalRuntime(settings);
} catch (error) {
  if (!(error instanceof LocalRuntimeNotRunningError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}

const fn = { name: 'SendReminders', ...SCHEDULED_FUNCTIONS.SendReminders };
const host = startFunctionHost({ stage: 'local', ...attached, log: (line) => console.log(line) });
const started = performance.now();
console.log(`Looking for reminders due${values.at ? ` at ${values.at}` : ''}…`);
const keepAlive = setInterval(() => {}, 60_000);
try {
  const run = (await host.invoke(fn, values.at ? { scheduledTime: new Date(values.at).toISOString() } : {}, {
    timeoutMs: fn.timeoutSeconds * 1000,
  })) as ReminderRunOutcome;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Reminders in ${seconds} s
  candidates      ${run.charges} unpaid charge(s), ${run.processes} paid process(es) waiting for documents
  sent            ${run.sent} (${run.whatsapp} by WhatsApp too): ${Object.entries(run.byKind)
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ')}
  held back       ${run.dayTaken} already reminded today, ${run.concurrent} being sent by another run

Inbox: http://127.0.0.1:${settings.ports.ses}/`);
} catch (error) {
  console.error(`✖ The reminders failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  clearInterval(keepAlive);
  await host.stop();
}

/**
 * `npm run court-sync`: the court sync with DataJud, now, against the running `npm start` (its DynamoDB Local and
 * DataJud stand-in). The very handler EventBridge Scheduler invokes on AWS a few times a day, in a local function
 * container with only the environment its catalogue grants give it. Prints the run's figures; new movements reach the
 * customer's open dashboard and inbox through the stream consumer, injunction alerts the admins' inbox.
 *
 * Usage: `npm start` in one terminal, add a movement on the DataJud stand-in's page, then `npm run court-sync`.
 */
import { SCHEDULED_FUNCTIONS } from '../lambdas/functions.js';
import type { CourtSyncOutcome } from '../lambdas/court/court-sync-service.js';
import { attachToLocalRuntime, LocalRuntimeNotRunningError } from '../local/attach.js';
import { startFunctionHost } from '../local/functions/function-host.js';
import { localSettings } from '../local/settings.js';

const settings = localSettings();
let attached;
try {
  attached = await attachToLocalRuntime(settings);
} catch (error) {
  if (!(error instanceof LocalRuntimeNotRunningError)) throw error;
  console.error(`✖ ${error.message}`);
  process.exit(1);
}

const fn = { name: 'SyncCourtCases', ...SCHEDULED_FUNCTIONS.SyncCourtCases };
const host = startFunctionHost({ stage: 'local', ...attached, log: (line) => console.log(line) });
const started = performance.now();
console.log('Asking the DataJud stand-in about every filed case…');
// The host's containers do not keep a process alive (npm start's servers do): this script waits for its run itself.
const keepAlive = setInterval(() => {}, 60_000);
try {
  const run = (await host.invoke(fn, {}, { timeoutMs: fn.timeoutSeconds * 1000 })) as CourtSyncOutcome;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`
Court sync in ${seconds} s${run.stoppedEarly ? ` (stopped early: ${run.stoppedEarly})` : ''}
  filed cases     ${run.cases} (${run.searched} searched: ${run.found} found, ${run.notFound} not published yet, ${run.errors} errors)
  movements       ${run.movementsStored} new; ${run.alertsRaised} injunction alerts raised
  unanswered      ${run.unanswered} case(s) without an answer for two days

DataJud stand-in: http://127.0.0.1:${settings.ports.datajud}/ · inbox: http://127.0.0.1:${settings.ports.ses}/`);
} catch (error) {
  console.error(`✖ The court sync failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  clearInterval(keepAlive);
  await host.stop();
}

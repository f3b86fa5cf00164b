/**
 * `npm run court-sync`: the court sync with DataJud, now, against the running `npm start` (its DynamoDB Local and
 * DataJud stand-in). The very handler EventBridge Scheduler invokes on AWS a few times a day, in a local function
 * container with only the environment its catalogue grants give it. Prints the run's figures; new movements reach the
 * customer's open dashboard and inbox through the stream consumer, injunction alerts the admins' inbox.
 *
 * Usage: `npm start` in one terminal, add a movement on the DataJud stand-in's page, then `npm run court-sync`.
 */
import type { CourtSyncOutcome } from '../lambdas/court/court-sync-service.js';
import { runScheduledNow } from './run-scheduled.js';

await runScheduledNow<CourtSyncOutcome>('SyncCourtCases', {
  intro: 'Asking the DataJud stand-in about every filed case…',
  failure: 'The court sync failed',
  report: (run, seconds, { settings }) => {
    console.log(`
Court sync in ${seconds} s${run.stoppedEarly ? ` (stopped early: ${run.stoppedEarly})` : ''}
  filed cases     ${run.cases} (${run.searched} searched: ${run.found} found, ${run.notFound} not published yet, ${run.errors} errors)
  movements       ${run.movementsStored} new; ${run.alertsRaised} injunction alerts raised
  unanswered      ${run.unanswered} case(s) without an answer for two days

DataJud stand-in: http://127.0.0.1:${settings.ports.datajud}/ · inbox: http://127.0.0.1:${settings.ports.ses}/`);
  },
});

/**
 * `npm run reconcile`: the nightly reconciliation with Asaas, now, against the running `npm start` (its DynamoDB Local,
 * Asaas simulator, local Step Functions, SES inbox and cognito-local). The very handler EventBridge Scheduler invokes
 * on AWS, in a local function container with only the environment its catalogue grants give it: only configuration
 * differs. Prints the run's figures; its divergences are on /admin/financeiro and its report in the e-mail inbox.
 *
 * Usage: `npm start` in one terminal, then `npm run reconcile` (the same PORT_OFFSET, if any).
 */
import { RECONCILIATION_RUN_LABELS } from '../domain/reconciliation.js';
import type { ReconciliationOutcome } from '../lambdas/payments/reconciliation-service.js';
import { runScheduledNow } from './run-scheduled.js';

await runScheduledNow<ReconciliationOutcome>('ReconcilePayments', {
  intro: 'Reconciling the local charges with the Asaas simulator…',
  // A run that could not go on is recorded and reported before the handler throws (as Lambda would see it).
  failure: 'The reconciliation failed',
  report: (outcome, seconds, { settings, attached }) => {
    if (outcome.skipped) {
      console.log('Another reconciliation is running: this one was skipped.');
      return;
    }
    const run = outcome.run;
    const n = (value: number) => value.toLocaleString('pt-BR');
    console.log(`
Run ${run.id}: ${RECONCILIATION_RUN_LABELS[run.status]} in ${seconds} s${run.note ? ` — ${run.note}` : ''}
  window          created since ${run.window.createdFrom}, paid since ${run.window.paidFrom} (until ${run.window.until})
  Asaas           ${n(run.pages)} pages, ${n(run.requests)} requests, ${n(run.payments_read)} payments read
  charges         ${n(run.charges_checked)} checked, ${n(run.repaired)} repaired, ${n(run.confirmations_resumed)} confirmations resumed
  orphan payments ${n(run.orphans)} (${n(run.orphans_new)} new)
  divergences     ${n(run.divergences_new)} new, ${n(run.divergences_open)} open, ${n(run.divergences_resolved)} resolved; ${n(run.errors)} errors

'Divergências': ${attached.values.appUrl}/admin/financeiro · report e-mail (when there is news): http://127.0.0.1:${settings.ports.ses}/`);
    return run.status !== 'failed';
  },
});

/**
 * `npm run reconcile`: the nightly reconciliation with Asaas, now, against the running `npm start` (its DynamoDB Local,
 * Asaas simulator, local Step Functions, SES inbox and cognito-local). The very handler EventBridge Scheduler invokes
 * on AWS, in a local function container with only the environment its catalogue grants give it: only configuration
 * differs. Prints the run's figures; its divergences are on /admin/financeiro and its report in the e-mail inbox.
 *
 * Usage: `npm start` in one terminal, then `npm run reconcile` (the same PORT_OFFSET, if any).
 */
import { SCHEDULED_FUNCTIONS } from '../lambdas/functions.js';
import { RECONCILIATION_RUN_LABELS } from '../domain/reconciliation.js';
import type { ReconciliationOutcome } from '../lambdas/payments/reconciliation-service.js';
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

const fn = { name: 'ReconcilePayments', ...SCHEDULED_FUNCTIONS.ReconcilePayments };
const host = startFunctionHost({ stage: 'local', ...attached, log: (line) => console.log(line) });
const started = performance.now();
console.log('Reconciling the local charges with the Asaas simulator…');
// The host's containers do not keep a process alive (npm start's servers do): this script waits for its run itself.
const keepAlive = setInterval(() => {}, 60_000);
try {
  const outcome = (await host.invoke(fn, {}, { timeoutMs: fn.timeoutSeconds * 1000 })) as ReconciliationOutcome;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (outcome.skipped) {
    console.log('Another reconciliation is running: this one was skipped.');
  } else {
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
    if (run.status === 'failed') process.exitCode = 1;
  }
} catch (error) {
  // A run that could not go on is recorded and reported before the handler throws (as Lambda would see it).
  console.error(`✖ The reconciliation failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  clearInterval(keepAlive);
  await host.stop();
}

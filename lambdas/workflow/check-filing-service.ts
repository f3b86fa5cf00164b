import { filingWatch } from '../../domain/filing.js';
import type { AdminDirectory } from '../providers/admins.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { getContract } from '../shared/data/contracts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { keys } from '../shared/data/keys.js';
import { getProcess } from '../shared/data/processes.js';
import { claimLease, completeLease, releaseLease, type Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { filingOverdueEmail } from './filing-emails.js';
import type { WorkflowInput } from './task-input.js';

/** The task's timeout (lib's default): a live attempt is never overtaken by a retry. */
const FILING_ALERT_LEASE_SECONDS = 10;

export type CheckFilingDeps = { db: Db; clock: Clock; sendEmail: SendEmail; admins: AdminDirectory; appUrl: string };

/**
 * CheckFiling, each time the workflow's wait ends: where the process stands against its filing promise (`filingWatch`:
 * 7 business days from the later of the payment and the kit's approval). Late and still not filed: every admin is told
 * once (a marker per process, so a retried task does not repeat the e-mails). Not late yet: `next` is when to check
 * again, and the state machine waits until then. Neither: the watch ends.
 */
export async function checkFiling(
  deps: CheckFilingDeps,
  { userId, contractId }: WorkflowInput,
): Promise<{ late: boolean; alerted: number; next?: string }> {
  const process = await getProcess(deps.db, { userId, contractId });
  const watch = process ? filingWatch(process, deps.clock()) : ({ state: 'done' } as const);
  if (watch.state === 'wait') return { late: false, alerted: 0, next: watch.next };
  if (!process || watch.state === 'done') return { late: false, alerted: 0 };
  const [contract, profile, recipients] = await Promise.all([
    getContract(deps.db, userId, contractId),
    getProfileByUser(deps.db, userId),
    deps.admins.adminEmails(),
  ]);
  const marker = keys.filingAlert(process.id);
  const now = deps.clock();
  const claim = await claimLease(deps.db, marker, {
    now,
    leaseSeconds: FILING_ALERT_LEASE_SECONDS,
    attributes: { type: 'FILING_ALERT', claimed_at: now.toISOString() },
  });
  if (claim === 'done') return { late: true, alerted: 0 };
  // A crashed attempt's lease has not lapsed yet: fail, so Step Functions retries the task after it has.
  if (claim === 'busy') throw new Error(`Filing alert for process ${process.id} is being sent by another attempt`);
  const email = filingOverdueEmail(deps.appUrl, {
    protocolo: contract?.protocolo ?? process.id,
    cliente: profile?.nome_completo ?? 'cliente',
    previsao: watch.forecast,
  });
  const results = await Promise.allSettled(recipients.map((to) => deps.sendEmail(to, email)));
  const failed = results.filter((r) => r.status === 'rejected').length;
  if (recipients.length > 0 && failed === recipients.length) {
    // Nobody was told: give the marker back and fail, so Step Functions retries the task.
    await releaseLease(deps.db, marker);
    throw new Error(`Filing alert for process ${process.id} reached no admin`);
  }
  await completeLease(deps.db, marker, deps.clock());
  if (failed > 0) logger.error('Filing alert not sent to every admin', { failed, processId: process.id });
  return { late: true, alerted: recipients.length - failed };
}

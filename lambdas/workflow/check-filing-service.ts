import { filingWatch } from '../../domain/filing.js';
import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { getContract } from '../shared/data/contracts.js';
import { getProcess } from '../shared/data/processes.js';
import type { Db } from '../shared/data/table.js';
import { filingOverdueAlert } from './filing-alerts.js';
import type { WorkflowInput } from './task-input.js';

export type CheckFilingDeps = { db: Db; clock: Clock };

/**
 * CheckFiling, each time the workflow's wait ends: where the process stands against its filing promise (`filingWatch`:
 * 7 business days from the later of the payment and the kit's approval). Late and still not filed: the admins are told
 * by an admin alert (pattern 49) whose id is the process's, so a retried task raises it once and the stream consumer
 * e-mails it once; `alerted` is 1 when this call raised it. Not late yet: `next` is when to check again, and the state
 * machine waits until then. Neither: the watch ends.
 */
export async function checkFiling(
  deps: CheckFilingDeps,
  { userId, contractId }: WorkflowInput,
): Promise<{ late: boolean; alerted: number; next?: string }> {
  const process = await getProcess(deps.db, { userId, contractId });
  const watch = process ? filingWatch(process, deps.clock()) : ({ state: 'done' } as const);
  if (watch.state === 'wait') return { late: false, alerted: 0, next: watch.next };
  if (!process || watch.state === 'done') return { late: false, alerted: 0 };
  const contract = await getContract(deps.db, userId, contractId);
  const raised = await raiseAdminAlert(
    deps.db,
    filingOverdueAlert({
      processId: process.id,
      userId,
      protocolo: contract?.protocolo ?? process.id,
      previsao: watch.forecast,
    }),
    deps.clock().toISOString(),
  );
  return { late: true, alerted: raised === 'raised' ? 1 : 0 };
}

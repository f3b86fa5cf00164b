import type { Clock } from '../shared/clock.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { getContract } from '../shared/data/contracts.js';
import { getProcess } from '../shared/data/processes.js';
import type { Db } from '../shared/data/table.js';
import { filingOverdueAlert } from './filing-alerts.js';
import type { WorkflowInput } from './task-input.js';

export type CheckFilingDeps = { db: Db; clock: Clock };

/**
 * CheckFiling, after the workflow waited until the filing deadline: a paid process that is still not 'peticionado'
 * is late, and the admins are told by an admin alert (pattern 49) whose id is the process's, so a retried task raises
 * it once and the stream consumer e-mails it once. `alerted` is 1 when this call raised it.
 */
export async function checkFiling(
  deps: CheckFilingDeps,
  { userId, contractId }: WorkflowInput,
): Promise<{ late: boolean; alerted: number }> {
  const process = await getProcess(deps.db, { userId, contractId });
  // Still 'pago' is late; any other status means it was filed (or an admin moved it on).
  if (process?.status !== 'pago') return { late: false, alerted: 0 };
  const contract = await getContract(deps.db, userId, contractId);
  const now = deps.clock().toISOString();
  const raised = await raiseAdminAlert(
    deps.db,
    filingOverdueAlert({
      processId: process.id,
      userId,
      protocolo: contract?.protocolo ?? process.id,
      previsao: process.previsao ?? process.updated_at,
    }),
    now,
  );
  return { late: true, alerted: raised === 'raised' ? 1 : 0 };
}

import { isChargePaid, type ChargeStatusSource } from '../../domain/charge-status.js';
import type { Charge } from '../../domain/schemas/entities.js';
import type { Workflow } from '../providers/workflow.js';
import type { Clock } from '../shared/clock.js';
import { getCharge, moveChargeStatus, type ChargeMove, type ChargeRef } from '../shared/data/charges.js';
import { getProcess } from '../shared/data/processes.js';
import type { Db, TransactItem } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

export type ChargeStatusDeps = { db: Db; clock: Clock; workflow: Pick<Workflow, 'resume'> };

/**
 * The one path from a provider's status to ours, shared by the webhook, 'Verificar Pagamento' and the admin's actions:
 * the charge moves only forward along its life, and a paid charge resumes the workflow waiting for it (which confirms
 * the payment: process 'pago', forecast, e-mails). Resuming is repeated on every later call for a paid charge, so a
 * failure after the move is made good by the provider's redelivery or the next verification; a workflow that already
 * moved on answers 'already-finished'.
 */
export async function applyProviderStatus(
  deps: ChargeStatusDeps,
  ref: ChargeRef,
  status: string,
  source: ChargeStatusSource = {},
  /** Written in the move's transaction only when the charge moves (the admin actions' audit records). */
  extraItems?: (current: Charge) => TransactItem[],
): Promise<ChargeMove> {
  const move = await moveChargeStatus(deps.db, ref, status, deps.clock().toISOString(), source, extraItems);
  if (isChargePaid(move.status)) await resumeWaitingWorkflow(deps, ref);
  return move;
}

async function resumeWaitingWorkflow(deps: ChargeStatusDeps, ref: ChargeRef): Promise<void> {
  const charge = await getCharge(deps.db, ref);
  // No token yet: the workflow's AwaitPayment has not parked; it sees the paid charge itself when it does.
  if (!charge?.taskToken) return;
  const outcome = await deps.workflow.resume(charge.taskToken, {
    chargeId: ref.chargeId,
    status: charge.status,
    paidAt: charge.updated_at,
  });
  if (outcome !== 'already-finished') return;
  // Expected when the workflow confirmed this payment already; not when the process still waits for it (an execution
  // that failed or expired): that customer paid and nothing will confirm it, so it must reach a person.
  const process = await getProcess(deps.db, { userId: ref.userId, contractId: ref.contractId });
  if (process && process.status === 'pagamento_pendente') {
    logger.error('Paid charge without a waiting workflow: the process was not confirmed', { ...ref });
  } else logger.info('Workflow task already finished', { chargeId: ref.chargeId });
}

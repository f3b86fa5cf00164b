import { isChargePaid, type ChargeStatusSource } from '../../domain/charge-status.js';
import { asaasFeeCents } from '../../domain/finance.js';
import { isAwaitingPayment } from '../../domain/process-status.js';
import type { Charge } from '../../domain/schemas/entities.js';
import type { Workflow } from '../providers/workflow.js';
import type { Clock } from '../shared/clock.js';
import { getCharge, type ChargeRef } from '../shared/data/charges.js';
import { moveChargeStatus, type ChargeMove } from '../shared/data/charge-moves.js';
import { getProcess } from '../shared/data/processes.js';
import type { Db, TransactItem } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { reversePayment } from './payment-reversal-service.js';
import { countMetric, METRIC } from '../shared/metrics.js';

/**
 * The source of a status read fresh from Asaas: the payment's own word, with what Asaas keeps of it (its `netValue`),
 * so the move that makes the charge paid records the fee once, with the money.
 */
export function freshReadOf(payment: { value: number; netValue?: unknown }): ChargeStatusSource {
  return { freshRead: true, feeCents: asaasFeeCents(payment) };
}

export type ChargeStatusDeps = { db: Db; clock: Clock; workflow: Pick<Workflow, 'resume' | 'start' | 'fail'> };

/**
 * The one path from a provider's status to ours, shared by the webhook, 'Verificar Pagamento' and the admin's actions:
 * the charge moves only forward along its life, and a paid charge resumes the workflow waiting for it (which confirms
 * the payment: process 'pago', forecast, e-mails). Resuming is repeated on every later call for a paid charge, so a
 * failure after the move is made good by the provider's redelivery or the next verification; a workflow that already
 * moved on answers 'already-finished'. A charge that was paid and no longer is (a refund, a chargeback) has its
 * confirmation undone (`reversePayment`), on every call too, for the same reason.
 */
export async function applyProviderStatus(
  deps: ChargeStatusDeps,
  ref: ChargeRef,
  status: string,
  source: ChargeStatusSource = {},
  /** Written in the move's transaction only when the charge moves (the admin actions' audit records). */
  extraItems?: (current: Charge) => TransactItem[],
  /** More attributes of the charge written with the move ('Marcar pago''s record of the manual payment). */
  fields?: Record<string, unknown>,
): Promise<ChargeMove> {
  const move = await moveChargeStatus(deps.db, ref, status, deps.clock().toISOString(), source, extraItems, fields);
  if (move.becamePaid) countMetric(METRIC.paymentsConfirmed);
  // Counted when Asaas says the money went back, not when a refund is asked for (which may still be denied).
  if (move.moved && move.status === 'REFUNDED') countMetric(METRIC.refunds);
  if (isChargePaid(move.status)) await resumeWaitingWorkflow(deps, ref);
  else if (move.paidAt) await reversePayment(deps, ref, move.status);
  return move;
}

/**
 * The name of the execution that confirms a payment made after its own execution stopped waiting: one per charge, so a
 * redelivery, a verification and an admin's 'Marcar pago' all start the same one, at most once.
 */
export function latePaymentExecutionName(chargeId: string): string {
  return `${chargeId}-pagamento-tardio`;
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
  // Expected when the workflow confirmed this payment already. Not when the process still waits for it: the execution
  // stopped waiting (its 30 days ran out, the charge was paid while OVERDUE, an admin marked it paid late). That
  // customer paid, so a new execution of the same workflow takes over: its AwaitPayment finds the charge paid and
  // goes straight on, so the confirmation is ConfirmPayment's own (process 'pago' once, under its status condition;
  // referral; conversion) and the filing deadline is watched as for any payment.
  const process = await getProcess(deps.db, { userId: ref.userId, contractId: ref.contractId });
  if (!process || !isAwaitingPayment(process.status)) {
    // The confirmation is done, or the contract was cancelled: that money is never left silent — every caller of this
    // path hands a paid charge to `settleHeldMoney`, which refunds it or raises 'Estorno recusado pelo Asaas'.
    logger.info('Workflow task already finished', { chargeId: ref.chargeId, processStatus: process?.status ?? null });
    return;
  }
  const started = await deps.workflow.start(latePaymentExecutionName(ref.chargeId), {
    userId: ref.userId,
    contractId: ref.contractId,
    chargeId: ref.chargeId,
  });
  if (!started.alreadyStarted) countMetric(METRIC.latePayments);
  logger.warn('Late payment: confirming it in a new execution', {
    chargeId: ref.chargeId,
    alreadyStarted: started.alreadyStarted,
  });
}

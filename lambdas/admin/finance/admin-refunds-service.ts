import type { AdminChargeRow } from '../../../domain/api/admin-finance.js';
import { isChargePaid, providerChargeStatus } from '../../../domain/charge-status.js';
import { PROCESS_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import {
  SettlementPendingError,
  settleCancelledCharge,
  type SettlementDeps,
} from '../../payments/charge-settlement-service.js';
import { AsaasError } from '../../providers/asaas.js';
import type { Caller } from '../../shared/caller.js';
import { recordAdminAction } from '../../shared/data/audit.js';
import { cancelContract } from '../../shared/data/cancellations.js';
import { getCharge, type ChargeRef } from '../../shared/data/charges.js';
import { getContract } from '../../shared/data/contracts.js';
import { getOrphanPayment, recordOrphanPayment, type OrphanPayment } from '../../shared/data/orphan-payments.js';
import { getProcess } from '../../shared/data/processes.js';
import { ConflictError, NotFoundError } from '../../shared/errors.js';
import { logger } from '../../shared/logger.js';
import { rowOf } from './admin-finance-service.js';
import { refusal } from '../../../domain/refusals.js';

/** Reads lost to a concurrent change (the customer cancelling at the same moment) before the admin is answered. */
const ATTEMPTS = 3;

const actorOf = (caller: Caller) => ({ userId: caller.userId, email: caller.email });

/**
 * 'Estornar' (docs/decisions.md, Withdrawal and refunds): the withdrawal's own path, for the admin and outside the 7
 * days — the contract cancelled and its process closed with the reason in its history, audited in the same transaction
 * ('charge-refund'), then the paid charge refunded at Asaas (`settleCancelledCharge`), which undoes the payment's
 * confirmation (referral, reward) through the webhook's status path. Only a paid charge (409 otherwise); Asaas down →
 * 503, the contract stays cancelled and the next click asks again.
 */
export async function refundAdminCharge(
  deps: SettlementDeps,
  caller: Caller,
  ref: ChargeRef,
  reason: string,
): Promise<AdminChargeRow> {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const [charge, contract, process] = await Promise.all([
      getCharge(deps.db, ref),
      getContract(deps.db, ref.userId, ref.contractId),
      getProcess(deps.db, ref),
    ]);
    if (!charge || !contract || !process) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
    if (!isChargePaid(charge.status)) throw new ConflictError(WITHDRAWAL_MESSAGES.refundNotPaid);
    const at = deps.clock().toISOString();
    const audit = {
      at,
      actor: actorOf(caller),
      action: 'charge-refund' as const,
      targetUserId: ref.userId,
      target: { type: 'charge' as const, id: ref.chargeId },
      before: { status: charge.status, process_status: process.status },
      after: { status: 'REFUND_REQUESTED', process_status: 'encerrado', obs: reason },
    };
    try {
      if (contract.cancelado_em) await recordAdminAction(deps.db, audit);
      else {
        await cancelContract(deps.db, {
          ref,
          contract,
          process,
          byUser: caller.userId,
          obs: `Pagamento estornado pela equipe: ${reason}`,
          returnFreeRenewal: false,
          audit,
          now: at,
        });
      }
    } catch (error) {
      if (error instanceof ConflictError && attempt < ATTEMPTS) continue;
      throw error;
    }
    await settleCancelledCharge(deps, ref, `Estorno: ${reason}`.slice(0, 500));
    return rowOf(deps, ref);
  }
  throw new ConflictError(refusal('changed_concurrently', PROCESS_MESSAGES.changedConcurrently));
}

/**
 * Sends an orphan payment (pattern 47) back to its payer: refunded at Asaas and the item updated from a fresh read,
 * audited under the payment's own id (there is no client). Only a paid one; a refund Asaas refuses as already done is
 * read back, not trusted; Asaas down → 503.
 */
export async function refundOrphanPayment(
  deps: Pick<SettlementDeps, 'db' | 'clock' | 'asaas'>,
  caller: Caller,
  asaasId: string,
  reason: string,
): Promise<OrphanPayment> {
  const orphan = await getOrphanPayment(deps.db, asaasId);
  if (!orphan) throw new NotFoundError('Pagamento não encontrado.');
  if (!isChargePaid(orphan.status)) throw new ConflictError(WITHDRAWAL_MESSAGES.refundNotPaid);
  let fresh;
  try {
    try {
      await deps.asaas.refundPayment(asaasId, `Estorno: ${reason}`.slice(0, 500));
    } catch (error) {
      if (!(error instanceof AsaasError && (error.kind === 'rejected' || error.kind === 'not_found'))) throw error;
      logger.warn('Asaas refused an orphan refund; reading the payment back', { error, asaasId });
    }
    fresh = await deps.asaas.getPayment(asaasId);
  } catch (error) {
    if (error instanceof AsaasError) throw new SettlementPendingError();
    throw error;
  }
  const at = deps.clock().toISOString();
  const status = providerChargeStatus(fresh);
  const updated = await recordOrphanPayment(deps.db, { ...orphan, status, lastEvent: 'ADMIN_REFUND' }, at);
  await recordAdminAction(deps.db, {
    at,
    actor: actorOf(caller),
    action: 'charge-refund',
    targetUserId: `ORPHAN#${asaasId}`,
    target: { type: 'charge', id: asaasId },
    before: { status: orphan.status },
    after: { status, obs: reason },
  });
  return updated;
}

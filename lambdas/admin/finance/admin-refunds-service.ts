import type { AdminChargeRow } from '../../../domain/api/admin-finance.js';
import { isChargePaid, providerChargeStatus } from '../../../domain/charge-status.js';
import { PROCESS_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import { chargesToSettle } from '../../../domain/withdrawal.js';
import {
  SettlementPendingError,
  settleCancelledCharge,
  type Settlement,
  type SettlementDeps,
} from '../../payments/charge-settlement-service.js';
import { AsaasError, refundCharge } from '../../providers/asaas.js';
import type { Caller } from '../../shared/caller.js';
import { auditPut, recordAdminAction } from '../../shared/data/audit.js';
import { applyProviderStatus, freshReadOf } from '../../payments/charge-status-service.js';
import { cancelContract } from '../../shared/data/cancellations.js';
import { getCharge, type ChargeRef } from '../../shared/data/charges.js';
import { getContract } from '../../shared/data/contracts.js';
import { getCustomerCollection } from '../../shared/data/customers.js';
import { getOrphanPayment, recordOrphanPayment, type OrphanPayment } from '../../shared/data/orphan-payments.js';
import { getProcess } from '../../shared/data/processes.js';
import { ConflictError, NotFoundError, ValidationError } from '../../shared/errors.js';
import { recordManualRefund } from '../../shared/data/settlements.js';
import { saoPauloDay } from '../../../domain/sao-paulo-calendar.js';
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
 * confirmation (referral, reward) through the webhook's status path. Only a paid charge (409 otherwise); the contract's
 * other charges are settled with it (another paid one refunded, an open one removed). Asaas down → 503, the contract
 * stays cancelled and the next click asks again. Asaas refusing → the row and `settlement` say so (its reason): the
 * money is still held, the admin alert says what to do.
 */
export async function refundAdminCharge(
  deps: SettlementDeps,
  caller: Caller,
  ref: ChargeRef,
  reason: string,
): Promise<{ row: AdminChargeRow; settlement: Settlement }> {
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
    const description = `Estorno: ${reason}`.slice(0, 500);
    const settlement = await settleCancelledCharge(deps, ref, description);
    await settleOtherCharges(deps, ref, description);
    return { row: await rowOf(deps, ref), settlement };
  }
  throw new ConflictError(refusal('changed_concurrently', PROCESS_MESSAGES.changedConcurrently));
}

/**
 * The contract's other charges, read consistently: a replaced PIX paid late is refunded and an open one removed, so a
 * cancelled contract keeps no money and no payable PIX. Their refusals are alerted by the settlement itself.
 */
async function settleOtherCharges(deps: SettlementDeps, ref: ChargeRef, description: string): Promise<void> {
  const { charges } = await getCustomerCollection(deps.db, ref.userId, { consistent: true });
  const others = chargesToSettle(charges.filter((c) => c.contrato_id === ref.contractId && c.id !== ref.chargeId));
  for (const other of others) await settleCancelledCharge(deps, { ...ref, chargeId: other.id }, description);
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
    // An orphan paid by card in instalments is one payment of a plan: the card gets the whole plan back (as a charge of
    // ours would, `refundCharge`), never its first instalment alone. Which plan, Asaas's own payment says.
    const { installment } = await deps.asaas.getPayment(asaasId);
    try {
      await refundCharge(deps.asaas, { payment: asaasId, installment }, `Estorno: ${reason}`.slice(0, 500));
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

/**
 * 'Registrar estorno manual' (docs/decisions.md, A refund Asaas refuses): the money of a cancelled contract's paid
 * charge went back outside Asaas. The amount (up to what was paid) and the day (not in the future, São Paulo) are the
 * admin's word; the record and its audit entry are one transaction, conditioned on the charge being paid, the contract
 * cancelled and no manual refund yet (409). The charge stays as Asaas has it (paid): the record is what tells the
 * reconciliation and the screens that nothing is held any more.
 */
export async function recordChargeManualRefund(
  deps: Pick<SettlementDeps, 'db' | 'clock'>,
  caller: Caller,
  ref: ChargeRef,
  input: { valor: number; data: string; motivo: string },
): Promise<AdminChargeRow> {
  const [charge, contract] = await Promise.all([
    getCharge(deps.db, ref),
    getContract(deps.db, ref.userId, ref.contractId),
  ]);
  if (!charge || !contract) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
  if (charge.manual_refund) throw new ConflictError(WITHDRAWAL_MESSAGES.manualRefundAlready);
  if (!contract.cancelado_em || !isChargePaid(charge.status)) {
    throw new ConflictError(WITHDRAWAL_MESSAGES.manualRefundNotCancelled);
  }
  const paid = charge.valor ?? contract.valor;
  const valor = Math.round(input.valor * 100) / 100;
  if (valor > paid) throw new ValidationError(WITHDRAWAL_MESSAGES.manualRefundInvalidValue);
  const now = deps.clock();
  if (input.data > saoPauloDay(now)) throw new ValidationError(WITHDRAWAL_MESSAGES.manualRefundInvalidDate);
  const at = now.toISOString();
  await recordManualRefund(
    deps.db,
    ref,
    { valor, data: input.data, motivo: input.motivo, por: caller.email, em: at },
    {
      at,
      actor: actorOf(caller),
      action: 'charge-manual-refund',
      targetUserId: ref.userId,
      target: { type: 'charge', id: ref.chargeId },
      before: { status: charge.status, refund_refused_reason: charge.refund_refused_reason ?? null },
      after: { manual_refund: { valor, data: input.data }, obs: input.motivo },
    },
  );
  return rowOf(deps, ref);
}

/**
 * 'Estornar pagamento extra': a contract paid twice (an old PIX paid after it was replaced) gives the extra payment
 * back. Only a paid charge that is not the one its process's payment names, of a contract not cancelled (409
 * otherwise: a cancelled contract's money goes back with 'Estornar'). Asaas's answer is read back and applied through
 * the status path (the process is untouched: its payment is the other charge's), audited in the move's transaction.
 * Asaas refusing → 409 with its reason; unreachable → 503.
 */
export async function refundDuplicatePayment(
  deps: SettlementDeps,
  caller: Caller,
  ref: ChargeRef,
  reason = 'Pagamento em duplicidade',
): Promise<AdminChargeRow> {
  const [charge, contract, process] = await Promise.all([
    getCharge(deps.db, ref),
    getContract(deps.db, ref.userId, ref.contractId),
    getProcess(deps.db, ref),
  ]);
  if (!charge?.asaas_id || !contract || !process) throw new NotFoundError(PROCESS_MESSAGES.chargeNotFound);
  const extra =
    isChargePaid(charge.status) &&
    !contract.cancelado_em &&
    !!process.paid_charge_id &&
    process.paid_charge_id !== ref.chargeId;
  if (!extra) throw new ConflictError(WITHDRAWAL_MESSAGES.duplicateRefundNotExtra);
  const asaasId = charge.asaas_id;
  let fresh;
  try {
    try {
      await refundCharge(
        deps.asaas,
        { payment: asaasId, installment: charge.asaas_parcelamento_id },
        `Estorno de pagamento em duplicidade do contrato ${contract.protocolo}`,
      );
    } catch (error) {
      if (!(error instanceof AsaasError && error.kind === 'rejected')) throw error;
      const reason = (error.details.errors ?? []).map((e) => e.description ?? e.code).join(' ');
      fresh = await deps.asaas.getPayment(asaasId);
      if (isChargePaid(providerChargeStatus(fresh))) {
        throw new ConflictError(`${WITHDRAWAL_MESSAGES.refundRefusedByAsaas} ${reason}`.trim());
      }
    }
    fresh ??= await deps.asaas.getPayment(asaasId);
  } catch (error) {
    if (error instanceof AsaasError) throw new SettlementPendingError();
    throw error;
  }
  const at = deps.clock().toISOString();
  const status = providerChargeStatus(fresh);
  await applyProviderStatus(deps, ref, status, freshReadOf(fresh), (current) => [
    auditPut(deps.db, {
      at,
      actor: actorOf(caller),
      action: 'charge-refund',
      targetUserId: ref.userId,
      target: { type: 'charge', id: ref.chargeId },
      before: { status: current.status },
      after: { status, obs: reason },
    }),
  ]);
  return rowOf(deps, ref);
}

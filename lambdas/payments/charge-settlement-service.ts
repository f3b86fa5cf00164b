import { randomUUID } from 'node:crypto';
import { isChargePaid, isChargeReturned, providerChargeStatus, type ChargeStatus } from '../../domain/charge-status.js';
import { formatBRL } from '../../domain/pricing.js';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { settlementAction, type SettlementAction, type SettlementOutcome } from '../../domain/withdrawal.js';
import { AsaasError, refundCharge, removeCharge, type AsaasClient } from '../providers/asaas.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { getCharge, type ChargeRef } from '../shared/data/charges.js';
import { getContract } from '../shared/data/contracts.js';
import { chargeSettlementLease } from '../shared/data/markers.js';
import { clearSettlementRefused, markSettlementRefused } from '../shared/data/settlements.js';
import { DomainError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { applyProviderStatus, freshReadOf, type ChargeStatusDeps } from './charge-status-service.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './asaas-timeouts.js';
import { refusal } from '../../domain/refusals.js';

export type SettlementDeps = ChargeStatusDeps & {
  asaas: Pick<
    AsaasClient,
    'getPayment' | 'deletePayment' | 'refundPayment' | 'refundInstallment' | 'deleteInstallment'
  >;
  /** A refunded payment's nota fiscal is cancelled (invoice-service.ts: `cancelChargeInvoice`). */
  cancelInvoice?: (ref: ChargeRef) => Promise<unknown>;
};

/**
 * Where a cancelled contract's charge stands after a settlement attempt (domain/withdrawal.ts), with Asaas's own reason
 * when it refused: the money is then pending with the team, never "nothing to refund".
 */
export type Settlement =
  { outcome: Exclude<SettlementOutcome, 'refused'> } | { outcome: 'refused'; reason: string; action: SettlementAction };

/** Asaas could not be reached: the cancellation stands, the money is settled by the next try (503, pt-BR). */
export class SettlementPendingError extends DomainError {
  constructor() {
    super('provider_unavailable', 503, refusal('refund_pending', WITHDRAWAL_MESSAGES.refundPending));
  }
}

/** The function's timeout: one attempt settles a charge at a time, and a crashed one frees it when it lapses. */
const SETTLEMENT_LEASE_SECONDS = ASAAS_CALLER_TIMEOUT_SECONDS;

/** The id of the admins' alert about a charge Asaas would not settle: one per charge and step, however often. */
export const refusedSettlementAlertId = (chargeId: string, action: SettlementAction = 'refund') =>
  `${action === 'refund' ? 'estorno-recusado' : 'remocao-recusada'}#${chargeId}`;

/**
 * Settles the money of a cancelled contract's charge at Asaas (docs/decisions.md, Withdrawal and refunds): a paid one is
 * refunded in full, an open one removed (its PIX can no longer be paid; its waiting workflow is stopped). Whatever Asaas
 * answers is read back and applied through the webhook's own path (`applyProviderStatus`), so the charge shows
 * 'Estorno solicitado' and the payment's confirmation is undone (`reversePayment`). Idempotent and retryable: one
 * attempt at a time (a lease, taken before the charge is read, so no attempt acts on a status another one changed),
 * and a charge paid while it was being removed is refunded instead. What Asaas refuses (a refund without balance or
 * past 90 days, a removal under risk analysis) is `refused` with its reason: marked on the charge and told to the
 * admins (docs/decisions.md, A refund Asaas refuses). Asaas unreachable → SettlementPendingError: the next call does it.
 */
export async function settleCancelledCharge(
  deps: SettlementDeps,
  ref: ChargeRef,
  description: string,
): Promise<Settlement> {
  const lease = chargeSettlementLease(deps.db, ref.chargeId);
  const owner = randomUUID();
  const claim = await lease.claim({ now: deps.clock(), leaseSeconds: SETTLEMENT_LEASE_SECONDS, owner });
  if (claim !== 'claimed') return { outcome: 'in-progress' };
  try {
    const charge = await getCharge(deps.db, ref);
    if (!charge?.asaas_id) return { outcome: 'nothing' };
    const needed = settlementAction(charge.status);
    if (!needed) return { outcome: outcomeOf(charge.status) };
    const asaasId = charge.asaas_id;
    const atAsaas = { payment: asaasId, installment: charge.asaas_parcelamento_id };
    let status = charge.status;
    if (needed === 'remove') {
      const refusedBecause = await askAsaas(() => removeCharge(deps.asaas, atAsaas));
      status = await applyFreshStatus(deps, ref, asaasId);
      if (settlementAction(status) === 'remove') {
        // Still open at Asaas (held for risk analysis): it may yet be paid, so its workflow keeps waiting; a payment
        // then is money a cancelled contract holds, refunded by the status path's callers.
        return refused(deps, ref, 'remove', refusedBecause ?? 'O Asaas não removeu a cobrança.');
      }
      if (settlementAction(status) !== 'refund') {
        if (charge.taskToken) {
          await deps.workflow.fail(charge.taskToken, 'ContractCancelled', 'O contrato foi cancelado.');
        }
        return settled(deps, ref, outcomeOf(status), charge);
      }
      // Paid while we removed it: the money goes back like any other payment of a cancelled contract.
    }
    const refusedBecause = await askAsaas(() => refundCharge(deps.asaas, atAsaas, description));
    status = await applyFreshStatus(deps, ref, asaasId);
    if (isChargePaid(status)) {
      return refused(deps, ref, 'refund', refusedBecause ?? 'O Asaas não aceitou o pedido de estorno.');
    }
    if (isChargeReturned(status)) await deps.cancelInvoice?.(ref);
    return settled(deps, ref, outcomeOf(status), charge);
  } finally {
    await lease.release(owner);
  }
}

function outcomeOf(status: string): Exclude<SettlementOutcome, 'refused' | 'in-progress'> {
  if (status === 'DELETED') return 'removed';
  return isChargeReturned(status) ? 'refund-requested' : 'nothing';
}

async function settled(
  deps: SettlementDeps,
  ref: ChargeRef,
  outcome: Exclude<SettlementOutcome, 'refused'>,
  charge: { refund_refused_at?: string | null },
): Promise<Settlement> {
  if (charge.refund_refused_at) await clearSettlementRefused(deps.db, ref);
  return { outcome };
}

/**
 * Asaas would not settle the charge: its reason is kept on the charge (every screen derives 'Estorno recusado' from
 * it) and the admins get one alert per charge saying what to do.
 */
async function refused(
  deps: SettlementDeps,
  ref: ChargeRef,
  action: SettlementAction,
  reason: string,
): Promise<Settlement> {
  const now = deps.clock().toISOString();
  logger.error('Asaas refused to settle a cancelled contract’s charge', { chargeId: ref.chargeId, action, reason });
  await markSettlementRefused(deps.db, ref, reason, now);
  await raiseRefusedSettlementAlert(deps, ref, action, reason);
  return { outcome: 'refused', reason, action };
}

/** 'Estorno recusado pelo Asaas': the charge, Asaas's reason and what to do. */
export async function raiseRefusedSettlementAlert(
  deps: Pick<SettlementDeps, 'db' | 'clock'>,
  ref: ChargeRef,
  action: SettlementAction,
  reason: string,
): Promise<void> {
  const [contract, charge] = await Promise.all([
    getContract(deps.db, ref.userId, ref.contractId),
    getCharge(deps.db, ref),
  ]);
  const protocolo = contract?.protocolo ?? ref.contractId;
  const value = charge?.valor ?? contract?.valor ?? null;
  const what = `a cobrança ${charge?.asaas_id ?? ref.chargeId}${value === null ? '' : ` (${formatBRL(value)})`} do contrato cancelado ${protocolo}`;
  await raiseAdminAlert(
    deps.db,
    action === 'refund'
      ? {
          id: refusedSettlementAlertId(ref.chargeId),
          userId: ref.userId,
          subject: `Estorno recusado pelo Asaas — ${protocolo}`,
          paragraphs: [
            `O Asaas recusou o estorno de ${what}. Motivo informado pelo Asaas: ${reason}`,
            'O valor continua retido. Se faltar saldo na conta do Asaas, deposite o valor e clique em Estornar de novo em Financeiro; se o prazo de 90 dias do PIX passou, devolva o valor por transferência bancária e use Registrar estorno manual.',
          ],
          actionPath: '/admin/financeiro',
          actionLabel: 'Abrir Financeiro',
        }
      : {
          id: refusedSettlementAlertId(ref.chargeId, 'remove'),
          userId: ref.userId,
          subject: `Cobrança não cancelada pelo Asaas — ${protocolo}`,
          paragraphs: [
            `O Asaas recusou a remoção de ${what}. Motivo informado pelo Asaas: ${reason}`,
            'Se o pagamento for aprovado, o estorno é pedido automaticamente; confira em Financeiro.',
          ],
          actionPath: '/admin/financeiro',
          actionLabel: 'Abrir Financeiro',
        },
    deps.clock().toISOString(),
  );
}

/**
 * A call whose refusal is read back, not trusted (a removal of a payment just paid, a refund already asked for): the
 * answer is Asaas's reason when it refused (its own pt-BR descriptions), null when it accepted.
 */
async function askAsaas(call: () => Promise<unknown>): Promise<string | null> {
  try {
    await call();
    return null;
  } catch (error) {
    if (error instanceof AsaasError && (error.kind === 'rejected' || error.kind === 'not_found')) {
      logger.warn('Asaas refused a settlement call; reading the payment back', { error });
      const descriptions = (error.details.errors ?? []).map((e) => e.description ?? e.code).filter(Boolean);
      return descriptions.length > 0 ? descriptions.join(' ') : null;
    }
    logger.error('Asaas unavailable while settling a cancelled contract', { error: error as Error });
    throw new SettlementPendingError();
  }
}

async function applyFreshStatus(deps: SettlementDeps, ref: ChargeRef, asaasId: string): Promise<ChargeStatus> {
  let payment;
  try {
    payment = await deps.asaas.getPayment(asaasId);
  } catch (error) {
    logger.error('Asaas unavailable while reading a settled payment', { error: error as Error });
    throw new SettlementPendingError();
  }
  const move = await applyProviderStatus(deps, ref, providerChargeStatus(payment), freshReadOf(payment));
  return move.status;
}

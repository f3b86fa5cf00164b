import {
  isChargePaid,
  isChargeReturned,
  PENDING_CHARGE_STATUSES,
  providerChargeStatus,
} from '../../domain/charge-status.js';
import { WITHDRAWAL_MESSAGES } from '../../domain/messages.js';
import { AsaasError, type AsaasClient } from '../providers/asaas.js';
import { getCharge, type ChargeRef } from '../shared/data/charges.js';
import { keys } from '../shared/data/keys.js';
import { claimLease, releaseLease } from '../shared/data/table.js';
import { DomainError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { applyProviderStatus, type ChargeStatusDeps } from './charge-status-service.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './asaas-timeouts.js';
import { refusal } from '../../domain/refusals.js';

export type SettlementDeps = ChargeStatusDeps & {
  asaas: Pick<AsaasClient, 'getPayment' | 'deletePayment' | 'refundPayment'>;
};

/**
 * Where a cancelled contract's money stands after a settlement attempt: a refund asked of Asaas (or already done), the
 * open PIX removed, nothing to settle (never paid, already removed), or another attempt at it right now.
 */
export type Settlement = 'refund-requested' | 'removed' | 'nothing' | 'in-progress';

/** Asaas could not be reached: the cancellation stands, the money is settled by the next try (503, pt-BR). */
export class SettlementPendingError extends DomainError {
  constructor() {
    super('provider_unavailable', 503, refusal('refund_pending', WITHDRAWAL_MESSAGES.refundPending));
  }
}

/** The function's timeout: one attempt settles a charge at a time, and a crashed one frees it when it lapses. */
const SETTLEMENT_LEASE_SECONDS = ASAAS_CALLER_TIMEOUT_SECONDS;

const OPEN_STATUSES = new Set<string>([...PENDING_CHARGE_STATUSES, 'OVERDUE']);

/** What a cancelled contract's charge still needs at Asaas, from its status: null when nothing. */
export function settlementNeeded(status: string): 'refund' | 'remove' | null {
  if (isChargePaid(status)) return 'refund';
  return OPEN_STATUSES.has(status) ? 'remove' : null;
}

/**
 * Settles the money of a cancelled contract's charge at Asaas (docs/decisions.md, Withdrawal and refunds): a paid one is
 * refunded in full, an open one removed (its PIX can no longer be paid; its waiting workflow is stopped). Whatever Asaas
 * answers is read back and applied through the webhook's own path (`applyProviderStatus`), so the charge shows
 * 'Estorno solicitado' and the payment's confirmation is undone (`reversePayment`). Idempotent and retryable: it
 * starts from the charge's status, one attempt at a time (a lease), and a charge paid while it was being removed is
 * refunded instead. Asaas unreachable → SettlementPendingError, nothing lost: the next call does it.
 */
export async function settleCancelledCharge(
  deps: SettlementDeps,
  ref: ChargeRef,
  description: string,
): Promise<Settlement> {
  const charge = await getCharge(deps.db, ref);
  if (!charge?.asaas_id) return 'nothing';
  if (!settlementNeeded(charge.status)) return outcomeOf(charge.status);
  const marker = keys.chargeSettlement(ref.chargeId);
  const now = deps.clock();
  const claim = await claimLease(deps.db, marker, {
    now,
    leaseSeconds: SETTLEMENT_LEASE_SECONDS,
    attributes: { type: 'SETTLEMENT', claimed_at: now.toISOString() },
  });
  if (claim !== 'claimed') return 'in-progress';
  try {
    const asaasId = charge.asaas_id;
    if (settlementNeeded(charge.status) === 'remove') {
      await askAsaas(() => deps.asaas.deletePayment(asaasId));
      const status = await applyFreshStatus(deps, ref, asaasId);
      if (settlementNeeded(status) !== 'refund') {
        if (charge.taskToken) {
          await deps.workflow.fail(charge.taskToken, 'ContractCancelled', 'O contrato foi cancelado.');
        }
        return outcomeOf(status);
      }
      // Paid while we removed it: the money goes back like any other payment of a cancelled contract.
    }
    await askAsaas(() => deps.asaas.refundPayment(asaasId, description));
    return outcomeOf(await applyFreshStatus(deps, ref, asaasId));
  } finally {
    await releaseLease(deps.db, marker);
  }
}

function outcomeOf(status: string): Settlement {
  if (status === 'DELETED') return 'removed';
  return isChargeReturned(status) ? 'refund-requested' : 'nothing';
}

/** A call whose refusal is read back, not trusted (a removal of a payment just paid, a refund already asked for). */
async function askAsaas(call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof AsaasError && (error.kind === 'rejected' || error.kind === 'not_found')) {
      logger.warn('Asaas refused a settlement call; reading the payment back', { error });
      return;
    }
    logger.error('Asaas unavailable while settling a cancelled contract', { error: error as Error });
    throw new SettlementPendingError();
  }
}

async function applyFreshStatus(deps: SettlementDeps, ref: ChargeRef, asaasId: string): Promise<string> {
  let payment;
  try {
    payment = await deps.asaas.getPayment(asaasId);
  } catch (error) {
    logger.error('Asaas unavailable while reading a settled payment', { error: error as Error });
    throw new SettlementPendingError();
  }
  const move = await applyProviderStatus(deps, ref, providerChargeStatus(payment), { freshRead: true });
  return move.status;
}

import { isChargePaid, isChargeReturned } from '../../domain/charge-status.js';
import { getCharge, type ChargeRef } from '../shared/data/charges.js';
import type { ChargeMove } from '../shared/data/charge-moves.js';
import { getContract } from '../shared/data/contracts.js';
import { markSettlementRefused } from '../shared/data/settlements.js';
import { logger } from '../shared/logger.js';
import {
  raiseRefusedSettlementAlert,
  settleCancelledCharge,
  type Settlement,
  type SettlementDeps,
} from './charge-settlement-service.js';

/** What Asaas's denial of an accepted refund is called where the admins read it. */
export const REFUND_DENIED_REASON = 'O Asaas aceitou o estorno e depois o negou: o valor voltou para a conta.';

/**
 * A cancelled contract never silently holds money (docs/decisions.md, A refund Asaas refuses). Called after Asaas's
 * word on a charge was applied (webhook, verification, reconciliation): a paid charge of a cancelled contract is
 * settled again — a payment made after the cancellation (an old PIX paid from a bank app, a restored one) is refunded.
 * A refund Asaas accepted and then denied, or one already refused, is a person's to decide (the admin alert, then
 * 'Estornar' or 'Registrar estorno manual'), never asked again in a loop. Null when the charge holds no such money.
 */
export async function settleHeldMoney(
  deps: SettlementDeps,
  ref: ChargeRef,
  move: Pick<ChargeMove, 'status' | 'moved' | 'from'>,
): Promise<Settlement | null> {
  if (!isChargePaid(move.status)) return null;
  const [contract, charge] = await Promise.all([getContract(deps.db, ref.userId, ref.contractId), getCharge(deps.db, ref)]);
  if (!contract?.cancelado_em || !charge || charge.manual_refund || !isChargePaid(charge.status)) return null;
  logger.warn('A cancelled contract holds a paid charge', { chargeId: ref.chargeId, from: move.from });
  if (move.moved && isChargeReturned(move.from)) {
    await markSettlementRefused(deps.db, ref, REFUND_DENIED_REASON, deps.clock().toISOString());
    await raiseRefusedSettlementAlert(deps, ref, 'refund', REFUND_DENIED_REASON);
    return { outcome: 'refused', reason: REFUND_DENIED_REASON, action: 'refund' };
  }
  if (charge.refund_refused_at) {
    return { outcome: 'refused', reason: charge.refund_refused_reason ?? REFUND_DENIED_REASON, action: 'refund' };
  }
  return settleCancelledCharge(
    deps,
    ref,
    `Estorno: pagamento recebido após o cancelamento do contrato ${contract.protocolo}`,
  );
}

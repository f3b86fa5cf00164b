import { isChargePaid, isChargeReturned } from '../../domain/charge-status.js';
import { getCharge, type ChargeRef } from '../shared/data/charges.js';
import type { ChargeMove } from '../shared/data/charge-moves.js';
import { getContract } from '../shared/data/contracts.js';
import { raiseAdminAlert } from '../shared/data/admin-alerts.js';
import { getProcess } from '../shared/data/processes.js';
import { formatBRL } from '../../domain/pricing.js';
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
  const [contract, charge] = await Promise.all([
    getContract(deps.db, ref.userId, ref.contractId),
    getCharge(deps.db, ref),
  ]);
  if (contract && !contract.cancelado_em && move.moved) await flagDuplicatePayment(deps, ref, contract.protocolo);
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

/** The id of the admins' alert about a second paid charge of one contract: one per extra charge. */
export const duplicatePaymentAlertId = (chargeId: string) => `pagamento-duplicado#${chargeId}`;

/**
 * A contract whose payment another charge already confirmed (`paid_charge_id`) is paid again: an old PIX paid after it
 * was replaced. The admins are told once; /admin/financeiro lists it as 'Pagamento em duplicidade' (the reconciliation)
 * with a one-click refund of the extra payment.
 */
async function flagDuplicatePayment(deps: SettlementDeps, ref: ChargeRef, protocolo: string): Promise<void> {
  const process = await getProcess(deps.db, ref);
  if (!process?.paid_charge_id || process.paid_charge_id === ref.chargeId) return;
  await raiseDuplicatePaymentAlert(deps, ref, protocolo);
}

export async function raiseDuplicatePaymentAlert(
  deps: Pick<SettlementDeps, 'db' | 'clock'>,
  ref: ChargeRef,
  protocolo: string,
): Promise<void> {
  const charge = await getCharge(deps.db, ref);
  logger.warn('A contract was paid twice', { chargeId: ref.chargeId });
  await raiseAdminAlert(
    deps.db,
    {
      id: duplicatePaymentAlertId(ref.chargeId),
      userId: ref.userId,
      subject: `Pagamento em duplicidade — ${protocolo}`,
      paragraphs: [
        `O contrato ${protocolo} já estava pago e recebeu outro pagamento: a cobrança ${charge?.asaas_id ?? ref.chargeId}${charge?.valor ? ` (${formatBRL(charge.valor)})` : ''}, provavelmente um PIX antigo pago depois de substituído.`,
        'Em Financeiro, na lista de Divergências, use Estornar pagamento extra para devolvê-lo ao cliente.',
      ],
      actionPath: '/admin/financeiro',
      actionLabel: 'Abrir Financeiro',
    },
    deps.clock().toISOString(),
  );
}

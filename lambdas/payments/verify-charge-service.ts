import { isChargePaid, providerChargeStatus } from '../../domain/charge-status.js';
import { PAYMENT_MESSAGES } from '../../domain/messages.js';
import { RATE_LIMITS } from '../../domain/rate-limits.js';
import type { Charge } from '../../domain/schemas/entities.js';
import type { AsaasClient } from '../providers/asaas.js';
import type { Caller } from '../shared/caller.js';
import { getCharge, latestChargeOfContract, withoutTaskToken } from '../shared/data/charges.js';
import { enforceRateLimits } from '../shared/data/rate-limits.js';
import { NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { enforceAsaasReadBudget } from './asaas-read-budget.js';
import { settleHeldMoney } from './held-money-service.js';
import { applyProviderStatus, freshReadOf, type ChargeStatusDeps } from './charge-status-service.js';

export type VerifyChargeDeps = ChargeStatusDeps & {
  asaas: Pick<
    AsaasClient,
    'getPayment' | 'refundPayment' | 'deletePayment' | 'refundInstallment' | 'deleteInstallment'
  >;
};

/**
 * 'Verificar Pagamento': asks Asaas for the payment and applies its status through the webhook's own path. Asaas being
 * unreachable is only logged (spec 02 §8): the answer is then what we already know. Each customer may verify
 * `chargeVerificationsByCustomer` times a window (pattern 43): every call counts, before anything is read, so no
 * script of a signed-in customer can turn this button into a poller of Asaas's API; and all customers together share
 * the global budget of reads (`asaasReadsGlobal`), answered 429 'verificationsBusy' when spent.
 */
export async function verifyContractCharge(
  deps: VerifyChargeDeps,
  caller: Caller,
  contractId: string,
): Promise<{ pago: boolean; charge: Charge }> {
  await enforceRateLimits(
    deps.db,
    deps.clock(),
    [{ rule: RATE_LIMITS.chargeVerificationsByCustomer, subject: caller.userId }],
    PAYMENT_MESSAGES.tooManyVerifications,
  );
  const latest = await latestChargeOfContract(deps.db, caller.userId, contractId);
  if (!latest?.asaas_id) throw new NotFoundError(PAYMENT_MESSAGES.contractNotSigned);
  // Many accounts together must not spend the quota the webhooks' read-backs need: its share for people runs out first.
  await enforceAsaasReadBudget(deps, PAYMENT_MESSAGES.verificationsBusy);
  const ref = { userId: caller.userId, contractId, chargeId: latest.id };
  try {
    const payment = await deps.asaas.getPayment(latest.asaas_id);
    const move = await applyProviderStatus(deps, ref, providerChargeStatus(payment), freshReadOf(payment));
    await settleHeldMoney(deps, ref, move);
  } catch (error) {
    logger.warn('Payment not verified at Asaas', { error: error as Error, chargeId: latest.id });
  }
  const charge = withoutTaskToken((await getCharge(deps.db, ref)) ?? { ...latest, taskToken: null });
  return { pago: isChargePaid(charge.status), charge };
}

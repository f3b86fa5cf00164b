import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import { paymentClass, providerChargeStatus } from '../../domain/charge-status.js';
import { asaasFeeCents } from '../../domain/finance.js';
import { AsaasError } from '../providers/asaas.js';
import { findChargeByProviderId, type ChargeRef } from '../shared/data/charges.js';
import { markCardRefused, recordInstalmentStatus } from '../shared/data/card-charges.js';
import { logger } from '../shared/logger.js';
import { applyProviderStatus, freshReadOf } from './charge-status-service.js';
import { settleHeldMoney } from './held-money-service.js';
import type { WebhookDeps } from './asaas-webhook-service.js';

type Outcome = Exclude<(typeof WEBHOOK_OUTCOMES)[number], 'duplicate'>;

/** The card events that say a card was not charged, and what the screen tells the customer. */
const CARD_REFUSALS: Record<string, 'recusado' | 'reprovado'> = {
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: 'recusado',
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: 'reprovado',
};

/**
 * The events only a card plan has (docs/decisions.md, Paying by card and by boleto), or null for the usual path. Both
 * kinds are read back from Asaas, as any money claim is, and applied once:
 *
 * - an event of a later instalment (its payment is not the charge's; its `installment` is): its status is kept for the
 *   plan's screen, and a chargeback of it is a chargeback of the charge (the existing reversal, once);
 * - a refused capture or a reproved risk analysis of the charge's payment: the charge is marked so the screen offers
 *   another way to pay, and whatever Asaas now shows (back to PENDING after a review) is applied as usual.
 */
export async function applyCardEvent(deps: WebhookDeps, body: AsaasWebhook): Promise<Outcome | null> {
  const payment = body.payment;
  if (!payment) return null;
  const refusal = CARD_REFUSALS[body.event];
  const plan = typeof payment.installment === 'string' ? payment.installment : null;
  if (!refusal && !plan) return null;
  const own = await findChargeByProviderId(deps.db, payment.id);
  if (own) return refusal ? cardRefused(deps, own.ref, payment.id, refusal, body.event) : null;
  const charge = plan ? await findChargeByProviderId(deps.db, plan) : null;
  if (!charge) return null;
  const number = typeof payment.installmentNumber === 'number' ? payment.installmentNumber : null;
  if (number === null) return 'ignored';
  const fresh = await readBack(deps, payment.id);
  if (!fresh) return 'unverified';
  const status = providerChargeStatus(fresh);
  const recorded = await recordInstalmentStatus(deps.db, charge.ref, number, status, {
    feeCents: asaasFeeCents(fresh),
    now: deps.clock().toISOString(),
  });
  if (status.startsWith('CHARGEBACK_') || status === 'AWAITING_CHARGEBACK_REVERSAL') {
    // The payer disputes the card with their bank: the whole sale is in dispute, as a chargeback of the first is.
    const move = await applyProviderStatus(deps, charge.ref, status, { freshRead: true });
    await settleHeldMoney(deps, charge.ref, move);
    return move.moved || recorded ? 'recorded' : 'ignored';
  }
  return recorded ? 'recorded' : 'ignored';
}

async function cardRefused(
  deps: WebhookDeps,
  ref: ChargeRef,
  asaasId: string,
  motivo: 'recusado' | 'reprovado',
  event: string,
): Promise<Outcome> {
  const fresh = await readBack(deps, asaasId);
  if (!fresh) return 'unverified';
  const status = providerChargeStatus(fresh);
  const move = await applyProviderStatus(deps, ref, status, freshReadOf(fresh));
  await settleHeldMoney(deps, ref, move);
  // A refusal Asaas's answer contradicts (the card went through on a second try) is a stale event: nothing to tell.
  if (paymentClass(status) !== 'unpaid') return move.moved ? 'recorded' : 'ignored';
  const marked = await markCardRefused(deps.db, ref, motivo, deps.clock().toISOString());
  logger.info('Card payment not charged', { event, chargeId: ref.chargeId, status });
  return marked || move.moved ? 'recorded' : 'ignored';
}

async function readBack(deps: WebhookDeps, asaasId: string) {
  try {
    return await deps.asaas.getPayment(asaasId);
  } catch (error) {
    if (error instanceof AsaasError && error.kind === 'not_found') return null;
    throw error;
  }
}

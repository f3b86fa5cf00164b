import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import {
  isChargePaid,
  needsProviderCheck,
  paymentClass,
  providerChargeStatus,
  type ChargeStatusSource,
} from '../../domain/charge-status.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { AdminDirectory } from '../providers/admins.js';
import { AsaasError, type AsaasClient, type AsaasPayment } from '../providers/asaas.js';
import type { SendEmail } from '../providers/email.js';
import { findChargeByProviderId, type ChargeRef } from '../shared/data/charges.js';
import { getOrphanPayment, recordOrphanPayment } from '../shared/data/orphan-payments.js';
import { isWebhookEventDone, markWebhookEventDone } from '../shared/data/webhook-events.js';
import { UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { matchesSecret } from '../shared/secrets.js';
import { settleHeldMoney } from './held-money-service.js';
import { applyProviderStatus, type ChargeStatusDeps } from './charge-status-service.js';
import { reportOrphanPayment } from './orphan-payment-service.js';
import { countMetric, METRIC } from '../shared/metrics.js';

/** Asaas authenticates deliveries with the token we configured, in the asaas-access-token header. */
export function assertWebhookToken(received: string | undefined, expected: string): void {
  if (matchesSecret(received, expected)) return;
  // A few are a probe; a steady stream is Asaas sending a token we no longer hold (a rotation half done), and after 15
  // failures in a row Asaas pauses the queue: the rejected-webhook alarm watches this count.
  countMetric(METRIC.webhooksRejected);
  throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
}

export type WebhookDeps = ChargeStatusDeps & {
  /** Reads a payment back before its money claim is applied; settles money a cancelled contract holds. */
  asaas: Pick<AsaasClient, 'getPayment' | 'refundPayment' | 'deletePayment'>;
  sendEmail: SendEmail;
  admins: AdminDirectory;
  appUrl: string;
};

export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Applies one provider event, then marks it done — in that order, so a failure in between (the charge written but the
 * workflow not resumed, say) is answered with an error, Asaas redelivers, and the idempotent effects are applied
 * again. Events of the same charge each have their own id and may arrive late or twice: the charge's life decides
 * (`applyProviderStatus`), never the arrival order. Events without a payment, and unpaid events of payments we do not
 * know, are acknowledged so Asaas's queue keeps flowing; a paid one is an orphan payment (`recordOrphan`). A claim
 * that moves money is read back from Asaas first (`needsProviderCheck`), and what Asaas answers is applied.
 */
export async function handleAsaasWebhook(deps: WebhookDeps, body: AsaasWebhook): Promise<WebhookOutcome> {
  const { db } = deps;
  if (await isWebhookEventDone(db, 'asaas', body.id)) {
    countMetric(METRIC.webhooksAccepted);
    return 'duplicate';
  }
  const outcome = await applyEvent(deps, body);
  await markWebhookEventDone(db, 'asaas', body.id, deps.clock(), outcome);
  countMetric(outcome === 'unknown_charge' ? METRIC.webhooksUnknownCharge : METRIC.webhooksAccepted);
  return outcome;
}

async function applyEvent(deps: WebhookDeps, body: AsaasWebhook): Promise<Exclude<WebhookOutcome, 'duplicate'>> {
  if (!body.payment) {
    logger.info('Webhook event without a payment', { event: body.event });
    return 'ignored';
  }
  const claimed = providerChargeStatus(body.payment, body.event);
  const charge = await findChargeByProviderId(deps.db, body.payment.id);
  if (!needsProviderCheck(claimed, charge?.status ?? null)) {
    if (!charge) {
      logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
      return 'unknown_charge';
    }
    return applyStatus(deps, charge.ref, claimed, { event: body.event });
  }
  const fresh = await readBack(deps, body.payment.id);
  const status = fresh ? providerChargeStatus(fresh) : null;
  if (!fresh || !status || paymentClass(status) !== paymentClass(claimed)) {
    // A forged body, or a stale one (the payment moved on since: its own event follows). Answered 200 so Asaas's queue
    // keeps flowing; the warning is for whoever watches the logs, and the nightly reconciliation reads Asaas anyway.
    logger.warn('Webhook claim not confirmed by Asaas: nothing applied', {
      event: body.event,
      asaasId: body.payment.id,
      claimed,
      asaas: status ?? 'not_found',
    });
    return 'unverified';
  }
  if (!charge) {
    if (isChargePaid(status)) return recordOrphan(deps, fresh, body.event, status);
    // An orphan payment being refunded (by an admin, or the payer's bank): the item follows it.
    const orphan = await getOrphanPayment(deps.db, fresh.id);
    if (orphan) {
      await recordOrphanPayment(deps.db, { ...orphan, status, lastEvent: body.event }, deps.clock().toISOString());
      return 'recorded';
    }
    logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
    return 'unknown_charge';
  }
  return applyStatus(deps, charge.ref, status, { freshRead: true });
}

async function applyStatus(
  deps: WebhookDeps,
  ref: ChargeRef,
  status: string,
  source: ChargeStatusSource,
): Promise<'recorded' | 'ignored'> {
  const move = await applyProviderStatus(deps, ref, status, source);
  // A payment of a cancelled contract goes back (Asaas unreachable → thrown: Asaas redelivers, and it is done then).
  await settleHeldMoney(deps, ref, move);
  if (!move.moved) logger.info('Webhook status not applied', { ...source, kept: move.status });
  return move.moved ? 'recorded' : 'ignored';
}

/** The payment as Asaas has it now; null when Asaas does not know it. Unavailable → thrown: Asaas redelivers. */
async function readBack(deps: WebhookDeps, asaasId: string): Promise<AsaasPayment | null> {
  try {
    return await deps.asaas.getPayment(asaasId);
  } catch (error) {
    if (error instanceof AsaasError && error.kind === 'not_found') return null;
    throw error;
  }
}

/** A paid payment for a charge we do not have: an orphan payment, stored and told to the admins once. */
async function recordOrphan(
  deps: WebhookDeps,
  payment: AsaasPayment,
  event: string,
  status: string,
): Promise<'orphan_payment'> {
  await reportOrphanPayment(deps, {
    asaasId: payment.id,
    status,
    value: typeof payment.value === 'number' ? payment.value : null,
    asaasCustomer: typeof payment.customer === 'string' ? payment.customer : null,
    externalReference: typeof payment.externalReference === 'string' ? payment.externalReference : null,
    lastEvent: event,
  });
  return 'orphan_payment';
}

import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import {
  isChargePaid,
  needsProviderCheck,
  paymentClass,
  providerChargeStatus,
  type ChargeStatusSource,
} from '../../domain/charge-status.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { AsaasError, type AsaasClient, type AsaasPayment } from '../providers/asaas.js';
import { findChargeByProviderId, type ChargeRef } from '../shared/data/charges.js';
import { getOrphanPayment, recordOrphanPayment } from '../shared/data/orphan-payments.js';
import { countUnconfirmedDelivery, isWebhookEventDone, markWebhookEventDone } from '../shared/data/webhook-events.js';
import { DomainError, UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { matchesSecret } from '../shared/secrets.js';
import { settleHeldMoney } from './held-money-service.js';
import { applyProviderStatus, freshReadOf, type ChargeStatusDeps } from './charge-status-service.js';
import { applyCardEvent } from './card-webhook-service.js';
import { reportOrphanPayment } from './orphan-payment-service.js';
import { countMetric, METRIC } from '../shared/metrics.js';
import { applyInvoiceEvent, type InvoiceDeps } from './invoice-service.js';

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
  asaas: Pick<
    AsaasClient,
    'getPayment' | 'refundPayment' | 'deletePayment' | 'refundInstallment' | 'deleteInstallment'
  >;
  /** INVOICE_* events: the notas fiscais (invoice-service.ts). */
  invoices?: InvoiceDeps;
};

export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Applies one provider event, then marks it done — in that order, so a failure in between (the charge written but the
 * workflow not resumed, say) is answered with an error, Asaas redelivers, and the idempotent effects are applied
 * again. Events of the same charge each have their own id and may arrive late or twice: the charge's life decides
 * (`applyProviderStatus`), never the arrival order. Events without a payment, and unpaid events of payments we do not
 * know, are acknowledged so Asaas's queue keeps flowing; a paid one is an orphan payment (`recordOrphan`). A claim
 * that moves money is read back from Asaas first (`needsProviderCheck`), and what Asaas answers is applied; a claim
 * Asaas's answer is still behind is answered with an error a few times, so Asaas redelivers it (`askForRedelivery`).
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
  if (body.invoice && deps.invoices) return applyInvoiceEvent(deps.invoices, body.invoice, body.event);
  if (!body.payment) {
    logger.info('Webhook event without a payment', { event: body.event });
    return 'ignored';
  }
  // A card plan's later instalments and a card not charged (card-webhook-service.ts); everything else goes on here.
  const card = await applyCardEvent(deps, body);
  if (card) return card;
  const claimed = providerChargeStatus(body.payment, body.event);
  const charge = await findChargeByProviderId(deps.db, body.payment.id);
  if (!needsProviderCheck(claimed, charge?.status ?? null, body.event)) {
    if (!charge) {
      logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
      return 'unknown_charge';
    }
    return applyStatus(deps, charge.ref, claimed, { event: body.event });
  }
  const fresh = await readBack(deps, body.payment.id);
  const status = fresh ? providerChargeStatus(fresh) : null;
  if (isBehindClaim(status, claimed)) await askForRedelivery(deps, body, claimed, status);
  if (!fresh || !status || paymentClass(status) !== paymentClass(claimed)) {
    // A stale body (the payment moved on since: its own event follows), or one Asaas kept not confirming through every
    // redelivery asked for (forged, or Asaas's API still behind: the nightly reconciliation reads every payment paid
    // since its last run). Answered 200 so Asaas's queue keeps flowing; the warning is for whoever watches the logs.
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
  return applyStatus(deps, charge.ref, status, freshReadOf(fresh));
}

/**
 * How many deliveries of one event are answered with an error while Asaas's API does not yet show the money its event
 * claims, so Asaas delivers it again (its schedule: at once, 30 s, 1 min, 3.5 min — about five minutes for its API to
 * catch up with its own event). Far below the 15 failures in a row after which Asaas pauses the whole queue.
 */
export const UNCONFIRMED_CLAIM_DELIVERIES = 4;

/** Asaas refuses to count a delivery answered otherwise than 200: this is the answer that asks for one more. */
export class WebhookClaimUnconfirmedError extends DomainError {
  constructor() {
    super('provider_unavailable', 503, API_MESSAGES.webhookClaimUnconfirmed);
  }
}

const LIFE_ORDER = { unpaid: 0, paid: 1, returned: 2 } as const;

/**
 * Whether Asaas's answer is behind the event's claim on a payment's usual life (unpaid → paid → returned): a paid
 * claim on a payment it shows unpaid or not at all, a refund on one it shows paid. Asaas's API catching up with its own
 * event looks like this; a payment that moved on since (a paid claim read back refunded) does not.
 */
function isBehindClaim(status: string | null, claimed: string): boolean {
  const claim = LIFE_ORDER[paymentClass(claimed)];
  return claim > 0 && (status === null ? true : LIFE_ORDER[paymentClass(status)] < claim);
}

/**
 * A genuine event may outrun Asaas's API: the delivery is answered with an error (and the event left not done) so
 * Asaas redelivers it, `UNCONFIRMED_CLAIM_DELIVERIES` times at most; the last one goes on to be marked 'unverified'.
 */
async function askForRedelivery(deps: WebhookDeps, body: AsaasWebhook, claimed: string, status: string | null) {
  const deliveries = await countUnconfirmedDelivery(deps.db, 'asaas', body.id, deps.clock());
  const context = { event: body.event, eventId: body.id, claimed, asaas: status ?? 'not_found', deliveries };
  if (deliveries < UNCONFIRMED_CLAIM_DELIVERIES) {
    logger.warn('Webhook claim not confirmed by Asaas yet: asking for a redelivery', context);
    throw new WebhookClaimUnconfirmedError();
  }
  logger.error('Webhook claim never confirmed by Asaas: left to the nightly reconciliation', context);
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

import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import { isChargePaid, providerChargeStatus } from '../../domain/charge-status.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { AdminDirectory } from '../providers/admins.js';
import type { SendEmail } from '../providers/email.js';
import { findChargeByProviderId } from '../shared/data/charges.js';
import { isWebhookEventDone, markWebhookEventDone } from '../shared/data/webhook-events.js';
import { UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { matchesSecret } from '../shared/secrets.js';
import { applyProviderStatus, type ChargeStatusDeps } from './charge-status-service.js';
import { reportOrphanPayment } from './orphan-payment-service.js';

/** Asaas authenticates deliveries with the token we configured, in the asaas-access-token header. */
export function assertWebhookToken(received: string | undefined, expected: string): void {
  if (!matchesSecret(received, expected)) throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
}

export type WebhookDeps = ChargeStatusDeps & {
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
 * know, are acknowledged so Asaas's queue keeps flowing; a paid one is an orphan payment (`recordOrphan`).
 */
export async function handleAsaasWebhook(deps: WebhookDeps, body: AsaasWebhook): Promise<WebhookOutcome> {
  const { db } = deps;
  if (await isWebhookEventDone(db, 'asaas', body.id)) return 'duplicate';
  const outcome = await applyEvent(deps, body);
  await markWebhookEventDone(db, 'asaas', body.id, deps.clock(), outcome);
  return outcome;
}

async function applyEvent(deps: WebhookDeps, body: AsaasWebhook): Promise<Exclude<WebhookOutcome, 'duplicate'>> {
  if (!body.payment) {
    logger.info('Webhook event without a payment', { event: body.event });
    return 'ignored';
  }
  const status = providerChargeStatus(body.payment, body.event);
  const charge = await findChargeByProviderId(deps.db, body.payment.id);
  if (!charge) {
    if (isChargePaid(status)) return recordOrphan(deps, body, status);
    logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
    return 'unknown_charge';
  }
  const move = await applyProviderStatus(deps, charge.ref, status, { event: body.event });
  if (!move.moved) logger.info('Webhook status not applied', { event: body.event, kept: move.status });
  return move.moved ? 'recorded' : 'ignored';
}

/** A paid event for a charge we do not have: an orphan payment, stored and told to the admins once. */
async function recordOrphan(deps: WebhookDeps, body: AsaasWebhook, status: string): Promise<'orphan_payment'> {
  const payment = body.payment!;
  await reportOrphanPayment(deps, {
    asaasId: payment.id,
    status,
    value: typeof payment.value === 'number' ? payment.value : null,
    asaasCustomer: typeof payment.customer === 'string' ? payment.customer : null,
    externalReference: typeof payment.externalReference === 'string' ? payment.externalReference : null,
    lastEvent: body.event,
  });
  return 'orphan_payment';
}

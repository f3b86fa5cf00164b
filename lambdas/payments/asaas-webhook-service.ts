import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import { providerChargeStatus } from '../../domain/charge-status.js';
import { API_MESSAGES } from '../../domain/messages.js';
import { findChargeByProviderId } from '../shared/data/charges.js';
import { isWebhookEventDone, markWebhookEventDone } from '../shared/data/webhook-events.js';
import { UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { matchesSecret } from '../shared/secrets.js';
import { applyProviderStatus, type ChargeStatusDeps } from './charge-status-service.js';

/** Asaas authenticates deliveries with the token we configured, in the asaas-access-token header. */
export function assertWebhookToken(received: string | undefined, expected: string): void {
  if (!matchesSecret(received, expected)) throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
}

export type WebhookDeps = ChargeStatusDeps;

export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Applies one provider event, then marks it done — in that order, so a failure in between (the charge written but the
 * workflow not resumed, say) is answered with an error, Asaas redelivers, and the idempotent effects are applied
 * again. Events of the same charge each have their own id and may arrive late or twice: the charge's life decides
 * (`applyProviderStatus`), never the arrival order. Events without a payment, and payments we do not know (made by
 * hand in Asaas's panel), are acknowledged so Asaas's queue keeps flowing.
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
  const charge = await findChargeByProviderId(deps.db, body.payment.id);
  if (!charge) {
    logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
    return 'unknown_charge';
  }
  const move = await applyProviderStatus(deps, charge.ref, providerChargeStatus(body.payment, body.event), {
    event: body.event,
  });
  if (!move.moved) logger.info('Webhook status not applied', { event: body.event, kept: move.status });
  return move.moved ? 'recorded' : 'ignored';
}

import { timingSafeEqual } from 'node:crypto';
import type { AsaasWebhook, WEBHOOK_OUTCOMES } from '../../domain/api/webhooks.js';
import { isChargePaid } from '../../domain/charge-status.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { Workflow } from '../providers/workflow.js';
import type { Clock } from '../shared/clock.js';
import { findChargeByProviderId, recordChargeStatus } from '../shared/data/charges.js';
import type { Db } from '../shared/data/table.js';
import { recordWebhookEventOnce } from '../shared/data/webhook-events.js';
import { UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';

/** Asaas authenticates deliveries with the token we configured, in the asaas-access-token header. */
export function assertWebhookToken(received: string | undefined, expected: string): void {
  const a = Buffer.from(received ?? '', 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
}

export type WebhookDeps = { db: Db; clock: Clock; workflow: Pick<Workflow, 'resume'> };

export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/**
 * Applies one provider event. Deliveries repeat (same event id): the first one is applied, the rest
 * are acknowledged and ignored. A paid charge resumes the waiting workflow; resuming is retried on
 * later deliveries of other events too, because it is keyed on the charge's stored task token.
 */
export async function handleAsaasWebhook(deps: WebhookDeps, body: AsaasWebhook): Promise<WebhookOutcome> {
  const { db } = deps;
  const now = deps.clock();
  if (!(await recordWebhookEventOnce(db, 'asaas', body.id, now))) return 'duplicate';
  const charge = await findChargeByProviderId(db, body.payment.id);
  if (!charge) {
    // Not ours (e.g. a charge created by hand in Asaas's panel): acknowledge so Asaas's queue keeps flowing.
    logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
    return 'unknown_charge';
  }
  await recordChargeStatus(db, charge.ref, charge.status, body.payment.status, now.toISOString());
  if (isChargePaid(body.payment.status) && charge.taskToken) {
    const outcome = await deps.workflow.resume(charge.taskToken, {
      chargeId: charge.id,
      status: body.payment.status,
      paidAt: now.toISOString(),
    });
    // A repeated resume after the workflow moved on is expected, not a failure.
    if (outcome === 'already-finished') logger.info('Workflow task already finished');
  }
  return 'recorded';
}

import { timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { API_MESSAGES } from '../../domain/messages.js';
import { isChargePaid } from '../../domain/charge-status.js';
import { findChargeByProviderId, recordChargeStatus } from '../shared/data/charges.js';
import type { Db } from '../shared/data/table.js';
import { recordWebhookEventOnce } from '../shared/data/webhook-events.js';
import { UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';

/** The part of Asaas's webhook body we rely on; everything else is ignored. */
export const asaasWebhookSchema = z.object({
  id: z.string().min(1).max(100),
  event: z.string().min(1).max(100),
  payment: z.object({ id: z.string().min(1).max(100), status: z.string().min(1).max(50) }).loose(),
});
export type AsaasWebhook = z.infer<typeof asaasWebhookSchema>;

/** Asaas authenticates deliveries with the token we configured, in the asaas-access-token header. */
export function assertWebhookToken(received: string | undefined, expected: string): void {
  const a = Buffer.from(received ?? '', 'utf8');
  const b = Buffer.from(expected, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
}

export type ResumeWorkflow = (taskToken: string, output: unknown) => Promise<void>;

export type WebhookOutcome = 'duplicate' | 'unknown_charge' | 'recorded';

/**
 * Applies one provider event. Deliveries repeat (same event id): the first one is applied, the rest
 * are acknowledged and ignored. A paid charge resumes the waiting workflow; resuming is retried on
 * later deliveries of other events too, because it is keyed on the charge's stored task token.
 */
export async function handleAsaasWebhook(
  db: Db,
  body: AsaasWebhook,
  deps: { now: () => Date; resumeWorkflow: ResumeWorkflow },
): Promise<WebhookOutcome> {
  const now = deps.now();
  if (!(await recordWebhookEventOnce(db, 'asaas', body.id, now))) return 'duplicate';
  const charge = await findChargeByProviderId(db, body.payment.id);
  if (!charge) {
    // Not ours (e.g. a charge created by hand in Asaas's panel): acknowledge so Asaas's queue keeps flowing.
    logger.warn('Webhook for unknown charge', { event: body.event, asaasId: body.payment.id });
    return 'unknown_charge';
  }
  await recordChargeStatus(db, charge.ref, charge.status, body.payment.status, now.toISOString());
  if (isChargePaid(body.payment.status) && charge.taskToken) {
    await deps.resumeWorkflow(charge.taskToken, {
      chargeId: charge.id,
      status: body.payment.status.toUpperCase(),
      paidAt: now.toISOString(),
    });
  }
  return 'recorded';
}

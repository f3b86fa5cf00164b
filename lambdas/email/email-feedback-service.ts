import * as z from 'zod';
import { recordEmailSuppression, type EmailSuppression } from '../shared/data/email-suppressions.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';

const recipients = z.array(z.looseObject({ emailAddress: z.string() }));

/**
 * SES's event as the configuration set publishes it (to EventBridge, where it is the event's `detail`): only the fields
 * read here; SES adds others, and new ones may come at any time.
 */
export const sesEventSchema = z.discriminatedUnion('eventType', [
  z.looseObject({
    eventType: z.literal('Bounce'),
    bounce: z.looseObject({
      /** Only 'Permanent' means the address will never take mail; 'Transient' and 'Undetermined' may pass later. */
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: recipients,
      timestamp: z.string(),
    }),
  }),
  z.looseObject({
    eventType: z.literal('Complaint'),
    complaint: z.looseObject({ complainedRecipients: recipients, timestamp: z.string() }),
  }),
]);
export type SesEvent = z.infer<typeof sesEventSchema>;

/** EventBridge's envelope around it (`source: aws.ses`, `detail-type: Email Bounced | Email Complaint Received`). */
export const sesEventBridgeSchema = z.looseObject({ source: z.literal('aws.ses'), detail: sesEventSchema });

/** The addresses an event stops mail to, with why: every recipient of a permanent bounce or of a complaint. */
export function suppressionsFrom(event: SesEvent): { address: string; suppression: EmailSuppression }[] {
  if (event.eventType === 'Bounce') {
    if (event.bounce.bounceType !== 'Permanent') return [];
    return event.bounce.bouncedRecipients.map(({ emailAddress }) => ({
      address: emailAddress,
      suppression: { reason: 'bounce', at: event.bounce.timestamp },
    }));
  }
  return event.complaint.complainedRecipients.map(({ emailAddress }) => ({
    address: emailAddress,
    suppression: { reason: 'complaint', at: event.complaint.timestamp },
  }));
}

/**
 * Records what SES reported (pattern 64), so the customer's screens can say their address stopped receiving mail. Logs
 * the event's kind and counts, never an address.
 */
export async function applyEmailFeedback(db: Db, event: SesEvent): Promise<number> {
  const suppressions = suppressionsFrom(event);
  for (const { address, suppression } of suppressions) await recordEmailSuppression(db, address, suppression);
  logger.info('Email feedback', {
    eventType: event.eventType,
    ...(event.eventType === 'Bounce'
      ? { bounceType: event.bounce.bounceType, bounceSubType: event.bounce.bounceSubType }
      : {}),
    suppressed: suppressions.length,
  });
  return suppressions.length;
}

import { createHash } from 'node:crypto';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { EMAIL_DELIVERY_PROBLEMS } from '../../../domain/email-delivery.js';
import { keys, pointerKey } from './keys.js';
import type { Db } from './table.js';
import { logger } from '../logger.js';

/** Why mail to an address stopped: SES reported a permanent bounce, or the person marked a message as spam. */
export const emailSuppressionSchema = z.object({
  reason: z.enum(EMAIL_DELIVERY_PROBLEMS),
  /** When SES reported it (the event's own time). */
  at: z.string(),
});
export type EmailSuppression = z.infer<typeof emailSuppressionSchema>;

/** The key of an address: the same address in any letter case is one record, and the address itself is not kept. */
export function emailAddressHash(address: string): string {
  return createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest('hex');
}

/**
 * Pattern 64: records that SES stopped mail to `address`. Overwritten by a later event (the latest reason shows), so a
 * redelivered event changes nothing. SES's own suppression list is what stops the sending; this record is what the
 * customer's screens read.
 */
export async function recordEmailSuppression(db: Db, address: string, suppression: EmailSuppression): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...pointerKey(keys.emailSuppression(emailAddressHash(address))),
        type: 'EMAIL_SUPPRESSION',
        ...suppression,
      },
    }),
  );
}

/** Pattern 64: whether mail to `address` is suppressed, and why. One GetItem. */
export async function emailSuppressionOf(db: Db, address: string): Promise<EmailSuppression | null> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.emailSuppression(emailAddressHash(address))) }),
  );
  if (!Item) return null;
  // An unreadable record must not break the screen that shows it (the dashboard's banner): it reads as none.
  const parsed = emailSuppressionSchema.safeParse(Item);
  if (!parsed.success) logger.warn('Unreadable e-mail suppression record', { issues: parsed.error.issues.length });
  return parsed.success ? parsed.data : null;
}

/**
 * Pattern 65: `address` asked for no more invitations (the invite's one-click List-Unsubscribe). Kept under the
 * address's hash, like pattern 64; a repeated request changes nothing that matters (the time of the last one).
 */
export async function recordInviteOptOut(db: Db, address: string, at: string): Promise<void> {
  await db.client.send(
    new PutCommand({
      TableName: db.tableName,
      Item: { ...pointerKey(keys.inviteOptOut(emailAddressHash(address))), type: 'INVITE_OPT_OUT', at },
    }),
  );
}

/** Pattern 65: whether `address` asked for no more invitations. One GetItem. */
export async function hasInviteOptOut(db: Db, address: string): Promise<boolean> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.inviteOptOut(emailAddressHash(address))) }),
  );
  return Item !== undefined;
}

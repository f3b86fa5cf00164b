import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsAppWebhook } from '../../domain/api/whatsapp.js';
import { API_MESSAGES } from '../../domain/messages.js';
import {
  isOptOutReply,
  isRetryableWhatsAppError,
  whatsappRetryAt,
  optOutConfirmationText,
  WHATSAPP_STATUSES,
  whatsappPhoneKey,
  type WhatsAppStatus,
} from '../../domain/whatsapp.js';
import type { WhatsApp } from '../providers/whatsapp.js';
import type { Clock } from '../shared/clock.js';
import {
  applyWhatsAppStatus,
  customerOfPhone,
  reopenWhatsAppMessage,
  storeWhatsAppReply,
  withdrawWhatsAppConsent,
} from '../shared/data/whatsapp.js';
import type { Db } from '../shared/data/table.js';
import { ForbiddenError, UnauthorizedError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { matchesSecret } from '../shared/secrets.js';

/**
 * Whether `header` is Meta's `X-Hub-Signature-256` of exactly these bytes: `sha256=` and the hex HMAC-SHA256 of the
 * raw body with the app secret, compared in constant time. The raw bytes, never a re-serialised JSON: any change of
 * spacing or escaping would be a different body.
 */
export function isWhatsAppSignatureValid(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '');
  if (!match) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(match[1]!.toLowerCase(), 'hex'), expected);
}

/** Unsigned or mis-signed → 401 before the body is even parsed: nothing of it is read or stored. */
export function assertWhatsAppSignature(rawBody: Buffer, header: string | undefined, appSecret: string): void {
  if (!isWhatsAppSignatureValid(rawBody, header, appSecret)) {
    throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
  }
}

/** Meta's handshake: the challenge when the mode is 'subscribe' and the token is ours; 403 otherwise. */
export function verifyWebhookSubscription(
  query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string },
  verifyToken: string,
): string {
  if (
    query['hub.mode'] !== 'subscribe' ||
    !query['hub.challenge'] ||
    !matchesSecret(query['hub.verify_token'], verifyToken)
  ) {
    throw new ForbiddenError();
  }
  return query['hub.challenge'];
}

export type WhatsAppWebhookDeps = {
  db: Db;
  clock: Clock;
  /** To confirm a 'SAIR' (null on a stage without a number: the withdrawal is recorded all the same). */
  whatsapp: WhatsApp | null;
  /** The company's brand, which the confirmation names. */
  brand: string;
};

const isStatus = (status: string): status is WhatsAppStatus =>
  status !== 'accepted' && (WHATSAPP_STATUSES as readonly string[]).includes(status);

const instantOf = (timestamp: string) => new Date(Number(timestamp) * 1000).toISOString();

/**
 * A signed delivery from Meta: each status applied to its message (latest wins, whatever the order; an id we never
 * sent, or one sent again since under another id, is ignored; a 'failed' that may pass is scheduled for a retry), each reply stored once and, when it is 'SAIR', 'PARAR' or 'STOP', the consent withdrawn and
 * confirmed once. Safe to receive twice: Meta redelivers anything not answered 200 for days.
 */
export async function handleWhatsAppWebhook(deps: WhatsAppWebhookDeps, body: WhatsAppWebhook): Promise<void> {
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      for (const status of change.value.statuses ?? []) {
        if (!isStatus(status.status)) continue;
        const error = status.errors?.[0];
        const code = error?.code ?? null;
        const applied = await applyWhatsAppStatus(deps.db, {
          messageId: status.id,
          status: status.status,
          at: instantOf(status.timestamp),
          error: error ? [error.code, error.title].filter((part) => part !== undefined).join(' ') : null,
          code,
        });
        if (applied.outcome === 'unknown') logger.info('WhatsApp status for a message we did not send, ignored');
        if (applied.outcome !== 'applied' || status.status !== 'failed' || !isRetryableWhatsAppError(code)) continue;
        // Not delivered for a reason that may pass: sent again later by the reminders' hourly run, while attempts and
        // time are left (a permanent failure stays 'failed', shown on the case file; the e-mail went either way).
        const retryAt = whatsappRetryAt(applied.attempts, applied.firstAt, deps.clock());
        if (retryAt) {
          await reopenWhatsAppMessage(deps.db, {
            userId: applied.userId,
            event: applied.event,
            messageId: status.id,
            retryAt,
          });
        }
      }
      for (const message of change.value.messages ?? []) await receiveReply(deps, message);
    }
  }
}

async function receiveReply(
  deps: WhatsAppWebhookDeps,
  message: NonNullable<WhatsAppWebhook['entry'][number]['changes'][number]['value']['messages']>[number],
): Promise<void> {
  const phoneKey = whatsappPhoneKey(message.from);
  const userId = phoneKey ? await customerOfPhone(deps.db, phoneKey) : null;
  if (!userId) {
    // A number that never consented here: nobody to show it to in a case file; the company's WhatsApp app shows it.
    logger.warn('WhatsApp reply from a number no customer consented with', { type: message.type });
    return;
  }
  const text = message.text?.body ?? message.button?.text ?? `[${message.type}]`;
  const optOut = isOptOutReply(text);
  await storeWhatsAppReply(deps.db, {
    userId,
    messageId: message.id,
    at: instantOf(message.timestamp),
    text,
    optOut,
  });
  if (!optOut) return;
  // Withdrawn on every delivery of the reply (a crash after storing it must not leave the consent standing); confirmed
  // only by the delivery that withdrew it, so 'SAIR' twice or a redelivery is confirmed once.
  const withdrawn = await withdrawWhatsAppConsent(deps.db, userId, deps.clock().toISOString(), 'whatsapp');
  if (!withdrawn || !deps.whatsapp) return;
  try {
    await deps.whatsapp.sendText(message.from, optOutConfirmationText(deps.brand));
  } catch (error) {
    logger.warn('WhatsApp opt-out confirmation not sent', { error: error as Error });
  }
}

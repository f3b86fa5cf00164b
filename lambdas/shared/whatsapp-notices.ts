import {
  templateParamList,
  WHATSAPP_TEMPLATE_LANGUAGE,
  WHATSAPP_TEMPLATES,
  type WhatsAppTemplateId,
  type WhatsAppTemplateParams,
} from '../../domain/whatsapp.js';
import { WhatsAppRejectedError, WhatsAppUnavailableError, type WhatsApp } from '../providers/whatsapp.js';
import type { Clock } from './clock.js';
import {
  claimWhatsAppMessage,
  getWhatsAppConsent,
  recordWhatsAppAccepted,
  recordWhatsAppRejected,
  releaseWhatsAppMessage,
} from './data/whatsapp.js';
import type { Db } from './data/table.js';
import { logger } from './logger.js';

/** What sending a WhatsApp notice needs; `whatsapp` is null on a stage without a WhatsApp number configured. */
export type WhatsAppNoticeDeps = { db: Db; clock: Clock; whatsapp: WhatsApp | null };

/**
 * What `sendWhatsAppOnce` did. 'sent': the Cloud API accepted it now. 'already-sent': this event's message went (or
 * was refused for good) before. 'being-sent': another sender holds it now. 'no-consent': the customer has not consented
 * (or withdrew). 'rejected': Meta refused it for good (recorded; the e-mail stands in). 'unavailable': the API did not
 * answer; nothing recorded as sent, so calling again later sends it. 'disabled': no WhatsApp number on this stage.
 */
export type WhatsAppOnceOutcome =
  'sent' | 'already-sent' | 'being-sent' | 'no-consent' | 'rejected' | 'unavailable' | 'disabled';

/**
 * Events are keyed by what happened, so a retry of the same thing finds it: e.g. `status#<historyId>`,
 * `andamento#<contractId>#<movementId>`, `lembrete-pix#<chargeId>#1`. Free text without '#' at either end.
 */
export type WhatsAppOnceKey = string;

/**
 * A WhatsApp template to a customer, once per event, only with their consent — the companion of an e-mail that always
 * goes too, so a message that cannot go (no consent, refused, undelivered) leaves the customer told by e-mail, never in
 * silence. The outbox entry is claimed (a lease) before the call and done once Meta accepts it, so a retry of the
 * caller never sends twice; a crash between Meta's answer and our record is the one window for a repeat, as for
 * e-mail. Never throws for WhatsApp's own failures: they come back as the outcome, for the caller to retry or not.
 */
export async function sendWhatsAppOnce<T extends WhatsAppTemplateId>(
  deps: WhatsAppNoticeDeps,
  notice: { userId: string; template: T; params: WhatsAppTemplateParams<T>; onceKey: WhatsAppOnceKey },
): Promise<WhatsAppOnceOutcome> {
  if (!deps.whatsapp) return 'disabled';
  const consent = await getWhatsAppConsent(deps.db, notice.userId);
  if (consent?.state !== 'granted' || !consent.phone) return 'no-consent';
  const template = WHATSAPP_TEMPLATES[notice.template];
  const params = templateParamList(notice.template, notice.params);
  const message = { userId: notice.userId, event: notice.onceKey };
  const { claim, leaseUntil } = await claimWhatsAppMessage(deps.db, {
    ...message,
    template: template.name,
    params,
    to: consent.phone,
    now: deps.clock(),
  });
  if (claim === 'done') return 'already-sent';
  if (claim === 'busy') return 'being-sent';
  let messageId: string;
  try {
    ({ messageId } = await deps.whatsapp.sendTemplate(consent.phone, {
      name: template.name,
      language: WHATSAPP_TEMPLATE_LANGUAGE,
      params,
    }));
  } catch (error) {
    if (error instanceof WhatsAppRejectedError) {
      logger.warn('WhatsApp message refused; the e-mail stands in', { template: template.name, code: error.code });
      await recordWhatsAppRejected(deps.db, { ...message, at: deps.clock().toISOString(), error: error.detail });
      return 'rejected';
    }
    await releaseWhatsAppMessage(deps.db, { ...message, leaseUntil });
    if (error instanceof WhatsAppUnavailableError) {
      logger.warn('WhatsApp unavailable; the message will be tried again', { template: template.name });
      return 'unavailable';
    }
    throw error;
  }
  await recordWhatsAppAccepted(deps.db, { ...message, messageId, at: deps.clock().toISOString() });
  return 'sent';
}

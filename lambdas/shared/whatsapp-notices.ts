import {
  templateParamList,
  WHATSAPP_RETRY,
  WHATSAPP_TEMPLATE_LANGUAGE,
  WHATSAPP_TEMPLATES,
  whatsappRetryAt,
  type WhatsAppTemplateId,
  type WhatsAppTemplateParams,
} from '../../domain/whatsapp.js';
import { WhatsAppRejectedError, WhatsAppUnavailableError, type WhatsApp } from '../providers/whatsapp.js';
import type { Clock } from './clock.js';
import {
  claimWhatsAppMessage,
  closeWhatsAppMessage,
  deferWhatsAppMessage,
  getWhatsAppConsent,
  getWhatsAppMessage,
  recordWhatsAppAccepted,
  recordWhatsAppRejected,
  whatsappRetriesDue,
} from './data/whatsapp.js';
import type { Db } from './data/table.js';
import { logger } from './logger.js';

/** What sending a WhatsApp notice needs; `whatsapp` is null on a stage without a WhatsApp number configured. */
export type WhatsAppNoticeDeps = { db: Db; clock: Clock; whatsapp: WhatsApp | null };

/**
 * What `sendWhatsAppOnce` did. 'sent': the Cloud API accepted it now. 'already-sent': this event's message went (or
 * was refused for good) before. 'being-sent': another sender holds it now. 'no-consent': the customer has not consented
 * (or withdrew). 'rejected': Meta refused it for good (recorded; the e-mail stands in). 'unavailable': the API did not
 * answer; nothing recorded as sent, so calling again later sends it, and the reminders' hourly run does
 * (`retryDueWhatsApp`) while attempts are left. 'disabled': no WhatsApp number on this stage.
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
 * e-mail. What did not go is tried again later (`retryDueWhatsApp`). Never throws for WhatsApp's own failures: they come back as the outcome, for the caller to retry or not.
 */
export async function sendWhatsAppOnce<T extends WhatsAppTemplateId>(
  deps: WhatsAppNoticeDeps,
  notice: { userId: string; template: T; params: WhatsAppTemplateParams<T>; onceKey: WhatsAppOnceKey },
): Promise<WhatsAppOnceOutcome> {
  if (!deps.whatsapp) return 'disabled';
  const consent = await getWhatsAppConsent(deps.db, notice.userId);
  if (consent?.state !== 'granted' || !consent.phone) return 'no-consent';
  const template = WHATSAPP_TEMPLATES[notice.template];
  return deliverOnce(deps, deps.whatsapp, {
    userId: notice.userId,
    event: notice.onceKey,
    template: template.name,
    params: templateParamList(notice.template, notice.params),
    to: consent.phone,
  });
}

/** Claims the outbox entry, sends, and records what Meta answered (the one path of a first attempt and a retry). */
async function deliverOnce(
  deps: WhatsAppNoticeDeps,
  whatsapp: WhatsApp,
  message: { userId: string; event: string; template: string; params: string[]; to: string },
): Promise<WhatsAppOnceOutcome> {
  const ref = { userId: message.userId, event: message.event };
  const { claim, leaseUntil, attempts, firstAt } = await claimWhatsAppMessage(deps.db, {
    ...message,
    now: deps.clock(),
  });
  if (claim === 'done') return 'already-sent';
  if (claim === 'busy') return 'being-sent';
  let messageId: string;
  try {
    ({ messageId } = await whatsapp.sendTemplate(message.to, {
      name: message.template,
      language: WHATSAPP_TEMPLATE_LANGUAGE,
      params: message.params,
    }));
  } catch (error) {
    if (error instanceof WhatsAppRejectedError) {
      logger.warn('WhatsApp message refused; the e-mail stands in', { template: message.template, code: error.code });
      await recordWhatsAppRejected(deps.db, {
        ...ref,
        at: deps.clock().toISOString(),
        error: error.detail,
        code: error.code,
      });
      return 'rejected';
    }
    const code = error instanceof WhatsAppUnavailableError ? error.code : null;
    const now = deps.clock();
    const retryAt = whatsappRetryAt(attempts, firstAt, now);
    await deferWhatsAppMessage(deps.db, {
      ...ref,
      leaseUntil,
      retryAt,
      at: now.toISOString(),
      error: (error as Error).message,
      code,
    });
    if (error instanceof WhatsAppUnavailableError) {
      logger.warn('WhatsApp unavailable; the message will be tried again', { template: message.template, retryAt });
      return 'unavailable';
    }
    throw error;
  }
  await recordWhatsAppAccepted(deps.db, { ...ref, messageId, at: deps.clock().toISOString() });
  return 'sent';
}

/** What one retry run did (the reminders' run logs it). */
export type WhatsAppRetryRun = {
  due: number;
  sent: number;
  /** Not sent: the consent was withdrawn since. */
  cancelled: number;
  /** Ended for good: refused, or the attempts or time spent. */
  failed: number;
  /** Unavailable again: waits for its next attempt. */
  deferred: number;
  errors: number;
};

/**
 * The retries (docs/decisions.md, Retrying a WhatsApp that failed), run by the reminders' hourly sweep: every outbox
 * entry whose next attempt is due (pattern 108) is sent again through the same claim — so two runs, or a run and the
 * original sender, never send it twice — only with the consent standing now (withdrawn: closed as 'cancelled', never
 * sent), and to the number consented now. The e-mail went the first time whatever happens here.
 */
export async function retryDueWhatsApp(deps: WhatsAppNoticeDeps): Promise<WhatsAppRetryRun> {
  const run: WhatsAppRetryRun = { due: 0, sent: 0, cancelled: 0, failed: 0, deferred: 0, errors: 0 };
  if (!deps.whatsapp) return run;
  const due = await whatsappRetriesDue(deps.db, deps.clock());
  run.due = due.length;
  for (const ref of due) {
    try {
      const outcome = await retryWhatsApp(deps, deps.whatsapp, ref);
      if (outcome === 'sent') run.sent += 1;
      else if (outcome === 'no-consent') run.cancelled += 1;
      else if (outcome === 'rejected' || outcome === 'gave-up') run.failed += 1;
      else if (outcome === 'unavailable') run.deferred += 1;
    } catch (error) {
      run.errors += 1;
      logger.error('WhatsApp retry failed', { error: error as Error, userId: ref.userId });
    }
  }
  return run;
}

async function retryWhatsApp(
  deps: WhatsAppNoticeDeps,
  whatsapp: WhatsApp,
  ref: { userId: string; event: string },
): Promise<WhatsAppOnceOutcome | 'gave-up'> {
  const entry = await getWhatsAppMessage(deps.db, ref.userId, ref.event);
  if (!entry || entry.done) return 'already-sent';
  const now = deps.clock();
  if (entry.leaseUntil >= Math.floor(now.getTime() / 1000)) return 'being-sent';
  const consent = await getWhatsAppConsent(deps.db, ref.userId);
  if (consent?.state !== 'granted' || !consent.phone) {
    await closeWhatsAppMessage(deps.db, { ...ref, at: now, state: 'cancelled', error: 'Autorização retirada.' });
    return 'no-consent';
  }
  if (entry.attempts >= WHATSAPP_RETRY.maxAttempts || whatsappRetryAt(0, entry.firstAt, now) === null) {
    // A sender that died on the last attempt, or news gone stale while waiting: no further attempt.
    await closeWhatsAppMessage(deps.db, { ...ref, at: now, state: 'failed', error: 'No attempt left' });
    return 'gave-up';
  }
  return deliverOnce(deps, whatsapp, {
    ...ref,
    template: entry.template,
    params: entry.params,
    to: consent.phone,
  });
}

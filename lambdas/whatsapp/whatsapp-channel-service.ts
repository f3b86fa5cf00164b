import type { AdminClientWhatsApp, MyWhatsApp } from '../../domain/api/whatsapp.js';
import { customerWhatsappLink } from '../../domain/case-file.js';
import {
  brazilianMobileE164,
  renderTemplateBody,
  templateByName,
  WHATSAPP_MESSAGES,
  whatsappConsentText,
  whatsappErrorText,
  whatsappPhoneKey,
} from '../../domain/whatsapp.js';
import type { Clock } from '../shared/clock.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { findUserByProfileId } from '../shared/data/lookups.js';
import type { Db } from '../shared/data/table.js';
import {
  getWhatsAppConsent,
  grantWhatsAppConsent,
  markWhatsAppReplyAnswered,
  whatsappChannelOf,
  withdrawWhatsAppConsent,
} from '../shared/data/whatsapp.js';
import { NotFoundError, ValidationError } from '../shared/errors.js';

export type ConsentDeps = { db: Db; clock: Clock; brand: string };

/** Meu Perfil: the customer's consent, the profile's mobile (null when it is not one) and the words of the box. */
export async function getMyWhatsApp(deps: ConsentDeps, userId: string): Promise<MyWhatsApp> {
  const [profile, consent] = await Promise.all([
    getProfileByUser(deps.db, userId),
    getWhatsAppConsent(deps.db, userId),
  ]);
  return {
    consent,
    mobile: brazilianMobileE164(profile?.whatsapp),
    consentText: whatsappConsentText(deps.brand),
  };
}

/**
 * Ticks or unticks the box. A grant is the evidence of a consent (spec's contract evidence: when, from which IP, the
 * words shown, for which number) and needs the profile's WhatsApp to be a Brazilian mobile; ticking it again for the
 * same number keeps the first evidence. Unticking withdraws (nothing to do when there was no consent).
 */
export async function setMyWhatsApp(
  deps: ConsentDeps,
  request: { userId: string; consent: boolean; ip: string },
): Promise<MyWhatsApp> {
  const at = deps.clock().toISOString();
  if (!request.consent) {
    await withdrawWhatsAppConsent(deps.db, request.userId, at, 'perfil');
    return getMyWhatsApp(deps, request.userId);
  }
  const current = await getMyWhatsApp(deps, request.userId);
  const phoneKey = current.mobile ? whatsappPhoneKey(current.mobile) : null;
  if (!current.mobile || !phoneKey) {
    throw new ValidationError(WHATSAPP_MESSAGES.invalidMobile, { consent: WHATSAPP_MESSAGES.invalidMobile });
  }
  if (current.consent?.state === 'granted' && current.consent.phone === current.mobile) return current;
  await grantWhatsAppConsent(deps.db, {
    userId: request.userId,
    at,
    ip: request.ip,
    text: current.consentText,
    phone: current.mobile,
    phoneKey,
    previousPhone: current.consent?.phone ?? null,
  });
  return getMyWhatsApp(deps, request.userId);
}

/** The case file's WhatsApp section: the consent, each message as the customer read it with its status, the replies. */
export async function getAdminClientWhatsApp(db: Db, profileId: string): Promise<AdminClientWhatsApp> {
  const userId = await findUserByProfileId(db, profileId);
  if (!userId) throw new NotFoundError();
  const [channel, profile] = await Promise.all([whatsappChannelOf(db, userId), getProfileByUser(db, userId)]);
  const number = channel.consent?.phone ?? profile?.whatsapp ?? '';
  return {
    consent: channel.consent,
    messages: channel.messages.map((message) => {
      const template = templateByName(message.template);
      return {
        event: message.event,
        template: message.template,
        text: template ? renderTemplateBody(template.body, message.params) : message.params.join(' · '),
        to: message.to,
        sentAt: message.claimedAt,
        status: message.status,
        statusAt: message.statusAt,
        error: message.error,
        errorText:
          message.status === 'failed' || message.status === 'rejected' || message.retryAt
            ? whatsappErrorText(message.errorCode)
            : null,
        attempts: message.attempts,
        retryAt: message.retryAt,
      };
    }),
    replies: channel.replies.map(({ id, at, text, answeredAt, optOut }) => ({ id, at, text, answeredAt, optOut })),
    answerLink: number ? customerWhatsappLink(number) : null,
  };
}

/** An admin answered a reply: it leaves 'Hoje'. False when it was answered already. */
export async function answerAdminClientWhatsAppReply(
  deps: { db: Db; clock: Clock },
  profileId: string,
  replyId: string,
): Promise<{ answered: boolean }> {
  const userId = await findUserByProfileId(deps.db, profileId);
  if (!userId) throw new NotFoundError();
  return { answered: await markWhatsAppReplyAnswered(deps.db, userId, replyId, deps.clock().toISOString()) };
}

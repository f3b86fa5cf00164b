import { ulid } from 'ulid';
import { whatsappPhoneKey } from '../../domain/whatsapp.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import {
  claimWhatsAppMessage,
  grantWhatsAppConsent,
  phoneHash,
  recordWhatsAppAccepted,
  storeWhatsAppReply,
} from '../../lambdas/shared/data/whatsapp.js';

/** A Brazilian mobile of its own (55 + DDD 35 + 9 + 8 digits), so no two tests share a number's pointer. */
export const uniqueWhatsAppNumber = () => `55359${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}`;

export const phonePointerKey = (phone: string) =>
  pointerKey(keys.whatsappPhonePointer(phoneHash(whatsappPhoneKey(phone)!)));

/**
 * A customer's WhatsApp channel as the product writes it: a consent granted for one number and then for another (the
 * customer changed their WhatsApp), a message Meta accepted, and a reply — and the keys outside the partition that
 * find them (the message id's pointer, the current number's pointer).
 */
export async function seedWhatsAppChannel(db: Db, userId: string) {
  const previousPhone = uniqueWhatsAppNumber();
  const phone = uniqueWhatsAppNumber();
  const grant = (number: string, previous: string | null) =>
    grantWhatsAppConsent(db, {
      userId,
      at: new Date().toISOString(),
      ip: '203.0.113.9',
      text: 'Quero receber atualizações do meu processo pelo WhatsApp da Baixa',
      phone: number,
      phoneKey: whatsappPhoneKey(number)!,
      previousPhone: previous,
    });
  await grant(previousPhone, null);
  await grant(phone, previousPhone);
  const event = `status#${ulid()}`;
  await claimWhatsAppMessage(db, {
    userId,
    event,
    template: 'pagamento_confirmado',
    params: ['Olívia', 'LM123', 'R$ 399,00'],
    to: phone,
    now: new Date(),
  });
  const messageId = `wamid.${ulid()}`;
  await recordWhatsAppAccepted(db, { userId, event, messageId, at: new Date().toISOString() });
  await storeWhatsAppReply(db, {
    userId,
    messageId: `wamid.${ulid()}`,
    at: new Date().toISOString(),
    text: 'Quando sai a baixa?',
    optOut: false,
  });
  return {
    phone,
    previousPhone,
    messageId,
    outsideKeys: [pointerKey(keys.whatsappMessagePointer(messageId)), phonePointerKey(phone)],
  };
}

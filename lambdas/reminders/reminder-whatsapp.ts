import { formatDateTime } from '../../domain/dates.js';
import { firstName } from '../../domain/first-name.js';
import { formatBRL } from '../../domain/pricing.js';
import { sendWhatsAppOnce, type WhatsAppNoticeDeps } from '../shared/whatsapp-notices.js';
import { logger } from '../shared/logger.js';
import type { ReminderWhatsApp } from './reminder-service.js';

/**
 * The reminders' WhatsApp channel: the 'unpaid charge reminder' template (`pagamento_pendente`) for a charge, the
 * 'documents requested' one (`documentos_pendentes`) for the kit, each once per reminder (the outbox keyed by the
 * reminder's id) and only with the customer's consent — `sendWhatsAppOnce` checks it. True only when a message went
 * now: anything else (no consent, refused, unavailable) leaves the e-mail, which already went, as the reminder.
 */
export function reminderWhatsApp(deps: WhatsAppNoticeDeps): ReminderWhatsApp {
  return async ({ userId, profile, reminder, protocolo, valor, expiresAt }) => {
    const nome = firstName(profile.nome_completo) ?? profile.nome_completo;
    const onceKey = `lembrete#${reminder.id}`;
    let outcome;
    if (reminder.kind === 'cobranca_24h' || reminder.kind === 'cobranca_vespera') {
      // The template says when it expires: without a known expiry (older charges) the e-mail alone goes.
      if (valor === null || expiresAt === null) return false;
      outcome = await sendWhatsAppOnce(deps, {
        userId,
        template: 'unpaidChargeReminder',
        params: { nome, protocolo, valor: formatBRL(valor), vencimento: formatDateTime(expiresAt) },
        onceKey,
      });
    } else {
      outcome = await sendWhatsAppOnce(deps, {
        userId,
        template: 'documentsRequested',
        params: { nome, protocolo },
        onceKey,
      });
    }
    if (outcome !== 'sent' && outcome !== 'no-consent' && outcome !== 'disabled') {
      logger.info('Reminder not sent by WhatsApp', { outcome, reminder: reminder.id });
    }
    return outcome === 'sent';
  };
}

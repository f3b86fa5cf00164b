import { formatDate, formatDateTime } from './dates.js';
import { addCalendarDays, saoPauloDay, saoPauloDayEnd, saoPauloDayStart } from './sao-paulo-calendar.js';
import type { KitProgress } from './filing-kit.js';
import { formatBRL } from './pricing.js';
import { AWAITING_PAYMENT_STATUSES, type ProcessStatus } from './process-status.js';

/**
 * Reminders that recover money and documents: a charge not paid 24 hours after it was generated and again the day
 * before it expires; a paid process whose filing kit waits for the customer, 2 and 5 days after the payment. Pure
 * rules: a periodic sweep (lambdas/reminders/) asks them on every run with what the table says now, so a reminder is
 * due only while the customer has not acted (docs/decisions.md, "Reminders: an hourly sweep, not one-off schedules").
 */

export const REMINDER_KINDS = ['cobranca_24h', 'cobranca_vespera', 'documentos_2d', 'documentos_5d'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The schedule's figures, in one place (README and the closing note quote them). */
export const REMINDER_SCHEDULE = {
  /** A charge still unpaid this many hours after it was generated gets its first reminder. */
  chargeFirstAfterHours: 24,
  /** …and a second one from the start of this many São Paulo days before the day it expires. */
  chargeEveDaysBefore: 1,
  /** A charge whose expiry is unknown (older charges) keeps its first reminder due this long after it became due. */
  chargeFirstWindowHours: 24,
  /** A paid process whose kit still waits for the customer: reminders this many days after the payment. */
  kitAfterDays: [2, 5] as const,
  /**
   * The last kit reminder stays due this long; past it, the lawyer's filing deadline is the team's to chase (the
   * filing alert), and a reminder sent after an outage would be stale.
   */
  kitLastWindowHours: 48,
  /** Runs send between these São Paulo hours (inclusive): the schedule's hours, never at night. */
  sendHours: [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20] as const,
  /** At most one reminder a day per customer, whatever the reminders due and the channels. */
  perCustomerPerDay: 1,
} as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A reminder due now: its once-only id, what it is about and the window in which it may still go. */
export type DueReminder = {
  /** Unique per reminder and subject: the once-only key of its sending (a retry or a second run finds it). */
  id: string;
  kind: ReminderKind;
  contractId: string;
  /** ISO instants: due from, and no longer worth sending from. */
  from: string;
  until: string;
};

export const reminderId = (kind: ReminderKind, subjectId: string): string => `${kind}#${subjectId}`;

/**
 * Until when a charge can be paid, from the charge itself: a PIX until its QR code's `pix_valido_ate`; a boleto — and a
 * card plan's hosted page, which Asaas also closes at the payment's due date — until the end of its due day
 * (`vencimento`, yyyy-MM-dd, São Paulo's calendar). Null when the charge does not say (older charges).
 */
export function chargePayableUntil(charge: {
  forma?: string | null;
  pix_valido_ate?: string | null;
  vencimento?: string | null;
}): string | null {
  const method = charge.forma ?? 'pix';
  if (method === 'pix') return charge.pix_valido_ate ?? null;
  return charge.vencimento && /^\d{4}-\d{2}-\d{2}$/.test(charge.vencimento) ? saoPauloDayEnd(charge.vencimento) : null;
}

/** What the table says of a charge when a run looks at it. */
export type ChargeReminderFacts = {
  chargeId: string;
  contractId: string;
  status: string;
  createdAt: string;
  /** Until when it can be paid (`chargePayableUntil`: the PIX's validity, a boleto's due day); null when unknown. */
  expiresAt: string | null;
  /** A newer charge of the same contract replaced it ('Gerar novo PIX'): that one is reminded, not this. */
  latestOfContract: boolean;
  contractCancelled: boolean;
  processStatus: ProcessStatus | null;
};

/**
 * The reminder a charge is due now, or null: the customer acted (paid, generated a new one, cancelled), the charge is
 * no longer payable (expired, removed) or no reminder's window is open. Only a PENDING charge waits for the customer:
 * one held for Asaas's risk analysis waits for Asaas.
 */
export function dueChargeReminder(facts: ChargeReminderFacts, now: Date): DueReminder | null {
  if (facts.status !== 'PENDING') return null;
  if (!facts.latestOfContract || facts.contractCancelled) return null;
  if (facts.processStatus && !AWAITING_PAYMENT_STATUSES.includes(facts.processStatus)) return null;
  const created = Date.parse(facts.createdAt);
  const expires = facts.expiresAt ? Date.parse(facts.expiresAt) : null;
  const at = now.getTime();
  if (expires !== null && at >= expires) return null;

  const firstFrom = created + REMINDER_SCHEDULE.chargeFirstAfterHours * HOUR_MS;
  // The eve of the expiry day, never within the first 24 hours: a fresh charge is not chased.
  const eveFrom =
    expires === null
      ? null
      : Math.max(
          Date.parse(
            saoPauloDayStart(addCalendarDays(saoPauloDay(new Date(expires)), -REMINDER_SCHEDULE.chargeEveDaysBefore)),
          ),
          firstFrom,
        );
  const firstUntil = eveFrom ?? firstFrom + REMINDER_SCHEDULE.chargeFirstWindowHours * HOUR_MS;
  const window = (kind: ReminderKind, from: number, until: number): DueReminder | null =>
    at >= from && at < until
      ? {
          id: reminderId(kind, facts.chargeId),
          kind,
          contractId: facts.contractId,
          from: new Date(from).toISOString(),
          until: new Date(until).toISOString(),
        }
      : null;
  return (
    (eveFrom !== null && expires !== null ? window('cobranca_vespera', eveFrom, expires) : null) ??
    window('cobranca_24h', firstFrom, firstUntil)
  );
}

/** What the table says of a paid process and its filing kit when a run looks at it. */
export type KitReminderFacts = {
  contractId: string;
  processStatus: ProcessStatus;
  /** When the process became paid (its move to 'pago'). */
  paidAt: string;
  /** The required items the customer still owes (never sent, or refused): `kitItemsOwed`. */
  owed: readonly string[];
};

/**
 * The required items that wait for the customer: never sent or refused. Items sent and awaiting the lawyer are the
 * team's turn, so a kit whose every item was sent is not chased, even before the lawyer approves it.
 */
export function kitItemsOwed(progress: KitProgress): string[] {
  return progress.items
    .filter((item) => item.required && (item.state === 'pendente' || item.state === 'recusado'))
    .map((item) => item.title);
}

/** The kit reminder a paid process is due now, or null (the customer sent everything, or no window is open). */
export function dueKitReminder(facts: KitReminderFacts, now: Date): DueReminder | null {
  if (facts.processStatus !== 'pago' || facts.owed.length === 0) return null;
  const paid = Date.parse(facts.paidAt);
  const [second, fifth] = REMINDER_SCHEDULE.kitAfterDays;
  const windows: [ReminderKind, number, number][] = [
    ['documentos_5d', paid + fifth * DAY_MS, paid + fifth * DAY_MS + REMINDER_SCHEDULE.kitLastWindowHours * HOUR_MS],
    ['documentos_2d', paid + second * DAY_MS, paid + fifth * DAY_MS],
  ];
  const at = now.getTime();
  for (const [kind, from, until] of windows) {
    if (at >= from && at < until) {
      return {
        id: reminderId(kind, facts.contractId),
        kind,
        contractId: facts.contractId,
        from: new Date(from).toISOString(),
        until: new Date(until).toISOString(),
      };
    }
  }
  return null;
}

/**
 * Of a customer's reminders due now, the one to send today: the one whose window closes first (the others may still
 * go on a later day, inside their own windows), then by id so every run picks the same one.
 */
export function reminderToSend(due: readonly DueReminder[]): DueReminder | null {
  return [...due].sort((a, b) => a.until.localeCompare(b.until) || a.id.localeCompare(b.id))[0] ?? null;
}

/** The case file's line for a reminder sent (the admins' view of what went). */
export const REMINDER_LABELS: Record<ReminderKind, string> = {
  cobranca_24h: 'Lembrete de pagamento: cobrança não paga 24 horas depois de gerada',
  cobranca_vespera: 'Lembrete de pagamento: véspera do vencimento',
  documentos_2d: 'Lembrete de documentos: 2 dias após o pagamento',
  documentos_5d: 'Lembrete de documentos: 5 dias após o pagamento',
};

/** The channels a reminder went by, as the case file lists them. */
export const REMINDER_CHANNEL_LABELS = { email: 'e-mail', whatsapp: 'WhatsApp' } as const;
export type ReminderChannel = keyof typeof REMINDER_CHANNEL_LABELS;

/** How the customer pays the charge a reminder is about (the charge's method: `chargeMethod`). */
export type ReminderPaymentMethod = 'pix' | 'boleto' | 'cartao';

/** What a reminder tells the customer, in plain text (the e-mail lays it out; the WhatsApp template's parameters). */
export type ReminderText = {
  subject: string;
  title: string;
  paragraphs: string[];
  /** Items listed under the paragraphs (the documents still owed). */
  list: string[];
  action: { label: string; path: string };
};

export type ChargeReminderData = {
  protocolo: string;
  valor: number;
  method: ReminderPaymentMethod;
  expiresAt: string | null;
};

export type KitReminderData = { protocolo: string; paidAt: string; owed: readonly string[] };

const METHOD_NOUNS: Record<ReminderPaymentMethod, string> = {
  pix: 'o PIX',
  boleto: 'o boleto',
  cartao: 'o link de pagamento com cartão',
};
const methodNoun = (method: ReminderPaymentMethod) => METHOD_NOUNS[method];

/** The pt-BR words of each reminder. */
export function chargeReminderText(kind: 'cobranca_24h' | 'cobranca_vespera', data: ChargeReminderData): ReminderText {
  const noun = methodNoun(data.method);
  const Noun = `O${noun.slice(1)}`;
  const validity = data.expiresAt ? `${Noun} vale até ${formatDateTime(data.expiresAt)}.` : null;
  const action = { label: 'Ir para o pagamento', path: '/app/pagamento' };
  const next = 'Assim que o pagamento for confirmado, pedimos os seus documentos e o advogado prepara o seu pedido.';
  if (kind === 'cobranca_vespera' && data.expiresAt) {
    return {
      subject: `Seu pagamento vence em ${formatDate(data.expiresAt)} — protocolo ${data.protocolo}`,
      title: 'Seu pagamento vence em breve',
      paragraphs: [
        `${Noun} de ${formatBRL(data.valor)} do pedido de protocolo ${data.protocolo} ainda não foi pago e vale até ${formatDateTime(data.expiresAt)}. Depois disso, será preciso gerar um novo.`,
        next,
      ],
      list: [],
      action,
    };
  }
  return {
    subject: `Seu pagamento está pendente — protocolo ${data.protocolo}`,
    title: 'Falta só o pagamento',
    paragraphs: [
      `Você gerou ${noun} de ${formatBRL(data.valor)} para o pedido de protocolo ${data.protocolo}, e ele ainda não foi pago.${validity ? ` ${validity}` : ''}`,
      next,
    ],
    list: [],
    action,
  };
}

export function kitReminderText(kind: 'documentos_2d' | 'documentos_5d', data: KitReminderData): ReminderText {
  const paid = formatDate(data.paidAt);
  return {
    subject:
      kind === 'documentos_5d'
        ? `Ainda faltam documentos para o seu pedido — protocolo ${data.protocolo}`
        : `Faltam documentos para o seu pedido — protocolo ${data.protocolo}`,
    title: kind === 'documentos_5d' ? 'Seu pedido ainda espera os documentos' : 'Envie os documentos do seu pedido',
    paragraphs: [
      `O pagamento do pedido de protocolo ${data.protocolo} foi confirmado em ${paid}. Para o advogado protocolar o seu pedido, ainda faltam:`,
      kind === 'documentos_5d'
        ? 'O prazo de protocolo só começa a contar quando todos os documentos obrigatórios forem aprovados. Se tiver alguma dúvida, fale com o nosso suporte.'
        : 'Cada item da página de documentos mostra o que é um bom arquivo. Você pode enviar fotos do celular.',
    ],
    list: [...data.owed],
    action: { label: 'Enviar documentos', path: '/app/documentos' },
  };
}

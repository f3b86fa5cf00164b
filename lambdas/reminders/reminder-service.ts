import { saoPauloDay } from '../../domain/sao-paulo-calendar.js';
import { kitProgress } from '../../domain/filing-kit.js';
import { CONTRACT_PRICE } from '../../domain/pricing.js';
import { chargeMethod } from '../../domain/payment-methods.js';
import {
  chargePayableUntil,
  chargeReminderText,
  dueChargeReminder,
  dueKitReminder,
  kitItemsOwed,
  kitReminderText,
  REMINDER_SCHEDULE,
  reminderToSend,
  type DueReminder,
  type ReminderChannel,
  type ReminderKind,
  type ReminderText,
} from '../../domain/reminders.js';
import type { Profile } from '../../domain/schemas/entities.js';
import type { SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { latestChargeOfContract } from '../shared/data/charges.js';
import { getContract } from '../shared/data/contracts.js';
import { getProfileByUser } from '../shared/data/customers.js';
import { emailOnceKeys, sendEmailOnce } from '../shared/data/email-once.js';
import { kitItemsOf } from '../shared/data/filing-kit.js';
import { getProcess } from '../shared/data/processes.js';
import {
  claimReminderDay,
  markReminderSent,
  reminderAlreadySent,
  reminderCandidates,
} from '../shared/data/reminders.js';
import type { Db } from '../shared/data/table.js';
import { logger } from '../shared/logger.js';
import { countMetric, METRIC } from '../shared/metrics.js';
import { reminderEmail } from './reminder-emails.js';

/** One reminder for the WhatsApp channel: what its template needs, and its once-only id. */
export type ReminderWhatsAppMessage = {
  userId: string;
  profile: Profile;
  reminder: DueReminder;
  text: ReminderText;
  protocolo: string;
  /** A charge's value and expiry (the 'unpaid charge' template's); null for a documents reminder. */
  valor: number | null;
  expiresAt: string | null;
};

/**
 * The reminder's WhatsApp channel, passed in: sends the reminder's template once per
 * reminder id, only to a customer who consented; true when a message went (or had gone) out. Absent: e-mail only.
 */
export type ReminderWhatsApp = (message: ReminderWhatsAppMessage) => Promise<boolean>;

export type ReminderDeps = {
  db: Db;
  clock: Clock;
  sendEmail: SendEmail;
  appUrl: string;
  whatsapp?: ReminderWhatsApp | null;
};

export type ReminderRunOutcome = {
  /** Candidates read from the indexes (PENDING charges, processes in 'pago'). */
  charges: number;
  processes: number;
  /** Customers with a reminder due now. */
  customersDue: number;
  sent: number;
  /** By WhatsApp too (a consenting customer). */
  whatsapp: number;
  /** A reminder due, but the customer already had today's. */
  dayTaken: number;
  /** Another run is sending it right now, or sent it a moment ago. */
  concurrent: number;
  errors: number;
  byKind: Record<ReminderKind, number>;
};

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Candidate = { kind: 'charge'; entity: Record<string, unknown> } | { kind: 'kit'; entity: Record<string, unknown> };

/** A reminder due, with the words it says and what a WhatsApp template needs. */
type Prepared = {
  reminder: DueReminder;
  text: ReminderText;
  protocolo: string;
  valor: number | null;
  expiresAt: string | null;
};

/**
 * One run of the reminders (EventBridge Scheduler, every hour in the day; `npm run reminders` locally). Reads the
 * candidates from two short index partitions, and for each customer reads what stands now: the charge as it is (a
 * payment a second ago stops its reminder), the kit as it is. Of the reminders due and not sent yet, it sends the one
 * whose window closes first — once (its e-mail's once-only marker), and one a day (the customer's day record). A
 * failure on one customer is logged and counted, and the run goes on; the handler throws at the end, so Lambda's retry
 * (and the function's alarm) follow, and the markers keep the retry from sending anything twice.
 */
export async function sendDueReminders(deps: ReminderDeps): Promise<ReminderRunOutcome> {
  const now = deps.clock();
  const { charges, processes } = await reminderCandidates(deps.db);
  const byUser = new Map<string, Candidate[]>();
  const add = (userId: string, candidate: Candidate) => byUser.set(userId, [...(byUser.get(userId) ?? []), candidate]);
  // Cheap filters on what the index holds: only what may be in a window now costs reads.
  for (const { userId, entity } of charges) {
    if (Date.parse(String(entity.created_at)) + REMINDER_SCHEDULE.chargeFirstAfterHours * HOUR_MS <= now.getTime()) {
      add(userId, { kind: 'charge', entity });
    }
  }
  const [firstKit] = REMINDER_SCHEDULE.kitAfterDays;
  const lastKitUntil = REMINDER_SCHEDULE.kitAfterDays.at(-1)! * DAY_MS + REMINDER_SCHEDULE.kitLastWindowHours * HOUR_MS;
  for (const { userId, entity } of processes) {
    const paidAt = Date.parse(String(entity.updated_at));
    if (paidAt + firstKit * DAY_MS <= now.getTime() && now.getTime() < paidAt + lastKitUntil) {
      add(userId, { kind: 'kit', entity });
    }
  }

  const outcome: ReminderRunOutcome = {
    charges: charges.length,
    processes: processes.length,
    customersDue: 0,
    sent: 0,
    whatsapp: 0,
    dayTaken: 0,
    concurrent: 0,
    errors: 0,
    byKind: { cobranca_24h: 0, cobranca_vespera: 0, documentos_2d: 0, documentos_5d: 0 },
  };
  for (const [userId, candidates] of byUser) {
    try {
      const result = await remindCustomer(deps, now, userId, candidates);
      if (result === 'none') continue;
      outcome.customersDue += 1;
      if (result === 'day-taken') outcome.dayTaken += 1;
      else if (result === 'concurrent') outcome.concurrent += 1;
      else {
        outcome.sent += 1;
        outcome.byKind[result.kind] += 1;
        if (result.whatsapp) outcome.whatsapp += 1;
      }
    } catch (error) {
      outcome.errors += 1;
      logger.error('Reminder not sent', { error: error as Error, userId });
    }
  }
  if (outcome.sent > 0) countMetric(METRIC.remindersSent, outcome.sent);
  return outcome;
}

type CustomerResult = 'none' | 'day-taken' | 'concurrent' | { kind: ReminderKind; whatsapp: boolean };

async function remindCustomer(
  deps: ReminderDeps,
  now: Date,
  userId: string,
  candidates: readonly Candidate[],
): Promise<CustomerResult> {
  const { db } = deps;
  const profile = await getProfileByUser(db, userId);
  if (!profile) return 'none';
  const prepared: Prepared[] = [];
  for (const candidate of candidates) {
    const found =
      candidate.kind === 'charge'
        ? await dueForCharge(db, userId, candidate.entity, now)
        : await dueForKit(db, userId, profile, candidate.entity, now);
    if (found && !(await reminderAlreadySent(db, userId, found.reminder.id))) prepared.push(found);
  }
  const chosen = reminderToSend(prepared.map((p) => p.reminder));
  if (!chosen) return 'none';
  const { reminder: _chosen, ...about } = prepared.find((p) => p.reminder.id === chosen.id)!;
  const { text } = about;

  const day = saoPauloDay(now);
  if (!(await claimReminderDay(db, userId, day, chosen))) return 'day-taken';
  const email = reminderEmail(deps.appUrl, profile.nome_completo, text);
  const sent = await sendEmailOnce(db, emailOnceKeys.reminder(userId, chosen.id), now, () =>
    deps.sendEmail(profile.email, { ...email, caseFileOf: userId }),
  );
  if (sent !== 'sent') return 'concurrent';
  const channels: ReminderChannel[] = ['email'];
  if (deps.whatsapp) {
    // The e-mail went: a WhatsApp failure is logged, never a reason to send the e-mail again.
    try {
      if (await deps.whatsapp({ userId, profile, reminder: chosen, ...about })) channels.push('whatsapp');
    } catch (error) {
      logger.error('Reminder not sent by WhatsApp', { error: error as Error, userId, reminder: chosen.id });
    }
  }
  await markReminderSent(db, userId, day, chosen.id, channels, deps.clock().toISOString());
  return { kind: chosen.kind, whatsapp: channels.includes('whatsapp') };
}

/** A charge's reminder due now, from its contract's latest charge, contract and process as they stand. */
async function dueForCharge(
  db: Db,
  userId: string,
  entity: Record<string, unknown>,
  now: Date,
): Promise<Prepared | null> {
  const contractId = String(entity.contrato_id);
  const [latest, contract, process] = await Promise.all([
    latestChargeOfContract(db, userId, contractId),
    getContract(db, userId, contractId),
    getProcess(db, { userId, contractId }),
  ]);
  if (!latest || !contract) return null;
  // The charge's own expiry: a PIX's validity, a boleto's (or a card page's) due day — not the contract's method.
  const expiresAt = chargePayableUntil(latest);
  const reminder = dueChargeReminder(
    {
      chargeId: String(entity.id),
      contractId,
      status: latest.id === entity.id ? latest.status : String(entity.status),
      createdAt: latest.id === entity.id ? latest.created_at : String(entity.created_at),
      expiresAt: latest.id === entity.id ? expiresAt : null,
      latestOfContract: latest.id === entity.id,
      contractCancelled: Boolean(contract.cancelado_em),
      processStatus: process?.status ?? null,
    },
    now,
  );
  if (!reminder || (reminder.kind !== 'cobranca_24h' && reminder.kind !== 'cobranca_vespera')) return null;
  const valor = latest.valor ?? contract.valor ?? CONTRACT_PRICE;
  const method = chargeMethod(latest);
  const text = chargeReminderText(reminder.kind, {
    protocolo: contract.protocolo,
    valor,
    method: method === 'manual' ? 'pix' : method,
    expiresAt,
  });
  return { reminder, text, protocolo: contract.protocolo, valor, expiresAt };
}

/** A paid process's kit reminder due now, from the process and its kit items as they stand. */
async function dueForKit(
  db: Db,
  userId: string,
  profile: Profile,
  entity: Record<string, unknown>,
  now: Date,
): Promise<Prepared | null> {
  const contractId = String(entity.contrato_id);
  const ref = { userId, contractId };
  const [process, contract, items] = await Promise.all([
    getProcess(db, ref),
    getContract(db, userId, contractId),
    kitItemsOf(db, ref),
  ]);
  if (!process || !contract) return null;
  const owed = kitItemsOwed(kitProgress(profile.tipo_documento, items));
  const reminder = dueKitReminder({ contractId, processStatus: process.status, paidAt: process.updated_at, owed }, now);
  if (!reminder || (reminder.kind !== 'documentos_2d' && reminder.kind !== 'documentos_5d')) return null;
  const text = kitReminderText(reminder.kind, { protocolo: contract.protocolo, paidAt: process.updated_at, owed });
  return { reminder, text, protocolo: contract.protocolo, valor: null, expiresAt: null };
}

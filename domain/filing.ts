import { PROCESSING_BUSINESS_DAYS } from './deadlines.js';
import { addBusinessDays, businessDaysBetween, calendarNoon, saoPauloDay } from './sao-paulo-calendar.js';

/**
 * When the petition is expected to be filed: 7 business days after the payment (spec 02 §9), skipping weekends,
 * national holidays and those of Minas Gerais — the court is in São Lourenço/MG.
 */
export function filingForecast(paidAt: Date): Date {
  if (Number.isNaN(paidAt.getTime())) throw new RangeError('No filing forecast for an invalid date');
  // Business days are São Paulo's calendar days, whatever the server's time zone (UTC on Lambda): a payment at
  // 22:00 on a Wednesday in São Paulo is already Thursday in UTC.
  const forecast = addBusinessDays(saoPauloDay(paidAt), PROCESSING_BUSINESS_DAYS);
  if (!forecast) throw new RangeError(`No filing forecast for ${paidAt.toISOString()}`);
  return calendarNoon(forecast);
}

/**
 * When a paid process not yet filed is late: the morning after its forecast day (the forecast is that São Paulo
 * calendar day, stored at 12:00 UTC = 09:00 in São Paulo), so the lawyers have the whole day.
 */
export function filingDeadline(previsao: Date): Date {
  return new Date(previsao.getTime() + 24 * 3600 * 1000);
}

/**
 * Where the filing promise counts from: 7 business days from the payment or from the filing kit's approval,
 * whichever is later; while the kit waits, no date is promised yet. The dashboard says which.
 */
export type FilingPromise =
  { basis: 'awaiting_kit' } | { basis: 'payment' | 'kit_approval'; forecast: string; from: string };

export function filingPromise(paidAt: string, kitApprovedAt: string | null | undefined): FilingPromise {
  if (!kitApprovedAt) return { basis: 'awaiting_kit' };
  const fromPayment = filingForecast(new Date(paidAt));
  const fromKit = filingForecast(new Date(kitApprovedAt));
  return fromKit.getTime() >= fromPayment.getTime()
    ? { basis: 'kit_approval', forecast: fromKit.toISOString(), from: kitApprovedAt }
    : { basis: 'payment', forecast: fromPayment.toISOString(), from: paidAt };
}

/**
 * The filing date promised to the customer, wherever it is shown (the dashboard, the public lookup): only while the
 * lawyer prepares the petition ('em_analise'), when the documents are approved and the promise has started. Before it
 * ('pago', the documents awaited) the stored `previsao` counts from the payment alone, a date nobody promised yet;
 * after the filing, the court's steps take over.
 */
export function promisedFilingDate(process: { status: string; previsao?: string | null }): string | null {
  return process.status === 'em_analise' ? (process.previsao ?? null) : null;
}

/** The dashboard's words on what the forecast counts from. */
export const FILING_PROMISE_MESSAGES = {
  awaiting_kit: `O prazo de ${PROCESSING_BUSINESS_DAYS} dias úteis para o protocolo começa quando todos os seus documentos forem aprovados.`,
  kit_approval: `${PROCESSING_BUSINESS_DAYS} dias úteis contados da aprovação dos seus documentos.`,
  payment: `${PROCESSING_BUSINESS_DAYS} dias úteis contados do seu pagamento.`,
} as const;

/**
 * Where a paid process stands against its filing forecast (the 'Hoje' queue): business days left until the forecast
 * day, counted on São Paulo's calendar with the court's (MG) holidays, today included when it is one; `late` from the
 * morning after the forecast (`filingDeadline`).
 */
export function filingStanding(previsao: Date, now: Date): { businessDaysLeft: number; late: boolean } {
  const businessDaysLeft = businessDaysBetween(saoPauloDay(now), saoPauloDay(previsao)) ?? 0;
  return { businessDaysLeft, late: now.getTime() >= filingDeadline(previsao).getTime() };
}

/**
 * A paid process's filing forecast: the one stored at payment and counted again at the kit's approval (`filingPromise`,
 * the later of the two). A process moved to 'em_analise' by hand without one counts from that move.
 */
export function filingForecastOf(process: { previsao: string | null; updated_at: string }): Date {
  return process.previsao ? new Date(process.previsao) : filingForecast(new Date(process.updated_at));
}

/**
 * How long the filing watch follows a kit that never arrives, counted from the payment's forecast: a Standard Step
 * Functions execution ends (timed out, alarmed) at one year, and a customer silent for this long is the reminders'
 * and the lawyers' matter, not a broken deadline.
 */
export const FILING_WATCH_MAX_DAYS = 300;

/**
 * What the workflow's filing watch (CheckFiling) does now: `late` (tell the admins once), `wait` until `next` and check
 * again, or `done` (filed, moved on by an admin, or withdrawn). While the kit waits ('pago') no promise runs yet
 * (`filingPromise`), and the earliest it could be broken is if the kit were approved right now: that deadline is the
 * next check, so the watch never polls.
 */
export type FilingWatch = { state: 'late'; forecast: string } | { state: 'wait'; next: string } | { state: 'done' };

export function filingWatch(
  process: { status: string; previsao: string | null; updated_at: string },
  now: Date,
): FilingWatch {
  if (process.status === 'pago') {
    const watchedFor = now.getTime() - filingForecastOf(process).getTime();
    if (watchedFor > FILING_WATCH_MAX_DAYS * 24 * 3600 * 1000) return { state: 'done' };
    return { state: 'wait', next: filingDeadline(filingForecast(now)).toISOString() };
  }
  if (process.status !== 'em_analise') return { state: 'done' };
  const forecast = filingForecastOf(process);
  const deadline = filingDeadline(forecast);
  return now.getTime() >= deadline.getTime()
    ? { state: 'late', forecast: forecast.toISOString() }
    : { state: 'wait', next: deadline.toISOString() };
}

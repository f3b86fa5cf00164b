import { paymentClass } from './charge-status.js';
import { daysOf, isCalendarDay, type DayRange } from './finance-period.js';
import { formatDay } from './dates.js';
import { FINANCE_MESSAGES } from './messages.js';
import { formatBRL } from './pricing.js';
import { addCalendarDays, saoPauloDayStart, saoPauloWallClock } from './sao-paulo-calendar.js';

/**
 * The money figures of /admin/financeiro (docs/decisions.md, Finance a person can read), as rules over the charge's
 * payment class (`paymentClass`: paid, returned — a refund or chargeback, 'Estornado' — or unpaid):
 *
 * - **Recebido** of a day: the value of the charges whose money arrived that day — a move from unpaid to paid or
 *   returned — less the arrivals undone that day (Asaas's undo of a cash payment: paid → unpaid).
 * - **Estornado** of a day: the value of the charges whose money started going back that day (paid → returned), less
 *   the returns undone that day (a refund request denied or a chargeback won: returned → paid).
 *
 * - **Taxas Asaas** of a day: what Asaas kept of the money that arrived that day (the payment's `value − netValue`),
 *   less the fees of arrivals undone that day. A refund does not give the fee back (Asaas keeps it), so a charge paid
 *   and refunded costs its fee: Líquido = Recebido − Estornado − Taxas Asaas.
 *
 * So over any span the figures add up to where the charges stand: a charge paid and later refunded counts once in
 * each, a refund undone counts in neither, and no past day is ever rewritten.
 */
export type FinanceDayDeltas = Partial<
  Record<'received_cents' | 'received_count' | 'refunded_cents' | 'refunded_count' | 'fee_cents', number>
>;

const countsAsReceived = (status: string) => paymentClass(status) !== 'unpaid';
const countsAsRefunded = (status: string) => paymentClass(status) === 'returned';

/** Whether a charge's move from `from` (null: being created) to `to` is its money arriving (1), undone (−1) or neither. */
export function receivedDelta(from: string | null, to: string): -1 | 0 | 1 {
  return (Number(countsAsReceived(to)) - Number(from !== null && countsAsReceived(from))) as -1 | 0 | 1;
}

/**
 * What a charge's move from `from` (null: the charge is being created) to `to` adds to the day it happens on; an empty
 * object when it changes no figure (most moves: pending → overdue, confirmed → received…). `feeCents` is what Asaas
 * keeps of this payment: added when the money arrives, taken back when the arrival is undone.
 */
export function financeDayDeltas(from: string | null, to: string, valueCents: number, feeCents = 0): FinanceDayDeltas {
  const received = receivedDelta(from, to);
  const refunded = Number(countsAsRefunded(to)) - Number(from !== null && countsAsRefunded(from));
  return {
    ...(received !== 0 ? { received_cents: received * valueCents, received_count: received } : {}),
    ...(received !== 0 && feeCents !== 0 ? { fee_cents: received * feeCents } : {}),
    ...(refunded !== 0 ? { refunded_cents: refunded * valueCents, refunded_count: refunded } : {}),
  };
}

/**
 * What Asaas keeps of a payment, in centavos: its `value` less its `netValue` (the payment object and every webhook
 * carry both). Null when the payment does not say (an older payment, a manual one): nothing is invented.
 */
export function asaasFeeCents(payment: { value: number; netValue?: unknown }): number | null {
  if (typeof payment.netValue !== 'number' || !Number.isFinite(payment.netValue)) return null;
  const fee = toCents(payment.value) - toCents(payment.netValue);
  return fee >= 0 ? fee : null;
}

/** The period's net: what stays after refunds and Asaas's fees (centavos, so the subtraction never drifts). */
export function netCents(figures: { received_cents: number; refunded_cents: number; fee_cents: number }): number {
  return figures.received_cents - figures.refunded_cents - figures.fee_cents;
}

/**
 * What one charge left, as the period's Líquido counts it: its value less Asaas's fee, less the value again when the
 * money went back (the fee is not returned). Null while the money has not arrived.
 */
export function chargeNet(charge: {
  status: string;
  valor?: number | null;
  taxa_asaas?: number | null;
}): number | null {
  const kind = paymentClass(charge.status);
  if (kind === 'unpaid') return null;
  const value = toCents(charge.valor ?? 0);
  return fromCents(value - toCents(charge.taxa_asaas ?? 0) - (kind === 'returned' ? value : 0));
}

/** Reais (Asaas's unit, two decimals) as whole centavos, so sums never drift. */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Whole centavos back to reais. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** One day of the period as the chart and the totals read it (reais). */
export type FinanceDay = { day: string; received: number; refunded: number };

/**
 * Every day of a range with its figures, a day without any movement as zeros (the chart shows it as an empty bar, not
 * a gap). `stored` holds centavos by day, as the daily totals keep them.
 */
export function fillFinanceDays(
  range: DayRange,
  stored: ReadonlyMap<string, { received_cents: number; refunded_cents: number }>,
): FinanceDay[] {
  return daysOf(range).map((day) => {
    const figures = stored.get(day);
    return {
      day,
      received: fromCents(figures?.received_cents ?? 0),
      refunded: fromCents(figures?.refunded_cents ?? 0),
    };
  });
}

/**
 * The chart's sentence, read by everyone (screen readers too): 'R$ 1.197,00 em 3 dias; maior dia: 12/11/2025
 * (R$ 798,00).', or that nothing was received. The first of equal days is the one named.
 */
export function receiptsSummary(days: readonly FinanceDay[]): string {
  const withReceipts = days.filter((day) => day.received > 0);
  if (withReceipts.length === 0) return FINANCE_MESSAGES.chartNoReceipts;
  const total = fromCents(days.reduce((sum, day) => sum + toCents(day.received), 0));
  const best = withReceipts.reduce((top, day) => (day.received > top.received ? day : top));
  const dayWord = withReceipts.length === 1 ? 'dia' : 'dias';
  return `${formatBRL(total)} em ${withReceipts.length} ${dayWord}; maior dia: ${formatDay(best.day)} (${formatBRL(best.received)}).`;
}

/**
 * Until when a PIX can be paid, as an ISO instant. Asaas's QR code says it (`expirationDate`, 'yyyy-MM-dd HH:mm:ss',
 * São Paulo time); without it, the charge's due date until its last minute in São Paulo (23:59:59). Null when
 * neither is readable.
 */
export function pixValidUntil(
  expirationDate: string | null | undefined,
  dueDate: string | null | undefined,
): string | null {
  const asaas = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(expirationDate ?? '');
  if (asaas && isCalendarDay(asaas[1]!)) {
    const [hours, minutes, seconds] = [Number(asaas[2]), Number(asaas[3]), Number(asaas[4] ?? 0)];
    if (hours < 24 && minutes < 60 && seconds < 60) {
      const start = Date.parse(saoPauloDayStart(asaas[1]!));
      return new Date(start + ((hours * 60 + minutes) * 60 + seconds) * 1000).toISOString();
    }
  }
  if (dueDate && isCalendarDay(dueDate)) {
    return new Date(Date.parse(saoPauloDayStart(addCalendarDays(dueDate, 1))) - 1000).toISOString();
  }
  return null;
}

/** The payment screen's line: 'Válido até 27/11/2025 às 23:59' (São Paulo time). */
export function formatPixValidUntil(instant: string): string {
  const { date, time } = saoPauloWallClock(instant);
  return `Válido até ${formatDay(date)} às ${time.slice(0, 5)}`;
}

import { formatDay } from './dates.js';
import { addCalendarDays, saoPauloDay, saoPauloDayStart } from './sao-paulo-calendar.js';
import { FINANCE_MESSAGES } from './messages.js';

/**
 * The periods of /admin/financeiro (docs/decisions.md, Finance a person can read). A period is a range of São Paulo
 * calendar days, both ends included, written `yyyy-mm-dd`; the server turns it into UTC instants, so "today" is
 * the same day for the admin, the totals and the list wherever the browser or the Lambda runs.
 */
export const FINANCE_PERIODS = ['hoje', '7dias', 'mes', 'personalizado'] as const;
export type FinancePeriod = (typeof FINANCE_PERIODS)[number];

/** The period selector's words, in the order shown. */
export const FINANCE_PERIOD_LABELS: Record<FinancePeriod, string> = {
  hoje: 'Hoje',
  '7dias': '7 dias',
  mes: 'Este mês',
  personalizado: 'Personalizado',
};

/** The period the page opens with: the month so far, what a person usually reconciles. */
export const DEFAULT_FINANCE_PERIOD: FinancePeriod = 'mes';

/**
 * The longest range a custom period may span: a year of daily figures is one Query of ≤ 366 small items and a chart
 * that still reads; a longer one is refused with a message.
 */
export const MAX_PERIOD_DAYS = 366;

/** The reasons a custom period is refused (domain/messages.ts). */
export const FINANCE_PERIOD_MESSAGES = {
  invalidDay: FINANCE_MESSAGES.invalidDay,
  bothDays: FINANCE_MESSAGES.bothDays,
  reversed: FINANCE_MESSAGES.reversed,
  tooLong: FINANCE_MESSAGES.tooLong,
} as const;

/** A range of São Paulo calendar days, both included. */
export type DayRange = { from: string; to: string };

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-mm-dd` naming a day that exists (no 2025-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** How many days a range spans, both ends counted (a single day is 1). */
export function daysInRange(range: DayRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const count = daysInRange(range);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => addCalendarDays(range.from, i));
}

/**
 * A day range as the UTC instants the table stores (ISO-8601): from the first instant of `from` (included) to the first
 * instant of the day after `to` (excluded).
 */
export function rangeInstants(range: DayRange): { start: string; end: string } {
  return {
    start: saoPauloDayStart(range.from),
    end: saoPauloDayStart(addCalendarDays(range.to, 1)),
  };
}

/** Whether an ISO instant falls inside a range's instants (start included, end excluded). */
export function isInRange(instant: string, range: { start: string; end: string }): boolean {
  return instant >= range.start && instant < range.end;
}

/**
 * The days a preset names, seen from `now` in São Paulo: 'Hoje' is today; '7 dias' today and the six days before it;
 * 'Este mês' the first of this month to today. 'Personalizado' takes the two days the admin chose.
 */
export function presetRange(period: Exclude<FinancePeriod, 'personalizado'>, now: Date): DayRange {
  const today = saoPauloDay(now);
  switch (period) {
    case 'hoje':
      return { from: today, to: today };
    case '7dias':
      return { from: addCalendarDays(today, -6), to: today };
    case 'mes':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** What is wrong with a custom range, in the admin's words; null when it can be asked for. */
export function dayRangeProblem(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to) return FINANCE_PERIOD_MESSAGES.bothDays;
  if (!isCalendarDay(from) || !isCalendarDay(to)) return FINANCE_PERIOD_MESSAGES.invalidDay;
  if (from > to) return FINANCE_PERIOD_MESSAGES.reversed;
  if (daysInRange({ from, to }) > MAX_PERIOD_DAYS) return FINANCE_PERIOD_MESSAGES.tooLong;
  return null;
}

/** The page's period as the URL keeps it (`?periodo=…&de=…&ate=…`), so a reload or 'Voltar' shows the same view. */
export type FinancePeriodChoice = { period: FinancePeriod; from?: string; to?: string };

/** Reads the URL's period; an unknown preset is the default one. */
export function readPeriodChoice(params: URLSearchParams): FinancePeriodChoice {
  const period = params.get('periodo');
  const chosen = (FINANCE_PERIODS as readonly string[]).includes(period ?? '')
    ? (period as FinancePeriod)
    : DEFAULT_FINANCE_PERIOD;
  if (chosen !== 'personalizado') return { period: chosen };
  return { period: chosen, from: params.get('de') ?? undefined, to: params.get('ate') ?? undefined };
}

/** The URL's search params for a period (the default one writes nothing). */
export function periodChoiceParams(choice: FinancePeriodChoice): Record<string, string> {
  if (choice.period === 'personalizado') {
    return {
      periodo: choice.period,
      ...(choice.from ? { de: choice.from } : {}),
      ...(choice.to ? { ate: choice.to } : {}),
    };
  }
  return choice.period === DEFAULT_FINANCE_PERIOD ? {} : { periodo: choice.period };
}

/** The days a choice names from `now`, or the reason it names none (a custom range half filled or wrong). */
export function resolvePeriod(choice: FinancePeriodChoice, now: Date): { range: DayRange } | { problem: string } {
  if (choice.period !== 'personalizado') return { range: presetRange(choice.period, now) };
  const problem = dayRangeProblem(choice.from, choice.to);
  return problem ? { problem } : { range: { from: choice.from!, to: choice.to! } };
}

/** 'dd/mm/aaaa a dd/mm/aaaa', or one date for a single day. */
export function formatDayRange(range: DayRange): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} a ${formatDay(range.to)}`;
}

import { addBusinessDays as addLibraryBusinessDays, differenceInBusinessDays } from '@brazilian-utils/brazilian-utils';

/**
 * São Paulo's calendar, the one home of every date rule (spec 01 §9: dates are São Paulo's). A day is `yyyy-mm-dd` on
 * São Paulo's calendar; an instant is a `Date` or an ISO-8601 UTC string. Every offset comes from the time-zone
 * database through one formatter, never written by hand: São Paulo has kept UTC−3 all year since 2019, but it kept a
 * summer time before, and a law may bring it back.
 */
export const TIME_ZONE = 'America/Sao_Paulo';

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const wallClockFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The São Paulo wall clock at an instant: `yyyy-mm-dd` and `HH:mm:ss`. */
export function saoPauloWallClock(instant: Date | string): { date: string; time: string } {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  const p = Object.fromEntries(wallClockFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/** The São Paulo day of an instant (today is `saoPauloDay(clock())`): Asaas's dates, deadlines, the daily totals. */
export function saoPauloDay(instant: Date | string): string {
  return saoPauloWallClock(instant).date;
}

/** `yyyyMMdd` of an instant's São Paulo day, for protocol numbers. */
export function saoPauloDateDigits(instant: Date | string): string {
  return saoPauloDay(instant).replaceAll('-', '');
}

/**
 * A day at 12:00 UTC: the same calendar day in every zone from UTC−11 to UTC+11, so a calendar library that reads the
 * runtime's local getters (UTC on Lambda, anything in a browser) counts the São Paulo day meant.
 */
export function calendarNoon(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}

/** The day `n` calendar days after (or before, when negative) a day; across months, years and leap days. */
export function addCalendarDays(day: string, n: number): string {
  return new Date(calendarNoon(day).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** São Paulo's offset from UTC at an instant, in ms (UTC−3 is −10,800,000). */
function offsetMs(at: number): number {
  const { date, time } = saoPauloWallClock(new Date(at));
  return Date.parse(`${date}T${time}Z`) - Math.floor(at / 1000) * 1000;
}

/**
 * The first instant of a São Paulo day, ISO-8601 UTC. Midnight in the offset of the day's start or of its end: on the
 * night a summer time began (midnight skipped, 01:00 the first hour) or ended (midnight twice), only one of the two is
 * the day's first instant.
 */
export function saoPauloDayStart(day: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const candidates = [midnightUtc, midnightUtc + DAY_MS].map((at) => midnightUtc - offsetMs(at));
  const start = candidates.find((at) => saoPauloDay(new Date(at)) === day && saoPauloDay(new Date(at - 1)) !== day);
  // Unreachable for a real day of a real zone; the first candidate is the rule for every day since 2019.
  return new Date(start ?? candidates[0]!).toISOString();
}

/** The last instant (millisecond) of a São Paulo day, ISO-8601 UTC. */
export function saoPauloDayEnd(day: string): string {
  return new Date(Date.parse(saoPauloDayStart(addCalendarDays(day, 1))) - 1).toISOString();
}

/**
 * The court's business days: weekends, national holidays and those of Minas Gerais skipped (the court is in São
 * Lourenço/MG), as the filing forecast, the refund promise and the court's next step count them.
 */
const COURT_HOLIDAYS = { stateCode: 'MG' } as const;

/**
 * The day `n` business days after a day; null when the day is not one, or outside the years whose holidays are known
 * (1900 to 2099).
 */
export function addBusinessDays(day: string, n: number): string | null {
  if (!DAY_PATTERN.test(day)) return null;
  const result = addLibraryBusinessDays(calendarNoon(day), n, COURT_HOLIDAYS);
  return result ? result.toISOString().slice(0, 10) : null;
}

/** Business days from one day to another (negative when `to` comes first); null outside the known years. */
export function businessDaysBetween(from: string, to: string): number | null {
  return differenceInBusinessDays(calendarNoon(to), calendarNoon(from), COURT_HOLIDAYS);
}

/** Dates are shown in America/Sao_Paulo, pt-BR (spec 01 §9). */
export const TIME_ZONE = 'America/Sao_Paulo';

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const dateOnly = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

function parse(value: string | number | Date | null | undefined): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** dd/MM/yyyy HH:mm; a dash when empty and 'Data inválida' when unparseable (spec 01 §8). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return '-';
  if (date === 'invalid') return 'Data inválida';
  return dateTime.format(date).replace(',', '');
}

/** dd/MM/yyyy, used by the lookup and contract pages. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return '-';
  if (date === 'invalid') return 'Data inválida';
  return dateOnly.format(date);
}

/** yyyyMMdd of an instant in São Paulo, e.g. for protocol numbers. */
export function saoPauloDateDigits(instant: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
  return parts.replaceAll('-', '');
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
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
export function saoPauloWallClock(instant: Date): { date: string; time: string } {
  const p = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

const calendarDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const zoneOffset = new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, timeZoneName: 'longOffset' });

/** yyyy-MM-dd of an instant on São Paulo's calendar (Asaas's dates, deadlines counted in calendar days). */
export function saoPauloDay(instant: Date): string {
  return calendarDay.format(instant);
}

/** The day `n` calendar days after (or before, when negative) the day `yyyy-MM-dd`. */
export function addCalendarDays(day: string, n: number): string {
  const noon = new Date(`${day}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + n);
  return noon.toISOString().slice(0, 10);
}

/**
 * The instant São Paulo's day `yyyy-MM-dd` begins, ISO-8601 UTC. From the zone's rules, not a fixed −03:00: São Paulo
 * kept a summer time until 2019, and a law may bring it back.
 */
export function saoPauloDayStart(day: string): string {
  const noon = new Date(`${day}T12:00:00Z`);
  // "3/10/2026, GMT-03:00": São Paulo's offsets are whole hours (−3, and −2 in the summer time it kept until 2019).
  const hours = Number(/GMT([+-]\d{2})/.exec(zoneOffset.format(noon))?.[1] ?? 0);
  return new Date(Date.parse(`${day}T00:00:00Z`) - hours * 3_600_000).toISOString();
}

/** The last instant (millisecond) of São Paulo's day `yyyy-MM-dd`, ISO-8601 UTC. */
export function saoPauloDayEnd(day: string): string {
  return new Date(Date.parse(saoPauloDayStart(addCalendarDays(day, 1))) - 1).toISOString();
}

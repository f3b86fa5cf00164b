/** Dates are shown in São Paulo's time, pt-BR (spec 01 §9); the calendar itself is domain/sao-paulo-calendar.ts. */
import { saoPauloWallClock } from './sao-paulo-calendar.js';

function parse(value: string | number | Date | null | undefined): Date | null | 'invalid' {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/** 'dd/mm/aaaa' of a São Paulo day `yyyy-mm-dd`. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** dd/MM/yyyy HH:mm; a dash when empty and 'Data inválida' when unparseable (spec 01 §8). */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return '-';
  if (date === 'invalid') return 'Data inválida';
  const { date: day, time } = saoPauloWallClock(date);
  return `${formatDay(day)} ${time.slice(0, 5)}`;
}

/** dd/MM/yyyy, used by the lookup and contract pages. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = parse(value);
  if (date === null) return '-';
  if (date === 'invalid') return 'Data inválida';
  return formatDay(saoPauloWallClock(date).date);
}

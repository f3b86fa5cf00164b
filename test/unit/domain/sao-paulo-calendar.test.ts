import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarDays,
  businessDaysBetween,
  calendarNoon,
  saoPauloDateDigits,
  saoPauloDay,
  saoPauloDayEnd,
  saoPauloDayStart,
  saoPauloWallClock,
  TIME_ZONE,
} from '../../../domain/sao-paulo-calendar.js';

describe('the São Paulo day of an instant', () => {
  it('is São Paulo’s, not UTC’s', () => {
    expect(saoPauloDay(new Date('2025-11-30T02:59:59.999Z'))).toBe('2025-11-29');
    expect(saoPauloDay(new Date('2025-11-30T03:00:00.000Z'))).toBe('2025-11-30');
    expect(saoPauloDay('2026-01-01T02:00:00.000Z')).toBe('2025-12-31');
  });

  it('has its digits for protocol numbers', () => {
    expect(saoPauloDateDigits(new Date('2026-03-01T02:59:59Z'))).toBe('20260228');
    expect(saoPauloDateDigits('2026-03-01T03:00:00Z')).toBe('20260301');
  });

  it('reads the wall clock, across midnight UTC and with a 24-hour clock', () => {
    expect(saoPauloWallClock(new Date('2026-11-24T02:30:05Z'))).toEqual({ date: '2026-11-23', time: '23:30:05' });
    expect(saoPauloWallClock(new Date('2026-01-01T03:00:00Z'))).toEqual({ date: '2026-01-01', time: '00:00:00' });
    expect(saoPauloWallClock('2026-06-15T15:04:00Z')).toEqual({ date: '2026-06-15', time: '12:04:00' });
  });
});

describe('the first and last instants of a day', () => {
  it('start at 03:00 UTC in every month: no summer time since 2019', () => {
    for (const day of ['2025-01-15', '2025-02-16', '2025-06-30', '2025-10-19', '2025-11-02', '2025-12-31']) {
      expect(saoPauloDayStart(day)).toBe(`${day}T03:00:00.000Z`);
    }
  });

  it('follow the zone database on the days of the old summer time', () => {
    // Summer time began at midnight on 4 Nov 2018 (midnight skipped: the day's first hour was 01:00, UTC−2) and ended
    // at midnight on 17 Feb 2019 (23:00 of the 16th twice).
    expect(saoPauloDayStart('2018-11-04')).toBe('2018-11-04T03:00:00.000Z');
    expect(saoPauloDayStart('2018-12-25')).toBe('2018-12-25T02:00:00.000Z');
    expect(saoPauloDayStart('2019-02-17')).toBe('2019-02-17T03:00:00.000Z');
    expect(saoPauloDayEnd('2018-11-03')).toBe('2018-11-04T02:59:59.999Z');
    expect(saoPauloDayEnd('2019-02-16')).toBe('2019-02-17T02:59:59.999Z');
  });

  it('bound the day exactly: its start and end are in it, a millisecond either side is not', () => {
    for (const day of ['2018-11-04', '2019-02-16', '2019-02-17', '2024-02-29', '2026-12-31']) {
      const start = Date.parse(saoPauloDayStart(day));
      const end = Date.parse(saoPauloDayEnd(day));
      expect([saoPauloDay(new Date(start - 1)), saoPauloDay(new Date(start))]).toEqual([addCalendarDays(day, -1), day]);
      expect([saoPauloDay(new Date(end)), saoPauloDay(new Date(end + 1))]).toEqual([day, addCalendarDays(day, 1)]);
    }
  });
});

describe('calendar arithmetic', () => {
  it('adds days across months, years and leap days', () => {
    expect(addCalendarDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addCalendarDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addCalendarDays('2025-03-10', -6)).toBe('2025-03-04');
    expect(addCalendarDays('2025-03-10', 0)).toBe('2025-03-10');
  });

  it('gives a day at noon UTC for calendar libraries', () => {
    expect(calendarNoon('2026-11-27').toISOString()).toBe('2026-11-27T12:00:00.000Z');
  });
});

describe('the court’s business days (national and Minas Gerais holidays)', () => {
  it('skip weekends and holidays', () => {
    // Friday 2026-11-13 + 1 = Monday 2026-11-16; across Christmas (Friday 2026-12-25).
    expect(addBusinessDays('2026-11-13', 1)).toBe('2026-11-16');
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-28');
    // 21 April (Tiradentes) is a national holiday and, in Minas Gerais, its state's date too.
    expect(addBusinessDays('2026-04-20', 1)).toBe('2026-04-22');
  });

  it('count the days between two days, negative when the second comes first', () => {
    expect(businessDaysBetween('2026-11-13', '2026-11-16')).toBe(1);
    expect(businessDaysBetween('2026-11-16', '2026-11-13')).toBe(-1);
    expect(businessDaysBetween('2026-12-24', '2026-12-28')).toBe(1);
    expect(businessDaysBetween('2026-11-16', '2026-11-16')).toBe(0);
  });

  it('refuse what is not a day, and years whose holidays are unknown', () => {
    expect(addBusinessDays('not a day', 1)).toBeNull();
    expect(addBusinessDays('2099-12-28', 7)).toBeNull();
  });
});

/** Every source file under the code's folders (not the tests, which write expected instants by hand). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one calendar', () => {
  const root = join(import.meta.dirname, '../../..');
  const files = ['domain', 'lambdas', 'frontend/src', 'local', 'lib', 'scripts']
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }))
    .filter(({ path }) => path !== 'domain/sao-paulo-calendar.ts');

  it('is the only module that asks Intl for a date or names the zone', () => {
    expect(files.length).toBeGreaterThan(100);
    const others = files.filter(({ text }) => /Intl\.DateTimeFormat|America\/Sao_Paulo/.test(text));
    expect(others.map(({ path }) => path)).toEqual([]);
    expect(TIME_ZONE).toBe('America/Sao_Paulo');
  });

  it('leaves no São Paulo offset written by hand', () => {
    const offsets = files.filter(({ text }) => /[-−]0[23]:?00\b/.test(text));
    expect(offsets.map(({ path }) => path)).toEqual([]);
  });
});

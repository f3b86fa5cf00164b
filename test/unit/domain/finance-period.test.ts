import { describe, expect, it } from 'vitest';
import {
  dayRangeProblem,
  daysInRange,
  daysOf,
  FINANCE_PERIOD_MESSAGES,
  formatDayRange,
  isCalendarDay,
  isInRange,
  periodChoiceParams,
  presetRange,
  rangeInstants,
  readPeriodChoice,
  resolvePeriod,
} from '../../../domain/finance-period.js';

describe('São Paulo day ranges', () => {
  it('turns a range into instants: its first instant included, the next day’s first excluded', () => {
    const instants = rangeInstants({ from: '2025-11-01', to: '2025-11-30' });
    expect(instants).toEqual({ start: '2025-11-01T03:00:00.000Z', end: '2025-12-01T03:00:00.000Z' });
    expect(isInRange('2025-11-01T03:00:00.000Z', instants)).toBe(true);
    expect(isInRange('2025-12-01T02:59:59.999Z', instants)).toBe(true);
    expect(isInRange('2025-12-01T03:00:00.000Z', instants)).toBe(false);
    expect(isInRange('2025-11-01T02:59:59.999Z', instants)).toBe(false);
  });

  it('lists and counts the days of a range', () => {
    expect(daysOf({ from: '2025-02-27', to: '2025-03-02' })).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
    expect(daysInRange({ from: '2025-11-05', to: '2025-11-05' })).toBe(1);
    expect(daysInRange({ from: '2024-01-01', to: '2024-12-31' })).toBe(366);
    expect(daysOf({ from: '2025-11-05', to: '2025-11-04' })).toEqual([]);
  });

  it('knows which days exist', () => {
    expect(isCalendarDay('2024-02-29')).toBe(true);
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2025-13-01')).toBe(false);
    expect(isCalendarDay('2025-04-31')).toBe(false);
    expect(isCalendarDay('2025-4-1')).toBe(false);
    expect(isCalendarDay('01/04/2025')).toBe(false);
    expect(isCalendarDay('2025-04-01T00:00')).toBe(false);
  });
});

describe('the period presets, from São Paulo’s today', () => {
  // 23:30 on 31 Oct in São Paulo is already 1 Nov in UTC.
  const lateOnHalloween = new Date('2025-11-01T02:30:00.000Z');

  it("'Hoje' is today in São Paulo", () => {
    expect(presetRange('hoje', lateOnHalloween)).toEqual({ from: '2025-10-31', to: '2025-10-31' });
  });

  it("'7 dias' is today and the six days before, across a month", () => {
    expect(presetRange('7dias', new Date('2025-03-03T15:00:00.000Z'))).toEqual({
      from: '2025-02-25',
      to: '2025-03-03',
    });
    expect(daysInRange(presetRange('7dias', lateOnHalloween))).toBe(7);
  });

  it("'Este mês' runs from the first of São Paulo’s month to today", () => {
    expect(presetRange('mes', lateOnHalloween)).toEqual({ from: '2025-10-01', to: '2025-10-31' });
    expect(presetRange('mes', new Date('2025-11-01T03:00:00.000Z'))).toEqual({ from: '2025-11-01', to: '2025-11-01' });
    expect(presetRange('mes', new Date('2026-01-01T02:59:00.000Z'))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});

describe('a custom period', () => {
  it('needs both days, real ones, in order, within a year', () => {
    expect(dayRangeProblem('2025-11-01', '2025-11-30')).toBeNull();
    expect(dayRangeProblem('2025-11-01', '2025-11-01')).toBeNull();
    expect(dayRangeProblem(undefined, '2025-11-30')).toBe(FINANCE_PERIOD_MESSAGES.bothDays);
    expect(dayRangeProblem('2025-11-01', '')).toBe(FINANCE_PERIOD_MESSAGES.bothDays);
    expect(dayRangeProblem('2025-02-30', '2025-03-01')).toBe(FINANCE_PERIOD_MESSAGES.invalidDay);
    expect(dayRangeProblem('2025-11-02', '2025-11-01')).toBe(FINANCE_PERIOD_MESSAGES.reversed);
    expect(dayRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(dayRangeProblem('2024-01-01', '2025-01-01')).toBe(FINANCE_PERIOD_MESSAGES.tooLong);
    expect(FINANCE_PERIOD_MESSAGES.tooLong).toBe('O período pode ter no máximo 366 dias.');
  });
});

describe('the period in the URL', () => {
  const now = new Date('2025-11-20T12:00:00.000Z');
  const read = (search: string) => readPeriodChoice(new URLSearchParams(search));

  it('opens on this month, and an unknown period is this month too', () => {
    expect(read('')).toEqual({ period: 'mes' });
    expect(read('periodo=ontem')).toEqual({ period: 'mes' });
    expect(periodChoiceParams({ period: 'mes' })).toEqual({});
  });

  it('keeps a preset and a custom range through a reload', () => {
    for (const choice of [
      { period: 'hoje' as const },
      { period: '7dias' as const },
      { period: 'personalizado' as const, from: '2025-10-01', to: '2025-10-15' },
    ]) {
      expect(read(new URLSearchParams(periodChoiceParams(choice)).toString())).toEqual(choice);
    }
    // A preset ignores stray days.
    expect(read('periodo=hoje&de=2025-01-01&ate=2025-01-02')).toEqual({ period: 'hoje' });
  });

  it('resolves a choice to its days, or to what is wrong with it', () => {
    expect(resolvePeriod({ period: 'hoje' }, now)).toEqual({ range: { from: '2025-11-20', to: '2025-11-20' } });
    expect(resolvePeriod({ period: 'personalizado', from: '2025-10-01', to: '2025-10-15' }, now)).toEqual({
      range: { from: '2025-10-01', to: '2025-10-15' },
    });
    expect(resolvePeriod({ period: 'personalizado', from: '2025-10-01' }, now)).toEqual({
      problem: FINANCE_PERIOD_MESSAGES.bothDays,
    });
    expect(periodChoiceParams({ period: 'personalizado', from: '2025-10-01' })).toEqual({
      periodo: 'personalizado',
      de: '2025-10-01',
    });
  });

  it('writes a period in pt-BR', () => {
    expect(formatDayRange({ from: '2025-11-01', to: '2025-11-30' })).toBe('01/11/2025 a 30/11/2025');
    expect(formatDayRange({ from: '2025-11-20', to: '2025-11-20' })).toBe('20/11/2025');
  });
});

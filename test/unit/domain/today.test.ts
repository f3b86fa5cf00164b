import { describe, expect, it } from 'vitest';
import { filingDeadlineLabel, TODAY_MESSAGES, TODAY_QUEUE_IDS, TODAY_QUEUES } from '../../../domain/today.js';

// Tuesday 10 March 2020, 12:00 in São Paulo.
const NOW = new Date('2020-03-10T15:00:00Z');
const forecast = (day: string) => new Date(`${day}T12:00:00Z`);

describe("'Hoje': a paid process against its filing forecast", () => {
  it('counts business days left, says when it is due today, and is late from the morning after', () => {
    expect(filingDeadlineLabel(forecast('2020-03-12'), NOW)).toEqual({
      label: TODAY_MESSAGES.businessDaysLeft(2),
      late: false,
    });
    expect(filingDeadlineLabel(forecast('2020-03-10'), NOW)).toEqual({ label: TODAY_MESSAGES.dueToday, late: false });
    expect(filingDeadlineLabel(forecast('2020-03-09'), NOW)).toEqual({ label: TODAY_MESSAGES.lateBy(1), late: true });
  });

  it("skips the weekend and the court's holidays (Tiradentes, 21 April)", () => {
    // Friday 17 April 2020 → Wednesday 22 April: Monday 20 and Wednesday 22; Tuesday 21 is a holiday.
    const friday = new Date('2020-04-17T15:00:00Z');
    expect(filingDeadlineLabel(forecast('2020-04-22'), friday).label).toBe(TODAY_MESSAGES.businessDaysLeft(2));
  });
});

describe("'Hoje''s queues", () => {
  it('each has its words, its filtered list and a menu entry', () => {
    for (const id of TODAY_QUEUE_IDS) {
      expect(TODAY_QUEUES[id].href).toMatch(/^\/admin/);
      expect(TODAY_QUEUES[id].title.length).toBeGreaterThan(3);
    }
  });
});

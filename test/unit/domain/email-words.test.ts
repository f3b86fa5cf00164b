import { describe, expect, it } from 'vitest';
import { firstName } from '../../../domain/first-name.js';
import { refundExpectedBy } from '../../../domain/withdrawal.js';

describe('firstName', () => {
  it('greets by the first word of the name, as the dashboard does', () => {
    expect(firstName('  Maria da Conceição Souza ')).toBe('Maria');
    expect(firstName('José')).toBe('José');
    expect(firstName('   ')).toBeNull();
    expect(firstName('\u200B')).toBeNull();
  });
});

describe('refundExpectedBy', () => {
  it('is 7 business days after the São Paulo day the refund was asked, skipping weekends and holidays', () => {
    // Thursday 26/11/2026 → Monday 07/12/2026 (two weekends skipped).
    expect(refundExpectedBy(new Date('2026-11-26T15:00:00.000Z')).toISOString().slice(0, 10)).toBe('2026-12-07');
    // 23:30 in São Paulo on Friday 27/11 is Saturday in UTC: still counted from Friday.
    expect(refundExpectedBy(new Date('2026-11-28T02:30:00.000Z')).toISOString().slice(0, 10)).toBe('2026-12-08');
    // Across Christmas (25/12, a Friday): Tuesday 22/12 → Friday 01/01 is a holiday too → Monday 04/01/2027.
    expect(refundExpectedBy(new Date('2026-12-22T15:00:00.000Z')).toISOString().slice(0, 10)).toBe('2027-01-04');
  });
});

import { describe, expect, it } from 'vitest';
import { ERASURE_PROTOCOL_PATTERN, erasureRetention, newErasureProtocol } from '../../../domain/data-rights.js';

const now = new Date('2026-11-24T15:00:00.000Z');
const contract = (overrides: { assinado_em?: string | null; cancelado_em?: string | null } = {}) => ({
  id: 'c1',
  assinado_em: '2026-03-10T12:00:00.000Z',
  ...overrides,
});

describe('erasure protocol', () => {
  it('is LGPD, the São Paulo day and 40 random bits in Crockford base32', () => {
    const protocol = newErasureProtocol(
      new Date('2026-01-01T02:00:00.000Z'),
      () => new Uint8Array([255, 255, 255, 255, 255]),
    );
    // 02:00 UTC on 1 January is still 31 December in São Paulo.
    expect(protocol).toBe('LGPD-20251231-ZZZZZZZZ');
    expect(newErasureProtocol(now, () => new Uint8Array([0, 0, 0, 0, 33]))).toBe('LGPD-20261124-00000011');
    expect(protocol).toMatch(ERASURE_PROTOCOL_PATTERN);
  });
});

describe('erasure retention', () => {
  it('keeps nothing without a signed contract or a payment', () => {
    expect(
      erasureRetention(
        {
          contracts: [contract({ assinado_em: null })],
          charges: [{ status: 'PENDING', updated_at: now.toISOString() }],
          processes: [],
        },
        now,
      ),
    ).toEqual({ retainedUntil: null, reasons: [] });
  });

  it('keeps a signed contract 5 years after the relationship ended (its process ended, or its cancellation)', () => {
    const ended = erasureRetention(
      {
        contracts: [contract()],
        charges: [],
        processes: [{ contrato_id: 'c1', status: 'encerrado', updated_at: '2026-05-02T10:00:00.000Z' }],
      },
      now,
    );
    expect(ended.retainedUntil).toBe('2031-05-02T10:00:00.000Z');
    const cancelled = erasureRetention(
      { contracts: [contract({ cancelado_em: '2026-03-12T00:00:00.000Z' })], charges: [], processes: [] },
      now,
    );
    expect(cancelled.retainedUntil).toBe('2031-03-12T00:00:00.000Z');
  });

  it('counts a running process from today', () => {
    const running = erasureRetention(
      {
        contracts: [contract()],
        charges: [],
        processes: [{ contrato_id: 'c1', status: 'peticionado', updated_at: '2026-04-01T00:00:00.000Z' }],
      },
      now,
    );
    expect(running.retainedUntil).toBe('2031-11-24T15:00:00.000Z');
  });

  it('keeps a payment, even refunded, until 1 January five years after the next one (CTN art. 173)', () => {
    const refunded = erasureRetention(
      {
        contracts: [],
        charges: [{ status: 'REFUNDED', paid_at: '2026-02-01T00:00:00.000Z', updated_at: '2026-02-03T00:00:00.000Z' }],
        processes: [],
      },
      now,
    );
    expect(refunded.retainedUntil).toBe('2032-01-01T00:00:00.000Z');
    expect(refunded.reasons).toHaveLength(1);
  });

  it('lets the erasure go once the dates have passed', () => {
    const later = new Date('2033-01-02T00:00:00.000Z');
    const old = erasureRetention(
      {
        contracts: [contract({ cancelado_em: '2026-03-12T00:00:00.000Z' })],
        charges: [{ status: 'RECEIVED', paid_at: '2026-03-11T00:00:00.000Z', updated_at: '2026-03-11T00:00:00.000Z' }],
        processes: [],
      },
      later,
    );
    expect(old.retainedUntil).toBeNull();
    expect(old.reasons).toHaveLength(2);
  });
});

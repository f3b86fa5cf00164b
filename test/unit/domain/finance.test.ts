import { describe, expect, it } from 'vitest';
import { canChargeMove, CHARGE_STATUSES, type ChargeStatus } from '../../../domain/charge-status.js';
import { financeCountText } from '../../../domain/messages.js';
import {
  asaasFeeCents,
  fillFinanceDays,
  financeDayDeltas,
  formatPixValidUntil,
  fromCents,
  netCents,
  pixValidUntil,
  receiptsSummary,
  toCents,
  type FinanceDayDeltas,
} from '../../../domain/finance.js';

const V = 39_900;

describe('what a charge’s move adds to its day (Recebido, Estornado)', () => {
  it('counts money arriving as received, once', () => {
    expect(financeDayDeltas('PENDING', 'RECEIVED', V)).toEqual({ received_cents: V, received_count: 1 });
    expect(financeDayDeltas('OVERDUE', 'CONFIRMED', V)).toEqual({ received_cents: V, received_count: 1 });
    expect(financeDayDeltas('DELETED', 'RECEIVED', V)).toEqual({ received_cents: V, received_count: 1 });
    expect(financeDayDeltas('AWAITING_RISK_ANALYSIS', 'CONFIRMED', V)).toEqual({
      received_cents: V,
      received_count: 1,
    });
  });

  it('changes nothing for moves between paid statuses or between unpaid ones', () => {
    expect(financeDayDeltas('CONFIRMED', 'RECEIVED', V)).toEqual({});
    expect(financeDayDeltas('PENDING', 'OVERDUE', V)).toEqual({});
    expect(financeDayDeltas('PENDING', 'AWAITING_RISK_ANALYSIS', V)).toEqual({});
    expect(financeDayDeltas('OVERDUE', 'DELETED', V)).toEqual({});
    expect(financeDayDeltas('REFUND_REQUESTED', 'REFUNDED', V)).toEqual({});
    expect(financeDayDeltas(null, 'PENDING', V)).toEqual({});
  });

  it('counts money going back as refunded, keeping it received', () => {
    expect(financeDayDeltas('RECEIVED', 'REFUND_REQUESTED', V)).toEqual({ refunded_cents: V, refunded_count: 1 });
    expect(financeDayDeltas('CONFIRMED', 'REFUNDED', V)).toEqual({ refunded_cents: V, refunded_count: 1 });
    expect(financeDayDeltas('RECEIVED', 'CHARGEBACK_REQUESTED', V)).toEqual({ refunded_cents: V, refunded_count: 1 });
  });

  it('undoes on the day of the undo: a refund denied or a chargeback won, a cash payment undone', () => {
    expect(financeDayDeltas('REFUND_REQUESTED', 'RECEIVED', V)).toEqual({ refunded_cents: -V, refunded_count: -1 });
    expect(financeDayDeltas('AWAITING_CHARGEBACK_REVERSAL', 'RECEIVED', V)).toEqual({
      refunded_cents: -V,
      refunded_count: -1,
    });
    expect(financeDayDeltas('RECEIVED_IN_CASH', 'PENDING', V)).toEqual({ received_cents: -V, received_count: -1 });
  });

  it('counts a charge written already paid as received', () => {
    expect(financeDayDeltas(null, 'RECEIVED', V)).toEqual({ received_cents: V, received_count: 1 });
    expect(financeDayDeltas(null, 'REFUNDED', V)).toEqual({
      received_cents: V,
      received_count: 1,
      refunded_cents: V,
      refunded_count: 1,
    });
  });

  it('adds up, over any life a charge may have, to where the charge stands, its fee with it', () => {
    // Every path of up to 5 moves the charge's life allows, from its creation as PENDING; Asaas keeps FEE of it.
    const FEE = 199;
    const add = (sum: Required<FinanceDayDeltas>, deltas: FinanceDayDeltas) => ({
      received_cents: sum.received_cents + (deltas.received_cents ?? 0),
      received_count: sum.received_count + (deltas.received_count ?? 0),
      refunded_cents: sum.refunded_cents + (deltas.refunded_cents ?? 0),
      refunded_count: sum.refunded_count + (deltas.refunded_count ?? 0),
      fee_cents: sum.fee_cents + (deltas.fee_cents ?? 0),
    });
    const zero = { received_cents: 0, received_count: 0, refunded_cents: 0, refunded_count: 0, fee_cents: 0 };
    let paths: { status: ChargeStatus; sum: Required<FinanceDayDeltas> }[] = [
      { status: 'PENDING', sum: add(zero, financeDayDeltas(null, 'PENDING', V, FEE)) },
    ];
    let checked = 0;
    for (let step = 0; step < 5; step += 1) {
      paths = paths.flatMap(({ status, sum }) =>
        CHARGE_STATUSES.filter((to) => to !== status && canChargeMove(status, to, { freshRead: true })).map((to) => ({
          status: to,
          sum: add(sum, financeDayDeltas(status, to, V, FEE)),
        })),
      );
      for (const { status, sum } of paths) {
        const paidOrReturned =
          ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'].includes(status) || /REFUND|CHARGEBACK/.test(status);
        const returned = /REFUND|CHARGEBACK/.test(status);
        expect(sum).toEqual({
          received_cents: paidOrReturned ? V : 0,
          received_count: paidOrReturned ? 1 : 0,
          refunded_cents: returned ? V : 0,
          refunded_count: returned ? 1 : 0,
          // A refund does not give Asaas's fee back: only an arrival undone does.
          fee_cents: paidOrReturned ? FEE : 0,
        });
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("Asaas's fee", () => {
  it('is the payment’s value less its netValue, in centavos, and unknown when Asaas does not say', () => {
    expect(asaasFeeCents({ value: 399, netValue: 397.01 })).toBe(199);
    expect(asaasFeeCents({ value: 74.84, netValue: 71.74 })).toBe(310);
    expect(asaasFeeCents({ value: 399 })).toBeNull();
    expect(asaasFeeCents({ value: 399, netValue: null })).toBeNull();
    expect(asaasFeeCents({ value: 399, netValue: 400 })).toBeNull();
  });

  it('leaves the net as received less refunded less fees', () => {
    expect(netCents({ received_cents: 39_900, refunded_cents: 39_900, fee_cents: 199 })).toBe(-199);
    expect(netCents({ received_cents: 128_700, refunded_cents: 39_900, fee_cents: 1_895 })).toBe(86_905);
  });
});

describe('money in centavos', () => {
  it('never drifts', () => {
    expect(toCents(399)).toBe(39_900);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1234.565)).toBe(123_457);
    expect(fromCents(39_900)).toBe(399);
    expect(fromCents(Array.from({ length: 1000 }, () => toCents(79.8)).reduce((a, b) => a + b, 0))).toBe(79_800);
  });
});

describe('the days of a period, for the chart', () => {
  it('fills the days without money with zeros, in order', () => {
    const days = fillFinanceDays(
      { from: '2025-11-29', to: '2025-12-02' },
      new Map([
        ['2025-11-30', { received_cents: 79_800, refunded_cents: 0 }],
        ['2025-12-02', { received_cents: 39_900, refunded_cents: 39_900 }],
      ]),
    );
    expect(days).toEqual([
      { day: '2025-11-29', received: 0, refunded: 0 },
      { day: '2025-11-30', received: 798, refunded: 0 },
      { day: '2025-12-01', received: 0, refunded: 0 },
      { day: '2025-12-02', received: 399, refunded: 399 },
    ]);
  });
});

describe("until when a PIX can be paid ('Válido até')", () => {
  it("reads Asaas's expirationDate as São Paulo time", () => {
    expect(pixValidUntil('2025-11-27 23:59:59', '2025-11-27')).toBe('2025-11-28T02:59:59.000Z');
    expect(pixValidUntil('2025-11-27 10:30:00', null)).toBe('2025-11-27T13:30:00.000Z');
    expect(pixValidUntil('2025-11-27T10:30', null)).toBe('2025-11-27T13:30:00.000Z');
  });

  it('falls back to the due date’s last second in São Paulo', () => {
    expect(pixValidUntil(null, '2025-11-27')).toBe('2025-11-28T02:59:59.000Z');
    expect(pixValidUntil('', '2025-12-31')).toBe('2026-01-01T02:59:59.000Z');
    expect(pixValidUntil('amanhã', '2025-11-27')).toBe('2025-11-28T02:59:59.000Z');
    expect(pixValidUntil('2025-11-27 25:00:00', '2025-11-27')).toBe('2025-11-28T02:59:59.000Z');
    for (const impossible of [
      '2025-11-27 24:00:00',
      '2025-11-27 10:60:00',
      '2025-11-27 10:00:60',
      'x2025-11-27 10:00',
    ]) {
      expect(pixValidUntil(impossible, '2025-11-26')).toBe('2025-11-27T02:59:59.000Z');
    }
    expect(pixValidUntil('2025-11-27 23:59:59', '2025-11-26')).toBe('2025-11-28T02:59:59.000Z');
    expect(pixValidUntil('2025-02-30 10:00:00', '2025-11-27')).toBe('2025-11-28T02:59:59.000Z');
  });

  it('is unknown when neither is readable', () => {
    expect(pixValidUntil(undefined, undefined)).toBeNull();
    expect(pixValidUntil(null, '27/11/2025')).toBeNull();
  });

  it("shows 'Válido até dd/mm/aaaa às HH:mm' in São Paulo", () => {
    expect(formatPixValidUntil('2025-11-28T02:59:59.000Z')).toBe('Válido até 27/11/2025 às 23:59');
    expect(formatPixValidUntil('2025-11-27T03:05:00.000Z')).toBe('Válido até 27/11/2025 às 00:05');
  });
});

describe("the chart's sentence and the figures' counts", () => {
  const day = (d: string, received: number) => ({ day: d, received, refunded: 0 });

  it('says the total, the days with receipts and the best day (the first of equal ones)', () => {
    expect(
      receiptsSummary([day('2025-11-11', 0), day('2025-11-12', 399), day('2025-11-13', 798), day('2025-11-14', 798)]),
    ).toBe('R$ 1.995,00 em 3 dias; maior dia: 13/11/2025 (R$ 798,00).');
    expect(receiptsSummary([day('2025-11-12', 79.8)])).toBe('R$ 79,80 em 1 dia; maior dia: 12/11/2025 (R$ 79,80).');
    expect(receiptsSummary([day('2025-11-12', 0.1), day('2025-11-13', 0.2)])).toBe(
      'R$ 0,30 em 2 dias; maior dia: 13/11/2025 (R$ 0,20).',
    );
  });

  it('says so when nothing was received', () => {
    expect(receiptsSummary([])).toBe('Nenhum recebimento no período.');
    expect(receiptsSummary([day('2025-11-12', 0), day('2025-11-13', -399)])).toBe('Nenhum recebimento no período.');
  });

  it('counts in words, singular for one, with pt-BR thousands', () => {
    expect(financeCountText('received', 1)).toBe('1 pagamento');
    expect(financeCountText('received', 0)).toBe('0 pagamentos');
    expect(financeCountText('refunded', 1)).toBe('1 estorno');
    expect(financeCountText('refunded', 2)).toBe('2 estornos');
    expect(financeCountText('pending', 1)).toBe('1 cobrança em aberto');
    expect(financeCountText('pending', 1200)).toBe('1.200 cobranças em aberto');
  });
});

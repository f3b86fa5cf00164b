import { describe, expect, it } from 'vitest';
import {
  canAdminMarkPaid,
  CHARGE_FILTER_LABELS,
  conversionRate,
  convertedChargeCount,
  formatConversionRate,
  pendingChargeCount,
} from '../../../domain/charge-status.js';

describe('conversion rate (spec 02 §9: paid ÷ all, 1 decimal)', () => {
  it('rounds to one decimal and shows it in pt-BR', () => {
    expect(conversionRate(1, 3)).toBe(33.3);
    expect(conversionRate(2, 3)).toBe(66.7);
    expect(conversionRate(0, 0)).toBe(0);
    expect(conversionRate(5, 5)).toBe(100);
    expect(formatConversionRate(conversionRate(1, 3))).toBe('33,3%');
    expect(formatConversionRate(0)).toBe('0,0%');
  });
});

describe("'Marcar pago' (spec 02 §4 and docs/decisions.md)", () => {
  it('forces CONFIRMED on an unpaid charge, also an overdue or removed one', () => {
    for (const status of ['PENDING', 'pending', 'AWAITING_RISK_ANALYSIS', 'OVERDUE', 'DELETED']) {
      expect(canAdminMarkPaid(status)).toBe(true);
    }
  });
  it('refuses a paid charge, and one whose money went back', () => {
    for (const status of [
      'CONFIRMED',
      'RECEIVED',
      'RECEIVED_IN_CASH',
      'REFUNDED',
      'REFUND_REQUESTED',
      'CHARGEBACK_REQUESTED',
    ]) {
      expect(canAdminMarkPaid(status)).toBe(false);
    }
  });
});

describe("'Pendentes' on /admin/financeiro", () => {
  it('counts the charges still waiting for their money: PENDING and AWAITING_RISK_ANALYSIS, not overdue or paid', () => {
    expect(pendingChargeCount({ PENDING: 3, AWAITING_RISK_ANALYSIS: 2, OVERDUE: 4, RECEIVED: 5, DELETED: 1 })).toBe(5);
    expect(pendingChargeCount({ RECEIVED: 1 })).toBe(0);
  });
});

describe('the conversion rate with refunds', () => {
  it('counts a charge paid and then refunded or disputed as converted, so money received never reads 0,0 %', () => {
    const charges = { paid: 0, byStatus: { REFUND_REQUESTED: 7, REFUNDED: 1, PENDING: 2, OVERDUE: 1 } };
    expect(convertedChargeCount(charges)).toBe(8);
    expect(formatConversionRate(conversionRate(convertedChargeCount(charges), 11))).toBe('72,7%');
    expect(convertedChargeCount({ paid: 2, byStatus: { RECEIVED: 2, CHARGEBACK_DISPUTE: 1, DELETED: 3 } })).toBe(3);
  });

  it("offers every charge status in the finance filter, 'Estorno solicitado' included", () => {
    expect(CHARGE_FILTER_LABELS.REFUND_REQUESTED).toBe('Estorno solicitado');
    for (const status of ['REFUND_IN_PROGRESS', 'CHARGEBACK_REQUESTED', 'CHARGEBACK_DISPUTE', 'DELETED'] as const) {
      expect(CHARGE_FILTER_LABELS[status], status).toBeTruthy();
    }
  });
});

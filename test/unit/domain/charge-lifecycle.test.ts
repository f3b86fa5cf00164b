import { describe, expect, it } from 'vitest';
import {
  canChargeMove,
  chargeStatusLabel,
  CHARGE_STATUSES,
  needsProviderCheck,
  paymentClass,
  RETURNED_CHARGE_STATUSES,
  type ChargeStatus,
} from '../../../domain/charge-status.js';

describe('canChargeMove (a charge only moves forward along its life)', () => {
  it.each([
    ['PENDING', 'RECEIVED'],
    ['PENDING', 'CONFIRMED'],
    ['PENDING', 'OVERDUE'],
    ['OVERDUE', 'RECEIVED'],
    ['CONFIRMED', 'RECEIVED'],
    ['RECEIVED', 'REFUNDED'],
    ['CONFIRMED', 'REFUNDED'],
    ['RECEIVED', 'REFUND_REQUESTED'],
    ['REFUND_REQUESTED', 'REFUNDED'],
    ['RECEIVED_IN_CASH', 'PENDING'],
  ])('%s → %s is allowed', (from, to) => {
    expect(canChargeMove(from as ChargeStatus, to)).toBe(true);
  });

  it.each([
    ['RECEIVED', 'PENDING', 'a late PAYMENT_CREATED after the payment'],
    ['RECEIVED', 'CONFIRMED', 'a late PAYMENT_CONFIRMED after the money landed'],
    ['RECEIVED', 'OVERDUE', 'a late PAYMENT_OVERDUE'],
    ['OVERDUE', 'PENDING', 'a late PAYMENT_CREATED after the due date'],
    ['REFUNDED', 'RECEIVED', 'anything after a refund'],
    ['REFUNDED', 'PENDING', 'anything after a refund'],
    ['PENDING', 'REFUNDED', 'a refund of nothing paid'],
    ['PENDING', 'PENDING', 'the same status'],
    ['RECEIVED', 'RECEIVED', 'the same status'],
    ['PENDING', 'SOMETHING_NEW', 'a status we do not know'],
    ['UNKNOWN', 'RECEIVED', 'from a status we do not know'],
  ])('%s → %s is refused (%s)', (from, to) => {
    // The rows are strings: 'UNKNOWN' stands for a stored status typed but never parsed.
    expect(canChargeMove(from as ChargeStatus, to)).toBe(false);
  });
});

describe('providerChargeStatus (what Asaas says → our status)', () => {
  it('reads a removed payment as DELETED, by its event or its flag, whatever status it kept', async () => {
    const { providerChargeStatus } = await import('../../../domain/charge-status.js');
    expect(providerChargeStatus({ status: 'PENDING' }, 'PAYMENT_DELETED')).toBe('DELETED');
    expect(providerChargeStatus({ status: 'OVERDUE', deleted: true })).toBe('DELETED');
    expect(providerChargeStatus({ status: 'received', deleted: false }, 'PAYMENT_RECEIVED')).toBe('RECEIVED');
  });
  it('starts a new charge where Asaas says, and a status no charge holds as PENDING (never stored as is)', async () => {
    const { initialChargeStatus } = await import('../../../domain/charge-status.js');
    expect(initialChargeStatus({ status: 'pending' })).toBe('PENDING');
    expect(initialChargeStatus({ status: 'CONFIRMED' })).toBe('CONFIRMED');
    expect(initialChargeStatus({ status: 'AWAITING_RISK_ANALYSIS' })).toBe('AWAITING_RISK_ANALYSIS');
    expect(initialChargeStatus({ status: 'PENDING', deleted: true })).toBe('DELETED');
    expect(initialChargeStatus({ status: 'DUNNING_REQUESTED' })).toBe('PENDING');
  });
  it('reads a status Asaas adds later as a move no charge makes, as it always did', () => {
    for (const from of CHARGE_STATUSES)
      expect(canChargeMove(from, 'DUNNING_REQUESTED', { freshRead: true })).toBe(false);
    expect(chargeStatusLabel('DUNNING_REQUESTED')).toBe('DUNNING_REQUESTED');
  });
  it('lets a won chargeback make the charge paid again, and keeps a deleted charge deleted', () => {
    expect(canChargeMove('CHARGEBACK_DISPUTE', 'AWAITING_CHARGEBACK_REVERSAL')).toBe(true);
    expect(canChargeMove('AWAITING_CHARGEBACK_REVERSAL', 'RECEIVED')).toBe(true);
    expect(canChargeMove('DELETED', 'PENDING')).toBe(false);
  });

  it('brings a removed charge back only on PAYMENT_RESTORED or a fresh read, never on a stale delivery', () => {
    expect(canChargeMove('DELETED', 'PENDING', { event: 'PAYMENT_CREATED' })).toBe(false);
    expect(canChargeMove('DELETED', 'PENDING', { event: 'PAYMENT_RESTORED' })).toBe(true);
    expect(canChargeMove('DELETED', 'OVERDUE', { event: 'PAYMENT_RESTORED' })).toBe(true);
    expect(canChargeMove('DELETED', 'PENDING', { freshRead: true })).toBe(true);
    expect(canChargeMove('REFUNDED', 'PENDING', { event: 'PAYMENT_RESTORED' })).toBe(false);
  });
  it('never ignores money: a removed charge that gets paid is paid, whatever the event', () => {
    expect(canChargeMove('DELETED', 'RECEIVED')).toBe(true);
    expect(canChargeMove('DELETED', 'CONFIRMED', { event: 'PAYMENT_CONFIRMED' })).toBe(true);
  });
  it('takes back a withdrawn or denied refund request only from a fresh read (Asaas sends no event for it)', () => {
    expect(canChargeMove('REFUND_REQUESTED', 'RECEIVED', { event: 'PAYMENT_RECEIVED' })).toBe(false);
    expect(canChargeMove('REFUND_REQUESTED', 'RECEIVED', { freshRead: true })).toBe(true);
    // A refund Asaas accepted and the bank then denied (PAYMENT_REFUND_DENIED): the money is back.
    expect(canChargeMove('REFUND_IN_PROGRESS', 'RECEIVED', { freshRead: true })).toBe(true);
    expect(canChargeMove('REFUND_IN_PROGRESS', 'RECEIVED', { event: 'PAYMENT_REFUND_DENIED' })).toBe(false);
    expect(canChargeMove('REFUNDED', 'RECEIVED', { freshRead: true })).toBe(false);
  });
});

describe('chargeStatusLabel', () => {
  it('gives every status a charge can be in a pt-BR label, never the provider’s raw value', () => {
    expect(CHARGE_STATUSES.length).toBeGreaterThan(10);
    for (const status of CHARGE_STATUSES) {
      expect(chargeStatusLabel(status), status).not.toBe(status);
      expect(chargeStatusLabel(status.toLowerCase()), status).toBe(chargeStatusLabel(status));
    }
    expect(chargeStatusLabel('AWAITING_RISK_ANALYSIS')).toBe('Em análise');
    expect(chargeStatusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });
});

describe('where the money of a charge stands, and which webhook claims are read back from Asaas', () => {
  it('classes every known status as paid, returned or unpaid', () => {
    expect(['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'].map(paymentClass)).toEqual(['paid', 'paid', 'paid']);
    expect(RETURNED_CHARGE_STATUSES.map(paymentClass)).toEqual(RETURNED_CHARGE_STATUSES.map(() => 'returned'));
    expect(['PENDING', 'AWAITING_RISK_ANALYSIS', 'OVERDUE', 'DELETED'].map(paymentClass)).toEqual(
      Array(4).fill('unpaid'),
    );
    expect(paymentClass('refunded')).toBe('returned');
  });

  it('reads back any claim into or out of money received, and takes unpaid moves from the body', () => {
    expect(needsProviderCheck('RECEIVED', 'PENDING')).toBe(true);
    expect(needsProviderCheck('RECEIVED', null)).toBe(true);
    expect(needsProviderCheck('REFUNDED', 'RECEIVED')).toBe(true);
    expect(needsProviderCheck('CHARGEBACK_REQUESTED', 'RECEIVED')).toBe(true);
    // Out of paid: a cash payment undone, or a stale PAYMENT_CREATED.
    expect(needsProviderCheck('PENDING', 'RECEIVED_IN_CASH')).toBe(true);
    expect(needsProviderCheck('OVERDUE', 'REFUND_IN_PROGRESS')).toBe(true);
    expect(needsProviderCheck('OVERDUE', 'PENDING')).toBe(false);
    expect(needsProviderCheck('DELETED', 'OVERDUE')).toBe(false);
    expect(needsProviderCheck('PENDING', null)).toBe(false);
  });

  it('reads back every card event and every move into or out of risk analysis (the card is decided there)', () => {
    expect(needsProviderCheck('AWAITING_RISK_ANALYSIS', 'PENDING')).toBe(true);
    expect(needsProviderCheck('PENDING', 'AWAITING_RISK_ANALYSIS')).toBe(true);
    expect(needsProviderCheck('AUTHORIZED', 'PENDING', 'PAYMENT_AUTHORIZED')).toBe(true);
    expect(needsProviderCheck('PENDING', 'PENDING', 'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED')).toBe(true);
    expect(needsProviderCheck('PENDING', 'PENDING', 'PAYMENT_UPDATED')).toBe(false);
  });

  it('ends a risk analysis back in PENDING only from a fresh read, never from a late PAYMENT_CREATED', () => {
    expect(canChargeMove('AWAITING_RISK_ANALYSIS', 'PENDING', { event: 'PAYMENT_CREATED' })).toBe(false);
    expect(canChargeMove('AWAITING_RISK_ANALYSIS', 'PENDING', { freshRead: true })).toBe(true);
  });
});

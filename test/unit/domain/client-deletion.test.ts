import { describe, expect, it } from 'vitest';
import { CHARGE_STATUSES } from '../../../domain/charge-status.js';
import { OPEN_PAYMENT_STATUSES, paymentAtDeletion } from '../../../domain/client-deletion.js';
import { ADMIN_CLIENT_MESSAGES, clientDeletedDescription } from '../../../domain/messages.js';

describe('what a client’s deletion does with each payment', () => {
  it.each(OPEN_PAYMENT_STATUSES)('removes an unpaid, still payable %s payment at Asaas', (status) => {
    expect(paymentAtDeletion({ status })).toBe('open');
    expect(paymentAtDeletion({ status: status.toLowerCase() })).toBe('open');
  });

  it('leaves a payment removed already or refunded in full: no money with us', () => {
    expect(paymentAtDeletion({ status: 'PENDING', deleted: true })).toBe('closed');
    expect(paymentAtDeletion({ status: 'RECEIVED', deleted: true })).toBe('closed');
    expect(paymentAtDeletion({ status: 'DELETED' })).toBe('closed');
    expect(paymentAtDeletion({ status: 'REFUNDED' })).toBe('closed');
  });

  it.each([
    'RECEIVED',
    'CONFIRMED',
    'RECEIVED_IN_CASH',
    'REFUND_REQUESTED',
    'REFUND_IN_PROGRESS',
    'CHARGEBACK_REQUESTED',
    'CHARGEBACK_DISPUTE',
    'AWAITING_CHARGEBACK_REVERSAL',
  ])('refuses while %s: money received, or on its way back', (status) => {
    expect(paymentAtDeletion({ status })).toBe('money');
  });

  it('treats a status it does not know as money (refused), never as open or closed', () => {
    expect(paymentAtDeletion({ status: 'DUNNING_REQUESTED' })).toBe('money');
  });

  it('has a decision for every status of a charge’s life', () => {
    for (const status of CHARGE_STATUSES) {
      expect(['open', 'closed', 'money'], status).toContain(paymentAtDeletion({ status }));
    }
    const money = CHARGE_STATUSES.filter((status) => paymentAtDeletion({ status }) === 'money');
    expect(money).not.toContain('PENDING');
    expect(money).toContain('RECEIVED');
  });
});

describe('the deletion’s words', () => {
  it('names the payments that keep a client, and says nothing was deleted', () => {
    const message = ADMIN_CLIENT_MESSAGES.deleteRefusedPaid(['protocolo 20260101-0001', 'cobrança pay_1 no Asaas']);
    expect(message).toContain('(protocolo 20260101-0001, cobrança pay_1 no Asaas)');
    expect(message).toContain('Estorne-o em Financeiro');
    expect(message).toMatch(/Nada foi excluído\.$/);
  });

  it('adds the open charges cancelled at Asaas to the spec’s counts, in the singular and the plural', () => {
    const counts = { deleted_contracts: 1, deleted_processes: 1, deleted_referrals: 0 };
    expect(clientDeletedDescription(counts)).toBe('1 contrato, 1 processo e 0 indicações excluídos.');
    expect(clientDeletedDescription({ ...counts, removed_payments: 0 })).toBe(
      '1 contrato, 1 processo e 0 indicações excluídos.',
    );
    expect(clientDeletedDescription({ ...counts, removed_payments: 1 })).toBe(
      '1 contrato, 1 processo e 0 indicações excluídos. 1 cobrança em aberto cancelada no Asaas.',
    );
    expect(clientDeletedDescription({ ...counts, removed_payments: 2 })).toBe(
      '1 contrato, 1 processo e 0 indicações excluídos. 2 cobranças em aberto canceladas no Asaas.',
    );
  });
});

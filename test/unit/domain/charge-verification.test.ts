import { describe, expect, it } from 'vitest';
import { verificationMessage } from '../../../domain/charge-status.js';
import { chargeMethod, PAYMENT_METHOD_LABELS } from '../../../domain/payment-methods.js';

describe("'Verificar' in words that fit the charge", () => {
  it('never calls a refund under way "not received yet"', () => {
    const message = verificationMessage({
      from: 'REFUND_REQUESTED',
      status: 'REFUND_REQUESTED',
      providerStatus: 'REFUND_REQUESTED',
      moved: false,
    });
    expect(message).toBe('O estorno está em andamento no Asaas. Nada mudou.');
    expect(message).not.toContain('ainda não foi recebido');
  });

  it('names both statuses of a move, and both sides when Asaas says what the charge cannot take', () => {
    expect(verificationMessage({ from: 'PENDING', status: 'RECEIVED', providerStatus: 'RECEIVED', moved: true })).toBe(
      'O Asaas informa: Pago. A cobrança passou de Pendente para Pago.',
    );
    expect(
      verificationMessage({ from: 'REFUNDED', status: 'REFUNDED', providerStatus: 'received', moved: false }),
    ).toBe('O Asaas informa: Pago. A cobrança continua Estornado; confira em Divergências.');
  });

  it('says what each standing status means when nothing moved', () => {
    const still = (status: string) =>
      verificationMessage({ from: status, status, providerStatus: status, moved: false });
    expect(still('PENDING')).toBe('O pagamento ainda não foi recebido.');
    expect(still('CONFIRMED')).toBe('O Asaas confirma o pagamento. Nada mudou.');
    expect(still('OVERDUE')).toBe('O PIX venceu sem pagamento.');
    expect(still('REFUNDED')).toBe('O pagamento foi estornado ao pagador. Nada mudou.');
  });
});

describe('the method of a charge', () => {
  it("reads 'manual' when an admin recorded the payment, PIX otherwise", () => {
    const manual = { pagamento_manual: { valor: 399, data: '2026-11-26', motivo: 'TED', por: 'a@b', em: 'x' } };
    expect(chargeMethod(manual)).toBe('manual');
    expect(chargeMethod({ pagamento_manual: null })).toBe('pix');
    expect(PAYMENT_METHOD_LABELS[chargeMethod(manual)]).toBe('Manual');
  });
});

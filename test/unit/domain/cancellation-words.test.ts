import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { contractClauses } from '../../../domain/contract-text.js';
import { faqEntries } from '../../../domain/faq.js';
import { EMAIL_RECEIPT_MESSAGES, WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import {
  CARD_REFUND_BUSINESS_DAYS,
  CHECKOUT_METHODS,
  PAYMENT_METHODS,
  REFUND_ROUTES,
} from '../../../domain/payment-methods.js';
import { CANCELLATION_WINDOW_DAYS, REFUND_BUSINESS_DAYS } from '../../../domain/deadlines.js';
import { withdrawalEmail, withdrawalMoneyLine } from '../../../lambdas/contracts/withdrawal-emails.js';

const clause7 = (forma_pagamento: 'pix' | 'gratuito') =>
  contractClauses({ valor: 399, protocolo: 'LM2026112600001', forma_pagamento }, EXAMPLE_COMPANY)
    .find((clause) => clause.number === 7)!
    .paragraphs.join(' ');

describe('cancellation and refund say the same everywhere (contract clause 7, the dialog, the e-mail)', () => {
  it('the contract names the button, the window and the refund deadline the screens use', () => {
    const paid = clause7('pix');
    expect(paid).toContain(`'${WITHDRAWAL_MESSAGES.cancel}'`);
    expect(paid).toContain(`${CANCELLATION_WINDOW_DAYS} (sete) dias corridos da assinatura`);
    expect(paid).toContain('desde que o pedido judicial ainda não tenha sido protocolado');
    expect(paid).toContain(`é devolvido pelo PIX à conta de origem em até ${REFUND_BUSINESS_DAYS} (sete) dias úteis`);
    expect(paid).toContain('a cobrança em aberto (PIX, boleto ou cartão de crédito) é cancelada e nada é cobrado');
    // Each method is told what the server does with its money (a card plan refunded whole to the card).
    expect(paid).toContain(
      `o valor pago no cartão de crédito é estornado no mesmo cartão, com todas as parcelas, e aparece na fatura em até ${CARD_REFUND_BUSINESS_DAYS} (dez) dias úteis`,
    );
    expect(paid).toContain(
      'o valor pago por boleto é devolvido por transferência bancária à conta indicada pelo pagador',
    );
    expect(paid).not.toMatch(/reembolso[^.]*pelo PIX[^.]*cartão/);
    // A free renewal promises no refund, only its benefit back, as the dialog says.
    expect(clause7('gratuito')).not.toContain('estorno');
    expect(clause7('gratuito')).toContain('renovação gratuita volta a ficar disponível');
  });

  it('the FAQ says what each method gets back, in the contract’s words, PIX’s as before', () => {
    const answer = faqEntries(EXAMPLE_COMPANY)
      .find((entry) => entry.id === 'desistencia')!
      .answer.join(' ');
    expect(answer).toContain(`é devolvido pelo PIX à conta de origem em até ${REFUND_BUSINESS_DAYS} dias úteis`);
    for (const method of CHECKOUT_METHODS) {
      const route = REFUND_ROUTES[method];
      expect(answer).toContain(
        `o valor pago ${route.paidWith} ${route.goesBack} em até ${route.businessDays} dias úteis`,
      );
      expect(clause7('pix')).toContain(`o valor pago ${route.paidWith} ${route.goesBack}`);
    }
    // No single price: a card or a boleto costs more than the PIX.
    expect(answer).not.toContain('R$ 399,00');
  });

  it('the cancel dialog, the screen after it and the e-mail promise a PIX the same deadline, never "alguns dias"', () => {
    // The PIX keeps its words, word for word.
    expect(WITHDRAWAL_MESSAGES.dialogRefund('pix')).toBe(
      'O estorno integral do valor pago é pedido na hora, e o valor volta para a conta de origem do PIX em até 7 dias úteis.',
    );
    expect(WITHDRAWAL_MESSAGES.cancelledRefund('pix')).toBe(
      'Pedimos o estorno do seu pagamento: o valor volta para a conta de origem do PIX em até 7 dias úteis.',
    );
    expect(withdrawalMoneyLine('refund-requested', 'pix')).toBe(
      'Pedimos o estorno integral do valor pago, que volta para a conta de origem do PIX em até 7 dias úteis.',
    );
    expect(withdrawalMoneyLine('in-progress', 'pix')).toBe(
      'O estorno do valor pago já está em andamento e volta para a conta de origem do PIX em até 7 dias úteis.',
    );
    expect(EMAIL_RECEIPT_MESSAGES.refundDestination('pix')).toBe('A conta de origem do PIX');
    for (const method of PAYMENT_METHODS) {
      const words = [
        WITHDRAWAL_MESSAGES.dialogRefund(method),
        WITHDRAWAL_MESSAGES.cancelledRefund(method),
        withdrawalMoneyLine('refund-requested', method),
        withdrawalMoneyLine('in-progress', method),
      ].join(' ');
      expect(words).not.toMatch(/alguns dias|quando ele for concluído/);
    }
    expect(WITHDRAWAL_MESSAGES.windowClosed).toContain(`${CANCELLATION_WINDOW_DAYS} dias corridos`);
  });

  it.each([
    ['cartao', 'o mesmo cartão de crédito (todas as parcelas)', 'O mesmo cartão de crédito (todas as parcelas)', 10],
    [
      'boleto',
      'a conta bancária indicada pelo pagador (por transferência)',
      'A conta bancária indicada pelo pagador (por transferência)',
      REFUND_BUSINESS_DAYS,
    ],
    // Money the team recorded by hand has no Asaas payment to reverse: it goes back by transfer, as a boleto's.
    [
      'manual',
      'a conta bancária indicada pelo pagador (por transferência)',
      'A conta bancária indicada pelo pagador (por transferência)',
      REFUND_BUSINESS_DAYS,
    ],
  ] as const)('a %s refund is told its own route, never the PIX’s', (method, destination, label, days) => {
    const clause = `volta para ${destination} em até ${days} dias úteis.`;
    expect(WITHDRAWAL_MESSAGES.dialogRefund(method)).toBe(
      `O estorno integral do valor pago é pedido na hora, e o valor ${clause}`,
    );
    expect(WITHDRAWAL_MESSAGES.cancelledRefund(method)).toBe(`Pedimos o estorno do seu pagamento: o valor ${clause}`);
    expect(withdrawalMoneyLine('refund-requested', method)).toBe(
      `Pedimos o estorno integral do valor pago, que ${clause}`,
    );
    expect(withdrawalMoneyLine('in-progress', method)).toBe(`O estorno do valor pago já está em andamento e ${clause}`);
    expect(EMAIL_RECEIPT_MESSAGES.refundDestination(method)).toBe(label);
    for (const text of [
      WITHDRAWAL_MESSAGES.dialogRefund(method),
      WITHDRAWAL_MESSAGES.cancelledRefund(method),
      withdrawalMoneyLine('refund-requested', method),
      withdrawalMoneyLine('in-progress', method),
    ]) {
      expect(text).not.toContain('PIX');
    }
  });

  it('the withdrawal e-mail tells the card plan its card and the card’s deadline', () => {
    // Cancelled on Thursday 26/11/2026 (São Paulo): 10 business days is Thursday 10/12/2026 (7 would be 07/12).
    const email = withdrawalEmail('https://app.example', {
      userName: 'Marina',
      protocolo: 'LM2026112600001',
      valor: 449,
      money: 'refund-requested',
      method: 'cartao',
      cancelledAt: '2026-11-26T15:00:00.000Z',
    });
    expect(email.html).toContain(withdrawalMoneyLine('refund-requested', 'cartao'));
    expect(email.html).toContain('O mesmo cartão de crédito (todas as parcelas)');
    expect(email.html).toContain('até 10/12/2026');
    expect(email.html).not.toContain('conta de origem do PIX');
    const pix = withdrawalEmail('https://app.example', {
      userName: 'Marina',
      protocolo: 'LM2026112600001',
      valor: 399,
      money: 'refund-requested',
      method: 'pix',
      cancelledAt: '2026-11-26T15:00:00.000Z',
    });
    expect(pix.html).toContain('A conta de origem do PIX');
    expect(pix.html).toContain('até 07/12/2026');
  });
});

import { describe, expect, it } from 'vitest';
import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { contractClauses } from '../../../domain/contract-text.js';
import { WITHDRAWAL_MESSAGES } from '../../../domain/messages.js';
import { CANCELLATION_WINDOW_DAYS, REFUND_BUSINESS_DAYS } from '../../../domain/deadlines.js';
import { WITHDRAWAL_MONEY_LINES } from '../../../lambdas/contracts/withdrawal-emails.js';

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
    expect(paid).toContain(`conta de origem do PIX em até ${REFUND_BUSINESS_DAYS} (sete) dias úteis`);
    expect(paid).toContain('a cobrança PIX em aberto é cancelada e nada é cobrado');
    // A free renewal promises no refund, only its benefit back, as the dialog says.
    expect(clause7('gratuito')).not.toContain('estorno');
    expect(clause7('gratuito')).toContain('renovação gratuita volta a ficar disponível');
  });

  it('the cancel dialog, the screen after it and the e-mail promise the same deadline, never "alguns dias"', () => {
    for (const text of [
      WITHDRAWAL_MESSAGES.dialogRefund,
      WITHDRAWAL_MESSAGES.cancelledRefund,
      WITHDRAWAL_MONEY_LINES['refund-requested'],
      WITHDRAWAL_MONEY_LINES['in-progress'],
    ]) {
      expect(text).toContain(`conta de origem do PIX em até ${REFUND_BUSINESS_DAYS} dias úteis`);
    }
    expect(Object.values(WITHDRAWAL_MESSAGES).join(' ')).not.toMatch(/alguns dias|quando ele for concluído/);
    expect(WITHDRAWAL_MESSAGES.windowClosed).toContain(`${CANCELLATION_WINDOW_DAYS} dias corridos`);
  });
});

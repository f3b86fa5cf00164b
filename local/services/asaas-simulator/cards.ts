import type { Account } from './account.js';
import { apiError, brl, PAYABLE, REFUNDABLE, saoPaulo, type Payment, type Reply } from './objects.js';
import type { WebhookQueue } from './webhook-queue.js';

/**
 * The card and boleto side of the simulated account. A card charge is paid on Asaas's own page (the product never sees
 * a card number): the page approves it, refuses it, or holds it for risk analysis, which then approves or reproves
 * it. A plan in instalments is one `installment` whose instalments are all confirmed at once (the card is charged the
 * whole amount, the money is credited month by month), refunded or removed together. A boleto has its typeable line
 * and a PDF.
 */

const DAY_MS = 86_400_000;

export type Cards = ReturnType<typeof createCards>;

export function createCards(account: Account, webhooks: WebhookQueue, log: (line: string) => void) {
  const { payments } = account;

  /** The payment and, when it belongs to a plan, every instalment of it in order. */
  function planOf(payment: Payment): Payment[] {
    if (!payment.installment) return [payment];
    return [...payments.values()]
      .filter((other) => other.installment === payment.installment)
      .sort((a, b) => (a.installmentNumber ?? 0) - (b.installmentNumber ?? 0));
  }

  function cardPayment(id: string, allowed: (payment: Payment) => boolean, what: string): Payment | Reply {
    const payment = payments.get(id);
    if (!payment || payment.deleted) return apiError('not_found', 'Cobrança não encontrada.', 404);
    if (payment.billingType !== 'CREDIT_CARD') {
      return apiError('invalid_action', 'Esta ação vale apenas para cobranças de cartão de crédito.');
    }
    if (!allowed(payment)) return apiError('invalid_action', `${what} (${payment.status}).`);
    return payment;
  }

  /** Every instalment of the plan takes `status` and sends `event`. */
  function moveAll(payment: Payment, status: string, event: string): Reply {
    const now = new Date();
    const today = saoPaulo(now).date;
    for (const instalment of planOf(payment)) {
      instalment.status = status;
      if (status === 'CONFIRMED') {
        // The card is charged in full today; each instalment is credited a month after the one before.
        const credit = saoPaulo(new Date(now.getTime() + 30 * DAY_MS * (instalment.installmentNumber ?? 1))).date;
        Object.assign(instalment, { confirmedDate: today, clientPaymentDate: today, estimatedCreditDate: credit });
        account.addToBalance(instalment.netValue);
      }
      webhooks.emit(event, instalment, now);
    }
    log(`asaas-simulator: card ${payment.installment ?? payment.id} → ${status} (${event})`);
    return { status: 200, body: payment };
  }

  const isPending = (payment: Payment) => PAYABLE.has(payment.status);
  const inRiskAnalysis = (payment: Payment) => payment.status === 'AWAITING_RISK_ANALYSIS';

  return {
    planOf,

    /** The page's 'Pagar com cartão': the issuer authorises it and every instalment is confirmed. */
    approve(id: string): Reply {
      const payment = cardPayment(id, isPending, 'Somente cobranças pendentes podem ser pagas');
      return 'object' in payment ? moveAll(payment, 'CONFIRMED', 'PAYMENT_CONFIRMED') : payment;
    },

    /** 'Cartão recusado': the issuer refuses the capture; the charge stays open for another card or method. */
    refuse(id: string): Reply {
      const payment = cardPayment(id, isPending, 'Somente cobranças pendentes podem ser recusadas');
      if (!('object' in payment)) return payment;
      log(`asaas-simulator: card ${payment.id} refused`);
      webhooks.emit('PAYMENT_CREDIT_CARD_CAPTURE_REFUSED', payment, new Date());
      return { status: 200, body: payment };
    },

    /** 'Enviar para análise de risco': Asaas holds the card payment for its manual review. */
    holdForRisk(id: string): Reply {
      const payment = cardPayment(id, isPending, 'Somente cobranças pendentes vão para análise de risco');
      return 'object' in payment
        ? moveAll(payment, 'AWAITING_RISK_ANALYSIS', 'PAYMENT_AWAITING_RISK_ANALYSIS')
        : payment;
    },

    /** 'Aprovar análise': the review passes and the card is charged. */
    approveRisk(id: string): Reply {
      const payment = cardPayment(id, inRiskAnalysis, 'Somente cobranças em análise de risco podem ser aprovadas');
      return 'object' in payment ? moveAll(payment, 'CONFIRMED', 'PAYMENT_APPROVED_BY_RISK_ANALYSIS') : payment;
    },

    /** 'Reprovar análise': the review fails; nothing is charged and the charge is open again. */
    reproveRisk(id: string): Reply {
      const payment = cardPayment(id, inRiskAnalysis, 'Somente cobranças em análise de risco podem ser reprovadas');
      return 'object' in payment ? moveAll(payment, 'PENDING', 'PAYMENT_REPROVED_BY_RISK_ANALYSIS') : payment;
    },

    /**
     * POST /v3/installments/{id}/refund: every confirmed or received instalment is refunded to the card (a card refund
     * is a reversal at the acquirer, not a transfer: it completes at once), each with PAYMENT_REFUNDED.
     */
    refundInstallment(installmentId: string): Reply {
      const plan = [...payments.values()].filter((payment) => payment.installment === installmentId);
      if (plan.length === 0) return apiError('not_found', 'Parcelamento não encontrado.', 404);
      const paid = plan.filter((payment) => REFUNDABLE.has(payment.status));
      if (paid.length === 0) {
        return apiError('invalid_action', 'Nenhuma parcela deste parcelamento pode ser estornada.');
      }
      const now = new Date();
      for (const payment of paid) {
        payment.status = 'REFUNDED';
        payment.refunds = [
          ...(payment.refunds ?? []),
          { dateCreated: saoPaulo(now).dateTime, status: 'DONE', value: payment.value, description: null },
        ];
        account.addToBalance(-payment.netValue);
        webhooks.emit('PAYMENT_REFUNDED', payment, now);
      }
      log(`asaas-simulator: installment ${installmentId} refunded (${paid.length} instalment(s))`);
      return { status: 200, body: { object: 'installment', id: installmentId, installmentCount: plan.length } };
    },

    /** DELETE /v3/installments/{id}: every unpaid instalment is removed. */
    deleteInstallment(installmentId: string): Reply {
      const plan = [...payments.values()].filter((payment) => payment.installment === installmentId);
      if (plan.length === 0 || plan.every((payment) => payment.deleted)) {
        return apiError('not_found', 'Parcelamento não encontrado.', 404);
      }
      if (plan.some((payment) => !payment.deleted && !PAYABLE.has(payment.status))) {
        return apiError('invalid_action', 'Não é possível remover um parcelamento com parcelas pagas ou em análise.');
      }
      for (const payment of plan) if (!payment.deleted) account.remove(payment.id, { wholePlan: true });
      return { status: 200, body: { deleted: true, id: installmentId } };
    },

    /** GET /v3/payments/{id}/identificationField: a boleto's typeable line (47 digits), its nosso número and barcode. */
    identificationField(payment: Payment): Reply {
      if (payment.billingType !== 'BOLETO') {
        return apiError('invalid_billingType', 'Somente cobranças por boleto possuem linha digitável.');
      }
      const digits = `${payment.nossoNumero ?? ''}${payment.id.replace(/\D/g, '')}`.padEnd(30, '7').slice(0, 30);
      const cents = String(Math.round(payment.value * 100)).padStart(10, '0');
      const barCode = `0019${digits.slice(0, 5)}${cents}${digits.slice(5, 30)}`.slice(0, 44);
      const field = `00190${digits.slice(0, 4)}1${digits.slice(4, 14)}2${digits.slice(14, 24)}3${'9'}${digits.slice(24, 28)}${cents}`;
      return {
        status: 200,
        body: { identificationField: field.slice(0, 47), nossoNumero: payment.nossoNumero, barCode },
      };
    },

    /** GET /b/<id>.pdf: a one-page PDF naming the boleto (enough for a person to see it open). */
    boletoPdf(payment: Payment): Buffer {
      const line = `Boleto ${payment.invoiceNumber} - ${brl.format(payment.value)} - vencimento ${payment.dueDate}`;
      const text = line.replace(/[()\\]/g, '').replace(/[^\x20-\x7e]/g, ' ');
      const stream = `BT /F1 14 Tf 50 780 Td (Asaas simulador local) Tj 0 -24 Td (${text}) Tj ET`;
      const objects = [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
        `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      ];
      let pdf = '%PDF-1.4\n';
      const offsets: number[] = [];
      objects.forEach((object, index) => {
        offsets.push(pdf.length);
        pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
      });
      const xref = pdf.length;
      pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
      pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
      pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
      return Buffer.from(pdf, 'latin1');
    },
  };
}

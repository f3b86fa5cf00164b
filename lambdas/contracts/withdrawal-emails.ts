import { formatDate } from '../../domain/dates.js';
import { EMAIL_RECEIPT_MESSAGES as RECEIPT } from '../../domain/messages.js';
import { formatBRL } from '../../domain/pricing.js';
import { REFUND_BUSINESS_DAYS } from '../../domain/deadlines.js';
import { refundExpectedBy, type SettlementOutcome } from '../../domain/withdrawal.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailFacts, emailLayout, markup } from '../shared/email-layout.js';

const MONEY_LINE: Record<SettlementOutcome | 'pending', string> = {
  'refund-requested': `Pedimos o estorno integral do valor pago, que volta para a conta de origem do PIX em até ${REFUND_BUSINESS_DAYS} dias úteis.`,
  removed: 'A cobrança PIX em aberto foi cancelada e não pode mais ser paga. Nada foi cobrado.',
  nothing: 'Não havia pagamento a estornar.',
  'in-progress': `O estorno do valor pago já está em andamento e volta para a conta de origem do PIX em até ${REFUND_BUSINESS_DAYS} dias úteis.`,
  refused:
    'O banco não aceitou o estorno automático do valor pago. Nossa equipe já foi avisada e vai devolver o valor; você não precisa fazer nada.',
  pending:
    'Ainda não conseguimos pedir o estorno do valor pago; tentaremos de novo, e você pode tentar pela página do contrato.',
};

/** The outcomes whose e-mail shows the refund: its amount, where it goes and by when. */
const REFUNDING: ReadonlySet<SettlementOutcome | 'pending'> = new Set(['refund-requested', 'in-progress', 'pending']);

/** To the customer: their contract is cancelled (withdrawal), and what happens to their money. */
export function withdrawalEmail(
  appUrl: string,
  data: {
    userName: string;
    protocolo: string;
    valor: number;
    money: SettlementOutcome | 'pending';
    cancelledAt: string;
  },
): OutgoingEmail {
  const refund = REFUNDING.has(data.money)
    ? emailFacts([
        [RECEIPT.refundAmount, formatBRL(data.valor)],
        [RECEIPT.refundTo, RECEIPT.refundDestination],
        [RECEIPT.refundBy, `até ${formatDate(refundExpectedBy(new Date(data.cancelledAt)).toISOString())}`],
      ])
    : null;
  return {
    subject: `Contrato cancelado — protocolo ${data.protocolo}`,
    html: emailLayout({
      title: 'Contrato cancelado',
      audience: 'customer',
      name: data.userName,
      body: markup`<p>O seu contrato de protocolo <strong>${data.protocolo}</strong> (${formatBRL(data.valor)}) foi cancelado a seu pedido, dentro do prazo de arrependimento, e o processo foi encerrado.</p>
<p>${MONEY_LINE[data.money]}</p>${refund}
${emailButton(new URL('/app/contrato', appUrl).toString(), 'Ver meu contrato')}`,
      reason: 'Você recebeu este e-mail porque cancelou um contrato na nossa plataforma.',
    }),
  };
}

export const WITHDRAWAL_MONEY_LINES = MONEY_LINE;

import { formatBRL } from '../../domain/pricing.js';
import type { SettlementOutcome } from '../../domain/withdrawal.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailShell, escapeHtml } from '../shared/email-layout.js';

const MONEY_LINE: Record<SettlementOutcome | 'pending', string> = {
  'refund-requested':
    'Pedimos ao banco o estorno integral do valor pago, que volta para a conta de origem do PIX em até alguns dias úteis.',
  removed: 'A cobrança PIX em aberto foi cancelada e não pode mais ser paga.',
  nothing: 'Não havia pagamento a estornar.',
  'in-progress': 'O estorno do valor pago está sendo pedido ao banco.',
  refused:
    'O banco não aceitou o estorno automático do valor pago. Nossa equipe já foi avisada e vai devolver o valor; você não precisa fazer nada.',
  pending:
    'Ainda não conseguimos pedir o estorno do valor pago ao banco; tentaremos de novo, e você pode tentar pela página do contrato.',
};

/** To the customer: their contract is cancelled (withdrawal), and what happens to their money. */
export function withdrawalEmail(
  appUrl: string,
  data: { userName: string; protocolo: string; valor: number; money: SettlementOutcome | 'pending' },
): OutgoingEmail {
  return {
    subject: `Contrato cancelado — protocolo ${data.protocolo}`,
    html: emailShell(
      'Contrato cancelado',
      `<p>Olá, ${escapeHtml(data.userName)}!</p>
<p>O seu contrato de protocolo <strong>${escapeHtml(data.protocolo)}</strong> (${escapeHtml(formatBRL(data.valor))}) foi cancelado a seu pedido, dentro do prazo de arrependimento, e o processo foi encerrado.</p>
<p>${escapeHtml(MONEY_LINE[data.money])}</p>
${emailButton(new URL('/app/contrato', appUrl).toString(), 'Ver meu contrato')}`,
      'Você recebeu este e-mail porque cancelou um contrato na nossa plataforma.',
    ),
  };
}

export const WITHDRAWAL_MONEY_LINES = MONEY_LINE;

import { chargeStatusLabel } from '../../domain/charge-status.js';
import { formatBRL } from '../../domain/pricing.js';
import type { OutgoingEmail } from '../providers/email.js';
import { ADMIN_EMAIL_REASON, emailButton, emailLayout, markup } from '../shared/email-layout.js';
import type { OrphanPayment } from '../shared/data/orphan-payments.js';

/** To the admins: Asaas received money for a charge we do not have; a person must find out whose and refund it. */
export function orphanPaymentEmail(appUrl: string, payment: OrphanPayment): OutgoingEmail {
  const value = payment.value === null ? 'valor não informado' : formatBRL(payment.value);
  return {
    subject: `Pagamento sem cobrança — ${payment.asaasId}`,
    html: emailLayout({
      title: 'Pagamento sem cobrança',
      audience: 'admin',
      body: markup`<p>O Asaas informou o pagamento <strong>${payment.asaasId}</strong> (${value}, situação ${chargeStatusLabel(payment.status)}), que não corresponde a nenhuma cobrança do sistema: o cliente pode ter sido excluído ou a cobrança pode ter sido criada manualmente no painel do Asaas.</p>
<p>Identifique o pagador no painel do Asaas${payment.asaasCustomer ? markup` (cliente ${payment.asaasCustomer})` : ''} e estorne o valor ou vincule-o ao cliente.</p>
${emailButton(new URL('/admin/financeiro', appUrl).toString(), 'Abrir Financeiro')}`,
      reason: ADMIN_EMAIL_REASON,
    }),
  };
}

import { chargeStatusLabel } from '../../domain/charge-status.js';
import { formatBRL } from '../../domain/pricing.js';
import type { AdminAlert } from '../shared/data/admin-alerts.js';
import type { OrphanPayment } from '../shared/data/orphan-payments.js';

/**
 * To the admins: Asaas received money for a charge we do not have; a person must find out whose and refund it. About
 * no customer of ours (the payment names none), so the alert has no `userId`.
 */
export function orphanPaymentAlert(payment: OrphanPayment): AdminAlert {
  const value = payment.value === null ? 'valor não informado' : formatBRL(payment.value);
  return {
    id: `pagamento-sem-cobranca#${payment.asaasId}`,
    userId: null,
    subject: `Pagamento sem cobrança — ${payment.asaasId}`,
    paragraphs: [
      `O Asaas informou o pagamento ${payment.asaasId} (${value}, situação ${chargeStatusLabel(payment.status)}), que não corresponde a nenhuma cobrança do sistema: o cliente pode ter sido excluído ou a cobrança pode ter sido criada manualmente no painel do Asaas.`,
      `Identifique o pagador no painel do Asaas${payment.asaasCustomer ? ` (cliente ${payment.asaasCustomer})` : ''} e estorne o valor ou vincule-o ao cliente.`,
    ],
    actionPath: '/admin/financeiro',
    actionLabel: 'Abrir Financeiro',
  };
}

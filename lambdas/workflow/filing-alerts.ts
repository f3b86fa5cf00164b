import { formatDate } from '../../domain/dates.js';
import type { AdminAlert } from '../shared/data/admin-alerts.js';

/**
 * To the admins: a paid process was not filed ('peticionado') by its forecast (spec 02 §9: 7 business days). Named by
 * its protocol only, as every admin alert (docs/decisions.md, Admin alerts and personal data).
 */
export function filingOverdueAlert(data: {
  processId: string;
  userId: string;
  protocolo: string;
  previsao: string;
}): AdminAlert {
  return {
    id: `prazo-de-protocolo#${data.processId}`,
    userId: data.userId,
    subject: `Prazo de protocolo vencido — ${data.protocolo}`,
    paragraphs: [
      `O processo de protocolo ${data.protocolo} foi pago e ainda não foi peticionado. A previsão de protocolo era ${formatDate(data.previsao)}.`,
      'Atualize o status do processo assim que a petição for protocolada.',
    ],
    actionPath: '/admin/processos',
    actionLabel: 'Abrir Processos',
  };
}

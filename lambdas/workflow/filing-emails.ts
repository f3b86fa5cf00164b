import { formatDate } from '../../domain/dates.js';
import type { OutgoingEmail } from '../providers/email.js';
import { ADMIN_EMAIL_FOOTER, emailButton, emailShell, escapeHtml } from '../shared/email-layout.js';

/** To the admins: a paid process was not filed ('peticionado') by its forecast (spec 02 §9: 7 business days). */
export function filingOverdueEmail(
  appUrl: string,
  data: { protocolo: string; cliente: string; previsao: string },
): OutgoingEmail {
  return {
    subject: `Prazo de protocolo vencido — ${data.protocolo}`,
    html: emailShell(
      'Processo não peticionado no prazo',
      `<p>O processo de protocolo <strong>${escapeHtml(data.protocolo)}</strong>, de ${escapeHtml(data.cliente)}, foi pago e ainda não foi peticionado. A previsão de protocolo era ${escapeHtml(formatDate(data.previsao))}.</p>
<p>Atualize o status do processo assim que a petição for protocolada.</p>
${emailButton(new URL('/admin/processos', appUrl).toString(), 'Abrir Processos')}`,
      ADMIN_EMAIL_FOOTER,
    ),
  };
}

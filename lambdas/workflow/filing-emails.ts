import { formatDate } from '../../domain/dates.js';
import type { OutgoingEmail } from '../providers/email.js';
import { ADMIN_EMAIL_REASON, emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** To the admins: a paid process was not filed ('peticionado') by its forecast (spec 02 §9: 7 business days). */
export function filingOverdueEmail(
  appUrl: string,
  data: { protocolo: string; cliente: string; previsao: string },
): OutgoingEmail {
  return {
    subject: `Prazo de protocolo vencido — ${data.protocolo}`,
    html: emailLayout({
      title: 'Processo não peticionado no prazo',
      audience: 'admin',
      body: markup`<p>O processo de protocolo <strong>${data.protocolo}</strong>, de ${data.cliente}, foi pago e ainda não foi peticionado. A previsão de protocolo era ${formatDate(data.previsao)}.</p>
<p>Atualize o status do processo assim que a petição for protocolada.</p>
${emailButton(new URL('/admin/processos', appUrl).toString(), 'Abrir Processos')}`,
      reason: ADMIN_EMAIL_REASON,
    }),
  };
}

import { CONTRACT_MESSAGES, DASHBOARD_MESSAGES } from '../../domain/messages.js';
import { statusLabel } from '../../domain/process-status.js';
import type { OutgoingEmail } from '../providers/email.js';
import type { StoredAdminAlert } from '../shared/data/admin-alerts.js';
import { ADMIN_EMAIL_FOOTER, emailButton, emailShell, escapeHtml } from '../shared/email-layout.js';

/** 'status-update' (spec 01 §7, 02 §4): the previous and new status names, and the note that came with the change. */
export function statusUpdateEmail(
  appUrl: string,
  data: { userName: string; protocolo: string; statusAnterior: string; novoStatus: string; observacoes: string | null },
): OutgoingEmail {
  const from = statusLabel(data.statusAnterior);
  const to = statusLabel(data.novoStatus);
  const note = data.observacoes ? `<p><strong>Observações:</strong> ${escapeHtml(data.observacoes)}</p>` : '';
  return {
    subject: `Atualização do processo ${data.protocolo}: ${to}`,
    html: emailShell(
      DASHBOARD_MESSAGES.statusUpdated,
      `<p>Olá, ${escapeHtml(data.userName)}!</p>
<p>O status do seu processo de protocolo <strong>${escapeHtml(data.protocolo)}</strong> mudou de <strong>${escapeHtml(from)}</strong> para <strong>${escapeHtml(to)}</strong>.</p>${note}
${emailButton(new URL('/app/dashboard', appUrl).toString(), CONTRACT_MESSAGES.followProcess)}`,
      'Você recebeu este e-mail porque tem um processo em andamento na nossa plataforma.',
    ),
  };
}

/** Pattern 49: an admin alert as its raiser wrote it, with a button to where it is settled. */
export function adminAlertEmail(appUrl: string, alert: StoredAdminAlert): OutgoingEmail {
  return {
    subject: alert.subject,
    html: emailShell(
      alert.subject,
      `${alert.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n')}
${emailButton(new URL(alert.actionPath, appUrl).toString(), alert.actionLabel)}`,
      ADMIN_EMAIL_FOOTER,
    ),
  };
}

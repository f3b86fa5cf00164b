import { formatDate } from '../../domain/dates.js';
import { DASHBOARD_MESSAGES } from '../../domain/messages.js';
import { formatVerificationCode } from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import type { EmailAttachment, OutgoingEmail } from '../providers/email.js';
import { emailButton, emailShell, escapeHtml } from '../shared/email-layout.js';

/**
 * The Nada Consta e-mail: sent to the e-mail on file (never to an address the request typed) each time one is issued,
 * with the PDF attached and the verification link.
 */
export function nadaConstaEmail(data: {
  name: string;
  protocolo: string;
  grantedAt: string;
  code: string;
  verificationUrl: string;
  pdf: EmailAttachment;
}): OutgoingEmail {
  return {
    subject: `Nada Consta — protocolo ${fullProtocol(data.protocolo)}`,
    html: emailShell(
      'Nada Consta emitido',
      `<p>Olá, ${escapeHtml(data.name)}!</p>
<p>Segue em anexo o Nada Consta do processo de protocolo <strong>${escapeHtml(fullProtocol(data.protocolo))}</strong>, com a baixa deferida em ${escapeHtml(formatDate(data.grantedAt))}.</p>
<p>Código de verificação: <strong>${escapeHtml(formatVerificationCode(data.code))}</strong>. Quem receber o documento pode conferir a autenticidade e a situação atual pelo endereço abaixo.</p>${emailButton(data.verificationUrl, 'Verificar Nada Consta')}
<p style="font-size:13px;color:#5b6b7b">${escapeHtml(DASHBOARD_MESSAGES.temporaryWarning)}</p>`,
      'Você recebeu este e-mail porque o Nada Consta do seu processo foi solicitado na nossa página de consulta. Se não foi você, nenhuma ação é necessária: o documento só é enviado para este endereço.',
    ),
    attachments: [data.pdf],
  };
}

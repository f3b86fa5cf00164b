import { formatDate } from '../../domain/dates.js';
import { DASHBOARD_MESSAGES } from '../../domain/messages.js';
import { formatVerificationCode } from '../../domain/nada-consta.js';
import { fullProtocol } from '../../domain/protocol.js';
import type { EmailAttachment, OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup, MUTED_STYLE } from '../shared/email-layout.js';

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
    html: emailLayout({
      title: 'Nada Consta emitido',
      audience: 'customer',
      name: data.name,
      body: markup`<p>Segue em anexo o Nada Consta do processo de protocolo <strong>${fullProtocol(data.protocolo)}</strong>, com a baixa deferida em ${formatDate(data.grantedAt)}.</p>
<p>Código de verificação: <strong>${formatVerificationCode(data.code)}</strong>. Quem receber o documento pode conferir a autenticidade e a situação atual pelo endereço abaixo.</p>${emailButton(data.verificationUrl, 'Verificar Nada Consta')}
<p style="${MUTED_STYLE}">${DASHBOARD_MESSAGES.temporaryWarning}</p>`,
      reason:
        'Você recebeu este e-mail porque o Nada Consta do seu processo foi solicitado na nossa página de consulta. Se não foi você, nenhuma ação é necessária: o documento só é enviado para este endereço.',
    }),
    attachments: [data.pdf],
  };
}

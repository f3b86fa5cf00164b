import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** To the customer: the lawyer refused one document of the filing kit, why, and how to send it again. */
export function kitItemRefusedEmail(
  appUrl: string,
  data: { userName: string | null; protocolo: string; item: string; reason: string; fix: string },
): OutgoingEmail {
  return {
    subject: `Documento recusado — ${data.item}`,
    html: emailLayout({
      title: 'Um documento precisa ser enviado de novo',
      audience: 'customer',
      name: data.userName,
      body: markup`<p>O advogado analisou o documento <strong>${data.item}</strong> do seu pedido de protocolo <strong>${data.protocolo}</strong> e não pôde aceitá-lo.</p>
<p><strong>Motivo:</strong> ${data.reason}</p>
<p><strong>Como corrigir:</strong> ${data.fix}</p>
${emailButton(new URL('/app/documentos', appUrl).toString(), 'Enviar de novo')}`,
      reason: 'Você recebeu este e-mail porque enviou documentos para o seu pedido na nossa plataforma.',
    }),
  };
}

import { formatDateTime } from '../../domain/dates.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** To the customer: their erasure request is recorded, with its protocol and what happens next (LGPD art. 18, VI). */
export function erasureRequestEmail(
  appUrl: string,
  data: { userName: string; protocolo: string; createdAt: string },
): OutgoingEmail {
  return {
    subject: `Solicitação de exclusão de dados — protocolo ${data.protocolo}`,
    html: emailLayout({
      title: 'Solicitação de exclusão recebida',
      audience: 'customer',
      name: data.userName,
      body: markup`<p>Recebemos em ${formatDateTime(data.createdAt)} o seu pedido de exclusão dos seus dados pessoais, registrado com o protocolo <strong>${data.protocolo}</strong>.</p>
<p>Vamos atendê-lo em até 15 dias. Excluímos de imediato o que não precisamos guardar. Contratos assinados e pagamentos ficam guardados pelos prazos que a lei exige (em regra 5 anos: Código de Defesa do Consumidor, art. 27, e Código Tributário Nacional, art. 173) e são excluídos ao fim deles, como permite o art. 16 da LGPD.</p>
<p>Você pode acompanhar a solicitação na página Meu Perfil, em Meus dados.</p>
${emailButton(new URL('/app/perfil', appUrl).toString(), 'Acompanhar solicitação')}`,
      reason:
        'Você recebeu este e-mail porque pediu a exclusão dos seus dados na nossa plataforma. Se não foi você, fale com o nosso suporte pelos canais acima.',
    }),
  };
}

import { formatDateTime } from '../../domain/dates.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { formatBRL, PROCESSING_BUSINESS_DAYS } from '../../domain/pricing.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** 'contract-signed' (spec 02 §7): sent to the profile's e-mail once the signature is stored. */
export function contractSignedEmail(
  appUrl: string,
  data: { name: string; protocolo: string; valor: number; signedAt: string; free: boolean },
): OutgoingEmail {
  const next = data.free
    ? markup`<p>Como esta é uma renovação gratuita, o seu processo já foi iniciado. Acompanhe cada etapa pela área do cliente.</p>${emailButton(new URL('/app/dashboard', appUrl).toString(), CONTRACT_MESSAGES.followProcess)}`
    : markup`<p>O próximo passo é o pagamento único de ${formatBRL(data.valor)} por PIX. Depois dele, protocolamos o seu pedido em até ${PROCESSING_BUSINESS_DAYS} dias úteis.</p>${emailButton(new URL('/app/pagamento', appUrl).toString(), 'Ir para o pagamento')}`;
  return {
    subject: `Contrato assinado — protocolo ${data.protocolo}`,
    html: emailLayout({
      title: 'Contrato assinado!',
      audience: 'customer',
      name: data.name,
      body: markup`<p>Recebemos a sua assinatura digital do contrato de protocolo <strong>${data.protocolo}</strong>, em ${formatDateTime(data.signedAt)}.</p>${next}`,
      reason: 'Você recebeu este e-mail porque assinou um contrato na nossa plataforma.',
    }),
  };
}

import { formatDateTime } from '../../domain/dates.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { formatBRL } from '../../domain/pricing.js';
import { PROCESSING_BUSINESS_DAYS } from '../../domain/deadlines.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailLayout, markup } from '../shared/email-layout.js';
import { CONTRACT_LINK_DAYS } from './contract-link.js';

/** The words of the PDF's link in 'Contrato assinado'. */
export const CONTRACT_SIGNED_EMAIL = {
  download: 'Baixar o contrato assinado (PDF)',
  linkValidity: `O link vale por ${CONTRACT_LINK_DAYS} dias. Depois disso, você baixa o mesmo contrato a qualquer momento na página Contrato da sua área do cliente.`,
} as const;

/**
 * 'contract-signed' (spec 02 §7): sent to the profile's e-mail once the signature is stored, with a link to the signed
 * PDF so the customer keeps a copy (Decreto 7.962/2013 art. 4, IV; docs/decisions.md, A contract the customer keeps).
 */
export function contractSignedEmail(
  appUrl: string,
  data: { name: string; protocolo: string; valor: number; signedAt: string; free: boolean; pdfLink: string },
): OutgoingEmail {
  const copy = markup`<p>Guarde uma cópia do contrato assinado, com os registros da sua assinatura:</p>${emailButton(data.pdfLink, CONTRACT_SIGNED_EMAIL.download)}
<p>${CONTRACT_SIGNED_EMAIL.linkValidity}</p>`;
  const next = data.free
    ? markup`<p>Como esta é uma renovação gratuita, o seu processo já foi iniciado. Acompanhe cada etapa pela área do cliente.</p>${emailButton(new URL('/app/dashboard', appUrl).toString(), CONTRACT_MESSAGES.followProcess)}`
    : markup`<p>O próximo passo é o pagamento único de ${formatBRL(data.valor)} por PIX. Depois dele, protocolamos o seu pedido em até ${PROCESSING_BUSINESS_DAYS} dias úteis.</p>${emailButton(new URL('/app/pagamento', appUrl).toString(), 'Ir para o pagamento')}`;
  return {
    subject: `Contrato assinado — protocolo ${data.protocolo}`,
    html: emailLayout({
      title: 'Contrato assinado!',
      audience: 'customer',
      name: data.name,
      body: markup`<p>Recebemos a sua assinatura digital do contrato de protocolo <strong>${data.protocolo}</strong>, em ${formatDateTime(data.signedAt)}.</p>${next}${copy}`,
      reason: 'Você recebeu este e-mail porque assinou um contrato na nossa plataforma.',
    }),
  };
}

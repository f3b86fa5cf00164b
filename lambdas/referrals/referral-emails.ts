import { inviteSenderName } from '../../domain/invite-sender.js';
import { CONTRACT_PRICE, formatBRL } from '../../domain/pricing.js';
import type { OutgoingEmail } from '../providers/email.js';
import { companyIdentity } from '../shared/company.js';
import { emailButton, emailLayout, markup, MUTED_STYLE } from '../shared/email-layout.js';

/**
 * The invite's subject: fixed text, never the referrer's name (free text a customer typed would otherwise reach any
 * address in the one line every mail client shows).
 */
export const referralInviteSubject = (brand: string) => `Você recebeu um convite para a ${brand}`;

/**
 * 'send-referral-invite' (spec 02 §7: to, referrerName, referralLink), sent by the server to the invited address. The
 * friend never asked for it, so it says who gave the address, what the service is (and that the removal is
 * temporary), and that ignoring it is enough.
 */
export function referralInviteEmail(data: { referrerName: string; referralLink: string }): OutgoingEmail {
  // The profile's name, cleaned and shortened (domain/invite-sender.ts); `markup` escapes it.
  const name = inviteSenderName(data.referrerName);
  const { brand } = companyIdentity();
  return {
    subject: referralInviteSubject(brand),
    html: emailLayout({
      title: 'Você recebeu um convite!',
      audience: 'customer',
      body: markup`<p><strong>${name}</strong> é cliente da ${brand} e indicou você.</p>
<p>Pedimos, por meio de advogado, a baixa temporária de apontamentos em nome do seu CPF ou CNPJ nos órgãos de proteção ao crédito (SPC, SERASA, Boa Vista e SCPC). O pagamento é único, de ${formatBRL(CONTRACT_PRICE)} via PIX, e você acompanha cada etapa pela área do cliente.</p>
<p style="${MUTED_STYLE}">A baixa é temporária: pode cair a qualquer momento e não há garantia de prazo de duração.</p>${emailButton(data.referralLink, 'Criar minha conta')}`,
      reason: `Você recebeu este e-mail porque ${name} informou o seu endereço ao indicar a ${brand}. Se não conhece essa pessoa ou não tem interesse, ignore este e-mail.`,
    }),
  };
}

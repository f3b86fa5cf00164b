import { SERVICE_PROVIDER } from '../../domain/company.js';
import { CONTRACT_PRICE, formatBRL } from '../../domain/pricing.js';
import type { OutgoingEmail } from '../providers/email.js';
import { emailButton, emailShell, escapeHtml } from '../shared/email-layout.js';

/** The invite's subject: the referrer's first name, so the friend knows who wrote before opening it. */
export const referralInviteSubject = (referrerName: string) =>
  `${firstName(referrerName)} convidou você para a ${SERVICE_PROVIDER.brand}`;

/**
 * 'send-referral-invite' (spec 02 §7: to, referrerName, referralLink), sent by the server to the invited address. The
 * friend never asked for it, so it says who gave the address, what the service is (and that the removal is
 * temporary), and that ignoring it is enough.
 */
export function referralInviteEmail(data: { referrerName: string; referralLink: string }): OutgoingEmail {
  const name = escapeHtml(data.referrerName);
  return {
    subject: referralInviteSubject(data.referrerName),
    html: emailShell(
      'Você recebeu um convite!',
      `<p>Olá!</p>
<p><strong>${name}</strong> é cliente da ${SERVICE_PROVIDER.brand} e indicou você.</p>
<p>Pedimos, por meio de advogado, a baixa temporária de apontamentos em nome do seu CPF ou CNPJ nos órgãos de proteção ao crédito (SPC, SERASA, Boa Vista e SCPC). O pagamento é único, de ${formatBRL(CONTRACT_PRICE)} via PIX, e você acompanha cada etapa pela área do cliente.</p>
<p style="font-size:13px;color:#5b6b7b">A baixa é temporária: pode cair a qualquer momento e não há garantia de prazo de duração.</p>${emailButton(data.referralLink, 'Criar minha conta')}`,
      `Você recebeu este e-mail porque ${name} informou o seu endereço ao indicar a ${SERVICE_PROVIDER.brand}. Se não conhece essa pessoa ou não tem interesse, ignore este e-mail.`,
    ),
  };
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

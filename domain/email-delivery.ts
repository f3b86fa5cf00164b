import * as z from 'zod';

/**
 * Mail an address no longer gets (docs/decisions.md, "E-mail that keeps its reputation; browser errors reported"): SES
 * reported a permanent bounce, or the person marked one of our messages as spam (a complaint). SES then suppresses the
 * address; the customer's screens say so, since status updates, magic links and password recovery all go by e-mail.
 */
export const EMAIL_DELIVERY_PROBLEMS = ['bounce', 'complaint'] as const;

export const emailDeliverySchema = z.object({
  problem: z.enum(EMAIL_DELIVERY_PROBLEMS),
  /** When SES reported it. */
  since: z.string(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

/** The banner of the dashboard (not in the spec; the tone of its other notices). */
export const EMAIL_DELIVERY_MESSAGES = {
  heading: {
    bounce: 'Não conseguimos entregar e-mails para você',
    complaint: 'Paramos de enviar e-mails para você',
  },
  body: {
    bounce: (email: string) =>
      `O endereço ${email} recusou as nossas mensagens, por isso paramos de enviar e-mails para ele. Sem e-mail, você não recebe os avisos do seu processo, os links de acesso nem a recuperação de senha. Cadastre outro endereço no seu perfil para voltar a recebê-los.`,
    complaint: (email: string) =>
      `Uma mensagem nossa enviada para ${email} foi marcada como spam, por isso paramos de enviar e-mails para esse endereço. Sem e-mail, você não recebe os avisos do seu processo, os links de acesso nem a recuperação de senha. Cadastre outro endereço no seu perfil para voltar a recebê-los.`,
  },
  action: 'Alterar meu e-mail',
} as const;

/** The path of the invitations' one-click unsubscribe (RFC 8058), under the API's base path. */
export const INVITE_UNSUBSCRIBE_PATH = '/public/invites/{inviteCode}/unsubscribe';

/** Invitations an address asked not to receive (List-Unsubscribe). Not in the spec; the tone of the referral page. */
export const INVITE_OPT_OUT_MESSAGES = {
  /** Shown to a customer inviting that address. */
  optedOut: 'Este endereço pediu para não receber convites.',
  invalidInvite: 'Código de convite inválido.',
} as const;

import { authActionLink } from '../../domain/auth-links.js';

export type AuthEmail = { subject: string; html: string };

const shell = (title: string, body: string) => `<!doctype html>
<html lang="pt-BR"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2a3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${title}</h1>${body}
<p style="font-size:12px;color:#5b6b7b;margin-top:32px">Se você não fez esta solicitação, ignore este e-mail.</p></td></tr>
</table></td></tr></table></body></html>`;

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="background:#0b5d3b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${label}</a></p>
<p style="font-size:13px;color:#5b6b7b">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p>`;

/** Sign-up confirmation: a link to the SPA, which calls confirmSignUp with the code. */
export function confirmSignUpEmail(appUrl: string, email: string, codePlaceholder: string): AuthEmail {
  const link = authActionLink(appUrl, 'confirmar', email, codePlaceholder);
  return {
    subject: 'Confirme seu cadastro',
    html: shell(
      'Confirme seu cadastro',
      `<p>Olá! Para ativar sua conta, confirme seu e-mail clicando no botão abaixo.</p>${button(link, 'Confirmar cadastro')}`,
    ),
  };
}

/** Password recovery: a link that opens /auth in recovery mode. */
export function resetPasswordEmail(appUrl: string, email: string, codePlaceholder: string): AuthEmail {
  const link = authActionLink(appUrl, 'redefinir', email, codePlaceholder);
  return {
    subject: 'Recuperação de senha',
    html: shell(
      'Recuperação de senha',
      `<p>Recebemos um pedido para redefinir a sua senha. Clique no botão abaixo para criar uma nova senha.</p>${button(link, 'Redefinir senha')}`,
    ),
  };
}

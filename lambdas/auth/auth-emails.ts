import { authActionLink } from '../../domain/auth-links.js';

export type AuthEmail = { subject: string; html: string };

const IGNORE_IF_NOT_YOU = 'Se você não fez esta solicitação, ignore este e-mail.';

const shell = (title: string, body: string, footer: string = IGNORE_IF_NOT_YOU) => `<!doctype html>
<html lang="pt-BR"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2a3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${title}</h1>${body}
<p style="font-size:12px;color:#5b6b7b;margin-top:32px">${footer}</p></td></tr>
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

/** Magic link: one click signs in, in any browser, once, within `minutes`. */
export function magicLinkEmail(link: string, minutes: number): AuthEmail {
  return {
    subject: 'Seu link de acesso',
    html: shell(
      'Seu link de acesso',
      `<p>Clique no botão abaixo para entrar na sua conta. O link vale por ${minutes} minutos e só pode ser usado uma vez.</p>${button(link, 'Entrar')}
<p style="font-size:13px;color:#5b6b7b">Não compartilhe este link: ele dá acesso à sua conta.</p>`,
    ),
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Welcome, sent once when an account is confirmed. `name` is user input: escaped. */
export function welcomeEmail(appUrl: string, name?: string): AuthEmail {
  const greeting = name?.trim() ? `Olá, ${escapeHtml(name.trim())}!` : 'Olá!';
  return {
    subject: 'Bem-vindo(a)! Seu cadastro foi confirmado',
    html: shell(
      'Cadastro confirmado',
      `<p>${greeting} Seu cadastro foi confirmado e sua conta já está ativa.</p>
<p>O próximo passo é completar o seu perfil. Depois, é só assinar o contrato e pagar por PIX para darmos início ao pedido de baixa temporária dos apontamentos.</p>${button(new URL('/app/dashboard', appUrl).toString(), 'Acessar minha conta')}`,
      'Você recebeu este e-mail porque acabou de confirmar seu cadastro.',
    ),
  };
}

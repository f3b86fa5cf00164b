import { authActionLink, emailChangeLink } from '../../domain/auth-links.js';
import { emailButton as button, emailShell, escapeHtml } from '../shared/email-layout.js';

export type AuthEmail = { subject: string; html: string };

/** Sign-up confirmation: a link to the SPA, which calls confirmSignUp with the code. */
export function confirmSignUpEmail(appUrl: string, email: string, codePlaceholder: string): AuthEmail {
  const link = authActionLink(appUrl, 'confirmar', email, codePlaceholder);
  return {
    subject: 'Confirme seu cadastro',
    html: emailShell(
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
    html: emailShell(
      'Recuperação de senha',
      `<p>Recebemos um pedido para redefinir a sua senha. Clique no botão abaixo para criar uma nova senha.</p>${button(link, 'Redefinir senha')}`,
    ),
  };
}

/** Magic link: one click signs in, in any browser, once, within `minutes`. */
export function magicLinkEmail(link: string, minutes: number): AuthEmail {
  return {
    subject: 'Seu link de acesso',
    html: emailShell(
      'Seu link de acesso',
      `<p>Clique no botão abaixo para entrar na sua conta. O link vale por ${minutes} minutos e só pode ser usado uma vez.</p>${button(link, 'Entrar')}
<p style="font-size:13px;color:#5b6b7b">Não compartilhe este link: ele dá acesso à sua conta.</p>`,
    ),
  };
}

/** Welcome, sent once when an account is confirmed. `name` is user input: escaped. */
export function welcomeEmail(appUrl: string, name?: string): AuthEmail {
  const greeting = name?.trim() ? `Olá, ${escapeHtml(name.trim())}!` : 'Olá!';
  return {
    subject: 'Bem-vindo(a)! Seu cadastro foi confirmado',
    html: emailShell(
      'Cadastro confirmado',
      `<p>${greeting} Seu cadastro foi confirmado e sua conta já está ativa.</p>
<p>O próximo passo é completar o seu perfil. Depois, é só assinar o contrato e pagar por PIX para darmos início ao pedido de baixa temporária dos apontamentos.</p>${button(new URL('/app/dashboard', appUrl).toString(), 'Acessar minha conta')}`,
      'Você recebeu este e-mail porque acabou de confirmar seu cadastro.',
    ),
  };
}

/** Change of e-mail: sent to the NEW address; the link opens the profile, which confirms it for the signed-in user. */
export function emailChangeEmail(appUrl: string, codePlaceholder: string): AuthEmail {
  const link = emailChangeLink(appUrl, codePlaceholder);
  return {
    subject: 'Confirme seu novo email',
    html: emailShell(
      'Confirme seu novo email',
      `<p>Recebemos um pedido para usar este endereço na sua conta. Para confirmar, abra o link abaixo no navegador em que você está conectado à sua conta.</p>${button(link, 'Confirmar novo email')}
<p style="font-size:13px;color:#5b6b7b">Até a confirmação, o seu email anterior continua valendo para entrar.</p>`,
    ),
  };
}

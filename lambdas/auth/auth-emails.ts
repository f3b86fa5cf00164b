import { authActionLink, emailChangeLink } from '../../domain/auth-links.js';
import { emailButton as button, emailLayout, markup, MUTED_STYLE } from '../shared/email-layout.js';

export type AuthEmail = { subject: string; html: string };

const NOT_YOU = 'Se não foi você, ignore este e-mail: nada muda na sua conta.';

/** Sign-up confirmation: a link to the SPA, which calls confirmSignUp with the code. */
export function confirmSignUpEmail(appUrl: string, email: string, codePlaceholder: string): AuthEmail {
  const link = authActionLink(appUrl, 'confirmar', email, codePlaceholder);
  return {
    subject: 'Confirme seu cadastro',
    html: emailLayout({
      title: 'Confirme seu cadastro',
      audience: 'customer',
      body: markup`<p>Para ativar sua conta, confirme seu e-mail clicando no botão abaixo.</p>${button(link, 'Confirmar cadastro')}`,
      reason: `Você recebeu este e-mail porque este endereço foi usado para criar uma conta. Se não foi você, ignore este e-mail: sem a confirmação, a conta não é ativada.`,
    }),
  };
}

/** Password recovery: a link that opens /auth in recovery mode. */
export function resetPasswordEmail(appUrl: string, email: string, codePlaceholder: string): AuthEmail {
  const link = authActionLink(appUrl, 'redefinir', email, codePlaceholder);
  return {
    subject: 'Recuperação de senha',
    html: emailLayout({
      title: 'Recuperação de senha',
      audience: 'customer',
      body: markup`<p>Recebemos um pedido para redefinir a sua senha. Clique no botão abaixo para criar uma nova senha.</p>${button(link, 'Redefinir senha')}`,
      reason: `Você recebeu este e-mail porque alguém pediu para redefinir a senha da conta deste endereço. ${NOT_YOU}`,
    }),
  };
}

/** Magic link: one click signs in, in any browser, once, within `minutes`. */
export function magicLinkEmail(link: string, minutes: number): AuthEmail {
  return {
    subject: 'Seu link de acesso',
    html: emailLayout({
      title: 'Seu link de acesso',
      audience: 'customer',
      body: markup`<p>Clique no botão abaixo para entrar na sua conta. O link vale por ${minutes} minutos e só pode ser usado uma vez.</p>${button(link, 'Entrar')}
<p style="${MUTED_STYLE}">Não compartilhe este link: ele dá acesso à sua conta.</p>`,
      reason: `Você recebeu este e-mail porque alguém pediu um link de acesso para a conta deste endereço. ${NOT_YOU}`,
    }),
  };
}

/** Welcome, sent once when an account is confirmed; greeted by the first name when the profile has one. */
export function welcomeEmail(appUrl: string, name?: string): AuthEmail {
  return {
    subject: 'Bem-vindo(a)! Seu cadastro foi confirmado',
    html: emailLayout({
      title: 'Cadastro confirmado',
      audience: 'customer',
      name,
      body: markup`<p>Seu cadastro foi confirmado e sua conta já está ativa.</p>
<p>O próximo passo é completar o seu perfil. Depois, é só assinar o contrato e pagar por PIX para darmos início ao pedido de baixa temporária dos apontamentos.</p>${button(new URL('/app/dashboard', appUrl).toString(), 'Acessar minha conta')}`,
      reason: 'Você recebeu este e-mail porque acabou de confirmar seu cadastro.',
    }),
  };
}

/** Change of e-mail: sent to the NEW address; the link opens the profile, which confirms it for the signed-in user. */
export function emailChangeEmail(appUrl: string, codePlaceholder: string): AuthEmail {
  const link = emailChangeLink(appUrl, codePlaceholder);
  return {
    subject: 'Confirme seu novo email',
    html: emailLayout({
      title: 'Confirme seu novo email',
      audience: 'customer',
      body: markup`<p>Recebemos um pedido para usar este endereço na sua conta. Para confirmar, abra o link abaixo no navegador em que você está conectado à sua conta.</p>${button(link, 'Confirmar novo email')}
<p style="${MUTED_STYLE}">Até a confirmação, o seu email anterior continua valendo para entrar.</p>`,
      reason: `Você recebeu este e-mail porque este endereço foi informado como o novo e-mail de uma conta. ${NOT_YOU}`,
    }),
  };
}

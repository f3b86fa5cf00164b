/** The layout every e-mail of the product shares: table-based HTML, inline styles, pt-BR. */

const IGNORE_IF_NOT_YOU = 'Se você não fez esta solicitação, ignore este e-mail.';

/** Every value from a customer (a name, a protocol) is escaped before it reaches an e-mail's HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const emailShell = (title: string, body: string, footer: string = IGNORE_IF_NOT_YOU) => `<!doctype html>
<html lang="pt-BR"><body style="margin:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1b2a3a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${title}</h1>${body}
<p style="font-size:12px;color:#5b6b7b;margin-top:32px">${footer}</p></td></tr>
</table></td></tr></table></body></html>`;

export const emailButton = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${href}" style="background:#0b5d3b;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block">${label}</a></p>
<p style="font-size:13px;color:#5b6b7b">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p>`;

/** The footer of every e-mail to the back-office team. */
export const ADMIN_EMAIL_FOOTER = 'Você recebeu este e-mail porque faz parte da equipe administrativa.';

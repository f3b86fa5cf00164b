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
<p data-html-only style="font-size:13px;color:#5b6b7b">Se o botão não funcionar, copie e cole este endereço no navegador:<br>${href}</p>`;

/** The footer of every e-mail to the back-office team. */
export const ADMIN_EMAIL_FOOTER = 'Você recebeu este e-mail porque faz parte da equipe administrativa.';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * The plain-text part of an e-mail, read off its HTML: every message is built once, as HTML with this layout, and the
 * provider derives the text from it, so the two parts can never tell different things. Mail without a text part scores
 * worse with spam filters and cannot be read in text-only clients. Knows only the markup this file and the e-mail
 * builders write: headings, paragraphs, line breaks, lists, table rows and links (written as "label: address"); the
 * button's "copy this address" paragraph is HTML-only, since the text already shows the address beside the label.
 */
export function emailText(html: string): string {
  const text = html
    .replace(/<p\b[^>]*\bdata-html-only\b[^>]*>[\s\S]*?<\/p>/gi, '')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, label: string) => {
      const address = href.trim();
      const words = label.replace(/<[^>]+>/g, '').trim();
      return !words || decodeEntities(words) === decodeEntities(address) ? address : `${words}: ${address}`;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/<\/(p|h[1-6]|div|tr|ul|ol|table)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

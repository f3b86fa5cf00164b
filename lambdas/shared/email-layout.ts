import { phoneLink, whatsappLink, type CompanyIdentity } from '../../domain/company.js';
import { firstName } from '../../domain/first-name.js';
import { companyIdentity } from './company.js';

/**
 * The layout every e-mail of the product shares (docs/decisions.md, E-mails that look like the company): one 600 px
 * column that narrows on a phone, table-based with inline styles (what mail clients render), explicit colours on every
 * block plus a dark scheme (clients that invert colours still get readable pairs), the brand, the support channels,
 * the legal name and CNPJ, and why the person got the message. Markup is written only through `markup`, which escapes
 * every value it is given: a name, a protocol or an admin alert's subject cannot carry markup into a message sent from
 * the company's address.
 */

const TRUSTED = Symbol('trusted markup');

/** Markup that came out of `markup` (or this layout): the only thing `markup` inserts as it is. */
export class SafeHtml {
  readonly markup: string;
  constructor(token: typeof TRUSTED, markup: string) {
    if (token !== TRUSTED) throw new Error('SafeHtml is made by `markup` only');
    this.markup = markup;
  }
  toString(): string {
    return this.markup;
  }
}

export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

/** Every character that could open markup or leave an attribute, as a numeric entity. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const render = (value: HtmlValue): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
};

/**
 * The e-mails' template tag: every interpolated value is escaped unless it is itself `markup` output; lists are joined;
 * null, undefined and false write nothing. There is no "raw" escape hatch: a builder that needs markup writes it here.
 * Not named `html` on purpose: Prettier reformats templates of that name, and the whitespace it adds would reach the
 * messages.
 */
export function markup(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let written = strings[0] ?? '';
  values.forEach((value, index) => {
    written += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(TRUSTED, written);
}

const COLORS = {
  page: '#f4f6f8',
  card: '#ffffff',
  ink: '#1b2a3a',
  muted: '#4f5f6f',
  line: '#dde3e8',
  brand: '#0b5d3b',
  onBrand: '#ffffff',
} as const;

/** Text muted beside the body (notes, the fine print). */
export const MUTED_STYLE = `font-size:13px;line-height:20px;color:${COLORS.muted}`;

export const emailButton = (href: string, label: string) =>
  markup`<p style="margin:24px 0"><a href="${href}" class="em-button" style="background:${COLORS.brand};color:${COLORS.onBrand};text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${label}</a></p>
<p data-html-only style="${MUTED_STYLE}">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${href}</span></p>`;

/** Label → value rows (a receipt, a refund): one table that reads the same in the HTML and in the text part. */
export const emailFacts = (rows: readonly (readonly [string, string])[]) =>
  markup`<table role="presentation" cellpadding="0" cellspacing="0" width="100%" class="em-facts" style="margin:16px 0;border-top:1px solid ${COLORS.line};font-size:15px;line-height:22px">${rows.map(
    ([label, value]) =>
      markup`<tr><td style="padding:8px 12px 8px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.muted};width:40%;vertical-align:top">${label}:</td><td style="padding:8px 0;border-bottom:1px solid ${COLORS.line};color:${COLORS.ink};font-weight:bold;vertical-align:top;overflow-wrap:anywhere">${value}</td></tr>`,
  )}</table>`;

/** Why every admin got a back-office e-mail. */
export const ADMIN_EMAIL_REASON = 'Você recebeu este e-mail porque faz parte da equipe administrativa.';

export type EmailLayout = {
  /** The heading (plain text, escaped). */
  title: string;
  /** Who reads it: a customer is greeted (by first name when known); the team is not. */
  audience: 'customer' | 'admin';
  /** The reader's full name as the profile holds it; only the first name is used. Absent: 'Olá!'. */
  name?: string | null;
  body: SafeHtml;
  /** Why this person got this message (LGPD transparency; spam filters and people both look for it). */
  reason: string;
  /** The inbox preview line; the heading when absent. */
  preview?: string;
};

const DARK_SCHEME = `
:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme:dark){
.em-page{background:#0f1720!important}
.em-card{background:#18222d!important}
.em-ink,.em-card p,.em-card h1,.em-card h2,.em-card td,.em-card li{color:#e6edf3!important}
.em-muted,.em-muted p,.em-muted a{color:#b4c0cc!important}
.em-card a{color:#7fd4ad!important}
.em-card a.em-button{background:#138a5a!important;color:#ffffff!important}
}
@media only screen and (max-width:620px){
.em-outer{padding:12px 8px!important}
.em-pad{padding:20px 16px!important}
}`;

/**
 * A whole message: the brand, the heading, the greeting, the body, the support channels, the company's legal identity
 * and the reason for the message. The identity is the stage's (`COMPANY_IDENTITY`).
 */
export function emailLayout(layout: EmailLayout, company: CompanyIdentity = companyIdentity()): string {
  const first = layout.name ? firstName(layout.name) : null;
  const greeting = layout.audience === 'customer' ? markup`<p>${first ? `Olá, ${first}!` : 'Olá!'}</p>` : null;
  const support = markup`<p style="margin:0 0 8px"><strong>Precisa de ajuda?</strong> Fale com a gente:</p>
<p style="margin:0 0 16px"><a href="${whatsappLink(company)}" style="color:${COLORS.brand}">WhatsApp ${company.whatsappDisplay}</a> · <a href="mailto:${company.supportEmail}" style="color:${COLORS.brand}">E-mail ${company.supportEmail}</a> · <a href="${phoneLink(company)}" style="color:${COLORS.brand}">Telefone ${company.phoneDisplay}</a></p>`;
  const page = markup`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark"><title>${layout.title}</title><style>${DARK_SCHEME}</style></head>
<body class="em-page" style="margin:0;padding:0;background:${COLORS.page};font-family:Arial,Helvetica,sans-serif;color:${COLORS.ink};-webkit-text-size-adjust:100%">
<div data-html-only style="display:none;max-height:0;overflow:hidden;opacity:0">${layout.preview ?? layout.title}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" class="em-page" style="background:${COLORS.page}"><tr><td align="center" class="em-outer" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px">
<tr><td style="padding:0 4px 16px"><table role="presentation" cellpadding="0" cellspacing="0"><tr><td style="background:${COLORS.brand};color:${COLORS.onBrand};width:28px;height:28px;border-radius:6px;text-align:center;font-size:18px;line-height:28px;font-weight:bold" aria-hidden="true">✓</td><td class="em-ink" style="padding-left:10px;font-size:20px;font-weight:bold;color:${COLORS.ink}">${company.brand}</td></tr></table></td></tr>
<tr><td class="em-card em-pad" style="background:${COLORS.card};border-radius:8px;padding:32px;font-size:16px;line-height:24px;color:${COLORS.ink};overflow-wrap:anywhere">
<h1 style="font-size:22px;line-height:28px;margin:0 0 16px;color:${COLORS.ink}">${layout.title}</h1>
${greeting}${layout.body}
</td></tr>
<tr><td class="em-muted" style="padding:24px 4px 0;${MUTED_STYLE}">
${support}<p style="margin:0 0 4px">${company.brand} · ${company.legalName} — CNPJ ${company.cnpj}</p>
<p style="margin:0 0 16px">${company.address}</p>
<p style="margin:0">${layout.reason}</p>
</td></tr>
</table></td></tr></table></body></html>`;
  return page.markup;
}

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
 * head, the inbox preview and the button's "copy this address" paragraph are HTML-only (`data-html-only`), since the
 * text already shows the address beside the label. Whitespace in the source is collapsed as a browser does.
 */
export function emailText(html: string): string {
  const text = html
    .replace(/<head\b[\s\S]*?<\/head>/gi, '')
    .replace(/<(p|div)\b[^>]*\bdata-html-only\b[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<td\b[^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/td>/gi, '')
    .replace(/\s+/g, ' ')
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, label: string) => {
      const address = decodeEntities(href.trim());
      const words = label.replace(/<[^>]+>/g, '').trim();
      // A phone or an address is its own label: the words already say it ('Telefone (35) 3000-0000').
      if (words && /^(mailto|tel):/i.test(address)) return words;
      return !words || decodeEntities(words) === address ? address : `${words}: ${address}`;
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

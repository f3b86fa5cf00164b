import { inject } from 'vitest';
import { parseMagicLinkFragment } from '../../domain/auth-links.js';

export type StoredEmail = {
  from?: string;
  destination?: { to?: string[] };
  subject?: string;
  body?: { html?: string; text?: string };
};

/** Every e-mail the local SES accepted for `to` (the global setup's aws-ses-v2-local), oldest first. */
export async function emailsTo(to: string): Promise<StoredEmail[]> {
  const store = (await (await fetch(`${inject('sesUrl')}/store`)).json()) as { emails: StoredEmail[] };
  return store.emails.filter((email) => email.destination?.to?.includes(to));
}

/** The first link of an HTML e-mail. */
export function firstHref(html: string | undefined): URL {
  const href = /href="([^"]+)"/.exec(html ?? '')?.[1];
  if (!href) throw new Error('no link in the e-mail');
  // As a mail client reads the attribute: the e-mails escape every value (lambdas/shared/email-layout.ts).
  return new URL(
    href.replaceAll('&amp;', '&').replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code))),
  );
}

/** The token of a magic-link e-mail. */
export function magicTokenIn(html: string | undefined): string {
  const token = parseMagicLinkFragment(firstHref(html).hash);
  if (!token) throw new Error('the e-mail carries no magic-link token');
  return token;
}

import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { formatDateTime } from '../../domain/dates.js';
import { maskEmail } from '../../domain/documents.js';
import type { OutgoingEmail, SendEmail } from '../providers/email.js';
import type { Clock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { changeCustomerEmail, clearEmailChangeNotice, type EmailChangeNotice } from '../shared/data/email-change.js';
import type { Db } from '../shared/data/table.js';
import { emailLayout, markup } from '../shared/email-layout.js';
import { logger } from '../shared/logger.js';

export type EmailChangeDeps = { db: Db; clock: Clock; sendEmail: SendEmail };

/**
 * The old address is told its account now signs in with another one: if someone else changed it, this
 * e-mail is how the owner finds out. The new address is masked, as anyone reading the old mailbox reads it.
 */
export function emailChangedNotice(notice: EmailChangeNotice): OutgoingEmail {
  const company = companyIdentity();
  return {
    subject: 'O e-mail da sua conta foi alterado',
    html: emailLayout({
      title: 'O e-mail da sua conta foi alterado',
      audience: 'customer',
      body: markup`<p>O e-mail de acesso da sua conta na ${company.brand} foi alterado para <strong>${maskEmail(notice.new_email)}</strong> em ${formatDateTime(notice.at)}. A partir de agora, os avisos sobre o seu processo vão para o novo endereço.</p>
<p>Se foi você, não é preciso fazer nada. Se não foi, fale com o nosso suporte agora mesmo pelo e-mail ${company.supportEmail} ou pelo WhatsApp ${company.whatsappDisplay}.</p>`,
      reason: 'Você recebeu este e-mail porque este endereço era o e-mail de acesso de uma conta na nossa plataforma.',
    }),
  };
}

/**
 * A confirmed address reaches everything we keep (pattern 63), then the old address is told, once the change is
 * written; a notice whose e-mail failed stays on the profile and is sent by the next call.
 */
export async function completeEmailChange(
  deps: EmailChangeDeps,
  account: { userId: string; email: string },
): Promise<'changed' | 'unchanged'> {
  const { changed, notice } = await changeCustomerEmail(deps.db, {
    userId: account.userId,
    email: account.email,
    now: deps.clock().toISOString(),
  });
  if (notice) {
    await deps.sendEmail(notice.old_email, { ...emailChangedNotice(notice), caseFileOf: account.userId });
    await clearEmailChangeNotice(deps.db, account.userId, notice);
  }
  return changed ? 'changed' : 'unchanged';
}

/**
 * Cognito has no trigger for a confirmed attribute, but it issues new tokens right after (the SPA refreshes the session
 * once the code is accepted) and at every sign-in and refresh: PreTokenGeneration sees the account's attributes then.
 * Only a verified address counts. A failure is logged and swallowed: the e-mail's copies must never stop a sign-in,
 * and the next refresh tries again.
 */
export async function followConfirmedEmail(
  deps: EmailChangeDeps,
  event: PreTokenGenerationTriggerEvent,
): Promise<void> {
  const { sub, email, email_verified: verified } = event.request.userAttributes;
  if (!sub || !email || verified !== 'true') return;
  try {
    const outcome = await completeEmailChange(deps, { userId: sub, email });
    if (outcome === 'changed') logger.info('Account e-mail change followed', { userId: sub });
  } catch (error) {
    logger.error('Account e-mail change not followed; the next token tries again', {
      userId: sub,
      error: error instanceof Error ? error.message : 'unknown',
    });
  }
}

import { formatDateTime } from '../../domain/dates.js';
import {
  CONTRACT_MESSAGES,
  DASHBOARD_MESSAGES,
  EMAIL_RECEIPT_MESSAGES as RECEIPT,
  STATUS_EMAIL_NEWS,
  statusEmailSubject,
} from '../../domain/messages.js';
import { formatBRL } from '../../domain/pricing.js';
import { PROCESS_STATUSES, statusLabel, type ProcessStatus } from '../../domain/process-status.js';
import type { OutgoingEmail } from '../providers/email.js';
import type { StoredAdminAlert } from '../shared/data/admin-alerts.js';
import {
  ADMIN_EMAIL_REASON,
  emailButton,
  emailFacts,
  emailLayout,
  markup,
  MUTED_STYLE,
} from '../shared/email-layout.js';

/** What the customer paid, as the 'Pago' e-mail's receipt shows it. */
export type PaymentReceipt = { valor: number; paidAt: string; method?: string };

const isProcessStatus = (status: string): status is ProcessStatus =>
  (PROCESS_STATUSES as readonly string[]).includes(status);

/**
 * 'status-update' (spec 01 §7, 02 §4): what the change means for the customer in their words, then the previous and
 * new status names the spec asks for, and the note that came with the change. A payment carries its receipt.
 */
export function statusUpdateEmail(
  appUrl: string,
  data: {
    userName: string;
    protocolo: string;
    statusAnterior: string;
    novoStatus: string;
    observacoes: string | null;
    receipt?: PaymentReceipt | null;
  },
): OutgoingEmail {
  const from = statusLabel(data.statusAnterior);
  const to = statusLabel(data.novoStatus);
  const news = isProcessStatus(data.novoStatus) ? STATUS_EMAIL_NEWS[data.novoStatus] : null;
  const receipt =
    data.novoStatus === 'pago' && data.receipt
      ? markup`<h2 style="font-size:18px;margin:24px 0 0">${RECEIPT.receiptHeading}</h2>${emailFacts([
          [RECEIPT.amount, formatBRL(data.receipt.valor)],
          [RECEIPT.paidAt, `${formatDateTime(data.receipt.paidAt)} (horário de Brasília)`],
          [RECEIPT.method, data.receipt.method ?? 'PIX'],
          [RECEIPT.protocol, data.protocolo],
        ])}`
      : null;
  return {
    subject: statusEmailSubject(data.protocolo, data.novoStatus),
    html: emailLayout({
      title: receipt ? RECEIPT.paidTitle : DASHBOARD_MESSAGES.statusUpdated,
      audience: 'customer',
      name: data.userName,
      body: markup`${news ? markup`<p>${news}</p>` : null}${receipt}
<p style="${MUTED_STYLE}">Processo de protocolo <strong>${data.protocolo}</strong> — ${RECEIPT.previousStep}: ${from} · ${RECEIPT.currentStep}: <strong>${to}</strong></p>${data.observacoes ? markup`<p><strong>Observações:</strong> ${data.observacoes}</p>` : null}
${emailButton(new URL('/app/dashboard', appUrl).toString(), CONTRACT_MESSAGES.followProcess)}`,
      reason: 'Você recebeu este e-mail porque tem um processo em andamento na nossa plataforma.',
    }),
  };
}

/**
 * Pattern 49: an admin alert as its raiser wrote it, with a button to where it is settled. Its subject and paragraphs
 * can hold what a customer typed (a name): they are text, escaped in the heading and the body alike.
 */
export function adminAlertEmail(appUrl: string, alert: StoredAdminAlert): OutgoingEmail {
  return {
    subject: alert.subject,
    html: emailLayout({
      title: alert.subject,
      audience: 'admin',
      body: markup`${alert.paragraphs.map((text) => markup`<p>${text}</p>`)}
${emailButton(new URL(alert.actionPath, appUrl).toString(), alert.actionLabel)}`,
      reason: ADMIN_EMAIL_REASON,
    }),
  };
}

/**
 * A court movement that matters (domain/court-movements.ts: a translated one): our sentence for it, the case number and
 * court, and a button to the case's timeline. The court's own words are never sent: they may be any clerk's note.
 */
export function courtMovementEmail(
  appUrl: string,
  data: {
    userName: string;
    protocolo: string;
    numeroCnj: string;
    tribunal: string | null;
    texto: string;
    dataHora: string;
  },
): OutgoingEmail {
  return {
    subject: `Novidade no seu processo ${data.numeroCnj}`,
    html: emailLayout({
      title: 'Novidade no seu processo',
      audience: 'customer',
      name: data.userName,
      body: markup`<p>${data.texto}</p>
<p style="${MUTED_STYLE}">Processo ${data.numeroCnj}${data.tribunal ? markup` (${data.tribunal})` : null} — registrado pelo tribunal em ${formatDateTime(data.dataHora)} (horário de Brasília). Protocolo <strong>${data.protocolo}</strong>.</p>
${emailButton(new URL('/app/dashboard', appUrl).toString(), CONTRACT_MESSAGES.followProcess)}`,
      reason: 'Você recebeu este e-mail porque tem um processo em andamento na nossa plataforma.',
    }),
  };
}

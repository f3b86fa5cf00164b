import {
  confirmSignUpEmail,
  emailChangeEmail,
  magicLinkEmail,
  resetPasswordEmail,
  welcomeEmail,
} from '../lambdas/auth/auth-emails.js';
import { emailChangedNotice } from '../lambdas/auth/email-change.js';
import { nadaConstaEmail } from '../lambdas/certificates/nada-consta-emails.js';
import { contractSignedEmail } from '../lambdas/contracts/contract-emails.js';
import { withdrawalEmail } from '../lambdas/contracts/withdrawal-emails.js';
import { erasureRequestEmail } from '../lambdas/data-rights/erasure-emails.js';
import { adminAlertEmail, statusUpdateEmail } from '../lambdas/live/status-emails.js';
import type { AdminAlert } from '../lambdas/shared/data/admin-alerts.js';
import { orphanPaymentAlert } from '../lambdas/payments/orphan-payment-alerts.js';
import { reconciliationReportAlert } from '../lambdas/payments/reconciliation-alerts.js';
import { referralInviteEmail } from '../lambdas/referrals/referral-emails.js';
import { filingOverdueAlert } from '../lambdas/workflow/filing-alerts.js';

/**
 * A name a customer could type to plant a link in an e-mail sent from the company's address (docs/decisions.md,
 * "E-mails that look like the company; escaping by default").
 */
export const MARKUP_NAME = '<a href="https://evil.example">x</a>';

const APP = 'http://127.0.0.1:5173';
const ALERT_AT = '2026-11-26T15:00:00.000Z';
/** An admin alert as the stream consumer e-mails it. */
const alertEmail = (alert: AdminAlert) => adminAlertEmail(APP, { ...alert, created_at: ALERT_AT });
const LONG_LINK = `${APP}/auth?mode=confirmar&email=maria.da.conceicao.souza%40exemplo-de-provedor-longo.com.br&code={####}`;

/**
 * Every e-mail template the product sends, built with `name` in every slot that holds free text a person typed (a
 * profile's name, an admin alert's subject and paragraphs, an admin's note). The escaping test fills it with markup;
 * the browser test renders each at a phone's width.
 */
export function everyEmail(name: string): { template: string; subject: string; html: string }[] {
  const emails = {
    'confirm-sign-up': confirmSignUpEmail(APP, 'maria@example.com', '{####}'),
    'reset-password': resetPasswordEmail(APP, 'maria@example.com', '{####}'),
    'magic-link': magicLinkEmail(LONG_LINK, 15),
    welcome: welcomeEmail(APP, name),
    'email-change': emailChangeEmail(APP, '{####}'),
    'email-changed-notice': emailChangedNotice({
      old_email: 'maria@example.com',
      new_email: 'maria.nova@example.com',
      at: '2026-11-26T15:00:00.000Z',
    }),
    'referral-invite': referralInviteEmail({
      referrerName: name,
      referralLink: `${APP}/auth?mode=register&ref=REF-ABC123`,
    }),
    'contract-signed': contractSignedEmail(APP, {
      name,
      protocolo: 'LM20261126-7K3Q9X2M4P1Z',
      valor: 399,
      signedAt: '2026-11-26T15:00:00.000Z',
      pdfLink: `${APP}/contrato/exemplo-de-link-assinado`,
      free: false,
    }),
    'status-update': statusUpdateEmail(APP, {
      userName: name,
      protocolo: 'LM20261126-7K3Q9X2M4P1Z',
      statusAnterior: 'pago',
      novoStatus: 'peticionado',
      observacoes: name,
    }),
    'status-update-paid': statusUpdateEmail(APP, {
      userName: name,
      protocolo: 'LM20261126-7K3Q9X2M4P1Z',
      statusAnterior: 'pagamento_pendente',
      novoStatus: 'pago',
      observacoes: null,
      receipt: { valor: 399, paidAt: '2026-11-26T15:04:00.000Z' },
    }),
    'contract-cancelled': withdrawalEmail(APP, {
      userName: name,
      protocolo: 'LM20261126-7K3Q9X2M4P1Z',
      valor: 399,
      money: 'refund-requested',
      method: 'pix',
      cancelledAt: '2026-11-26T15:00:00.000Z',
    }),
    'erasure-request': erasureRequestEmail(APP, {
      userName: name,
      protocolo: 'LGPD-20261126-ABCD',
      createdAt: '2026-11-26T15:00:00.000Z',
    }),
    'nada-consta': nadaConstaEmail({
      name,
      protocolo: 'LM20261126-7K3Q9X2M4P1Z',
      grantedAt: '2026-11-20T15:00:00.000Z',
      code: 'ABCD2345EFGH',
      verificationUrl: `${APP}/verificar/ABCD2345EFGH`,
      pdf: { fileName: 'nada-consta.pdf', contentType: 'application/pdf', content: new Uint8Array([37, 80, 68, 70]) },
    }),
    // The alerts the filing check, the orphan payments and the reconciliation raise, as the stream consumer sends them.
    'filing-overdue': adminAlertEmail(APP, {
      ...filingOverdueAlert({
        processId: 'p1',
        userId: 'sub-1',
        protocolo: name,
        previsao: '2026-11-20T12:00:00.000Z',
      }),
      created_at: ALERT_AT,
    }),
    'orphan-payment': alertEmail(
      orphanPaymentAlert({
        asaasId: 'pay_080225913252',
        status: 'RECEIVED',
        value: 399,
        asaasCustomer: name,
        externalReference: null,
        lastEvent: 'PAYMENT_RECEIVED',
        firstSeenAt: '2026-11-26T15:00:00.000Z',
        updatedAt: '2026-11-26T15:00:00.000Z',
      }),
    ),
    'reconciliation-report': alertEmail(
      reconciliationReportAlert(
        {
          id: 'run-1',
          status: 'incomplete',
          started_at: '2026-11-26T06:00:00.000Z',
          finished_at: '2026-11-26T06:01:00.000Z',
          window: { createdFrom: '2026-10-27', paidFrom: '2026-11-19', until: '2026-11-26' },
          note: name,
          pages: 1,
          requests: 2,
          payments_read: 120,
          charges_checked: 118,
          repaired: 1,
          confirmations_resumed: 0,
          orphans: 1,
          orphans_new: 1,
          divergences_new: 1,
          divergences_open: 2,
          divergences_resolved: 0,
          errors: 0,
        },
        [
          {
            kind: 'status_refused',
            asaas_id: 'pay_080225913252',
            our_status: 'PENDING',
            asaas_status: 'RECEIVED',
            our_value: 399,
            asaas_value: 399,
          },
        ],
      ),
    ),
    // Its subject and paragraphs are written by the code that raises it; a typed name must never reach them as markup.
    'admin-alert': adminAlertEmail(APP, {
      id: 'desistencia#c1',
      userId: 'sub-1',
      subject: `Contrato cancelado pelo cliente — ${name}`,
      paragraphs: [`${name} (maria@example.com) cancelou o contrato de protocolo LM20261126-7K3Q9X2M4P1Z.`],
      actionPath: '/admin/financeiro',
      actionLabel: 'Abrir Financeiro',
      created_at: '2026-11-26T15:00:00.000Z',
    }),
  };
  return Object.entries(emails).map(([template, email]) => ({ template, subject: email.subject, html: email.html }));
}

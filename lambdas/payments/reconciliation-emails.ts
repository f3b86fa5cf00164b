import { formatDate, formatDateTime } from '../../domain/dates.js';
import {
  describeDivergence,
  DIVERGENCE_LABELS,
  RECONCILIATION_RUN_LABELS,
  type DivergenceFacts,
} from '../../domain/reconciliation.js';
import type { OutgoingEmail } from '../providers/email.js';
import type { ReconciliationRun } from '../shared/data/reconciliation.js';
import { ADMIN_EMAIL_REASON, emailButton, emailLayout, markup } from '../shared/email-layout.js';

/** An e-mail names at most this many new divergences; the screen lists them all. */
export const REPORT_DIVERGENCE_LIMIT = 20;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/**
 * To the admins, after a run that repaired something, found something new or did not finish: its figures, the new
 * divergences (what each side says) and a link to 'Divergências' on /admin/financeiro.
 */
export function reconciliationReportEmail(
  appUrl: string,
  run: ReconciliationRun,
  newDivergences: (DivergenceFacts & { asaas_id: string })[],
): OutgoingEmail {
  const news = [
    run.divergences_new > 0 ? count(run.divergences_new, 'divergência nova', 'divergências novas') : null,
    run.repaired + run.confirmations_resumed > 0
      ? count(run.repaired + run.confirmations_resumed, 'cobrança reparada', 'cobranças reparadas')
      : null,
    run.orphans_new > 0 ? count(run.orphans_new, 'pagamento sem cobrança', 'pagamentos sem cobrança') : null,
    run.errors > 0 ? count(run.errors, 'erro', 'erros') : null,
  ].filter((part): part is string => part !== null);
  const subject =
    run.status === 'failed'
      ? `Conciliação com o Asaas não concluída — ${formatDate(run.started_at)}`
      : `Conciliação com o Asaas — ${formatDate(run.started_at)}: ${
          news.length > 0 ? news.join(', ') : RECONCILIATION_RUN_LABELS[run.status].toLowerCase()
        }`;
  const rows: [string, number][] = [
    ['Pagamentos lidos no Asaas', run.payments_read],
    ['Cobranças verificadas', run.charges_checked],
    ['Cobranças reparadas', run.repaired],
    ['Confirmações retomadas', run.confirmations_resumed],
    ['Pagamentos sem cobrança', run.orphans],
    ['Divergências novas', run.divergences_new],
    ['Divergências em aberto', run.divergences_open],
    ['Divergências resolvidas', run.divergences_resolved],
    ['Erros', run.errors],
  ];
  const figures = rows.map(
    ([label, value]) =>
      markup`<tr><td style="padding:4px 12px 4px 0">${label}</td><td style="padding:4px 0;text-align:right"><strong>${value.toLocaleString('pt-BR')}</strong></td></tr>`,
  );
  const listed = newDivergences.slice(0, REPORT_DIVERGENCE_LIMIT);
  const more = newDivergences.length - listed.length;
  const divergences = listed.length
    ? markup`<p><strong>Divergências novas</strong></p><ul>${listed.map(
        (d) =>
          markup`<li>${DIVERGENCE_LABELS[d.kind]} — pagamento <strong>${d.asaas_id}</strong>: ${describeDivergence(d)}</li>`,
      )}</ul>${more > 0 ? markup`<p>E mais ${count(more, 'divergência', 'divergências')} no painel.</p>` : null}`
    : null;
  const note = run.note ? markup`<p><strong>${run.note}</strong></p>` : null;
  return {
    subject,
    html: emailLayout({
      title: 'Conciliação com o Asaas',
      audience: 'admin',
      body: markup`<p>A conciliação iniciada em ${formatDateTime(run.started_at)} terminou: <strong>${RECONCILIATION_RUN_LABELS[run.status]}</strong>. Foram comparados os pagamentos criados no Asaas desde ${formatDate(`${run.window.createdFrom}T12:00:00Z`)} e os pagos desde ${formatDate(`${run.window.paidFrom}T12:00:00Z`)} com as cobranças do sistema.</p>
${note}<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:8px 0 16px">${figures}</table>
${divergences}<p>O que foi reparado seguiu o mesmo caminho de um webhook do Asaas. As divergências precisam de uma pessoa: confira cada uma no painel do Asaas e na seção Divergências do Financeiro.</p>
${emailButton(new URL('/admin/financeiro#divergencias', appUrl).toString(), 'Abrir Financeiro')}`,
      reason: ADMIN_EMAIL_REASON,
    }),
  };
}

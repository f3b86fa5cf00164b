import { formatDate, formatDateTime } from '../../domain/dates.js';
import {
  describeDivergence,
  DIVERGENCE_LABELS,
  RECONCILIATION_RUN_LABELS,
  type DivergenceFacts,
} from '../../domain/reconciliation.js';
import type { AdminAlert } from '../shared/data/admin-alerts.js';
import type { ReconciliationRun } from '../shared/data/reconciliation.js';

/** A report names at most this many new divergences; the screen lists them all. */
export const REPORT_DIVERGENCE_LIMIT = 20;

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/**
 * To the admins, after a run that repaired something, found something new or did not finish: its figures, the new
 * divergences (what each side says) and a link to 'Divergências' on /admin/financeiro. An admin alert (pattern 49)
 * whose id is the run's, so a retried run tells them once; about no one customer (`userId` null).
 */
export function reconciliationReportAlert(
  run: ReconciliationRun,
  newDivergences: (DivergenceFacts & { asaas_id: string })[],
): AdminAlert {
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
  const listed = newDivergences.slice(0, REPORT_DIVERGENCE_LIMIT);
  const more = newDivergences.length - listed.length;
  return {
    id: `conciliacao#${run.id}`,
    userId: null,
    subject,
    paragraphs: [
      `A conciliação iniciada em ${formatDateTime(run.started_at)} terminou: ${RECONCILIATION_RUN_LABELS[run.status]}. Foram comparados os pagamentos criados no Asaas desde ${formatDate(`${run.window.createdFrom}T12:00:00Z`)} e os pagos desde ${formatDate(`${run.window.paidFrom}T12:00:00Z`)} com as cobranças do sistema.`,
      ...(run.note ? [run.note] : []),
      `${rows.map(([label, value]) => `${label}: ${value.toLocaleString('pt-BR')}`).join('; ')}.`,
      ...(listed.length > 0 ? ['Divergências novas:'] : []),
      ...listed.map((d) => `${DIVERGENCE_LABELS[d.kind]} — pagamento ${d.asaas_id}: ${describeDivergence(d)}`),
      ...(more > 0 ? [`E mais ${count(more, 'divergência', 'divergências')} no painel.`] : []),
      'O que foi reparado seguiu o mesmo caminho de um webhook do Asaas. As divergências precisam de uma pessoa: confira cada uma no painel do Asaas e na seção Divergências do Financeiro.',
    ],
    actionPath: '/admin/financeiro#divergencias',
    actionLabel: 'Abrir Financeiro',
  };
}

/**
 * Process statuses. The spec keeps several readings of a process's status alive at once
 * (dashboard, public lookup, live notice, customer history); each set lives here once.
 */

/** Statuses stored on a process, in timeline order (spec 01 §4, spec 02 §4). */
export const PROCESS_STATUSES = [
  'cadastro',
  'contrato_assinado',
  'pagamento_pendente',
  'pago',
  // Every required document of the filing kit approved (domain/filing-kit.ts): the lawyer prepares the petition. The
  // spec's own word for it (public lookup, customer history); docs/decisions.md, The filing kit's status.
  'em_analise',
  'peticionado',
  'baixa_deferida',
  'baixa_caiu',
  'encerrado',
  'pagamento_estornado',
] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/**
 * The dashboard timeline's steps (spec 01 §4), in order. 'pagamento_estornado' is not a step: a payment that went back
 * (a refund or a chargeback from Asaas) takes the process out of 'pago' to it (docs/decisions.md, Refunds and
 * chargebacks), and the timeline then shows the payment step as not done.
 */
export const PROCESS_TIMELINE_STEPS = PROCESS_STATUSES.filter(
  (status): status is Exclude<ProcessStatus, 'pagamento_estornado'> => status !== 'pagamento_estornado',
);

/** Where a status sits on the timeline. */
const TIMELINE_POSITION_OF: Partial<Record<ProcessStatus, ProcessStatus>> = {
  pagamento_estornado: 'pagamento_pendente',
};

/**
 * Statuses of a process still waiting for its payment: the only ones a confirmed payment moves to 'pago' (one already
 * paid keeps its forecast; one an admin moved on is never moved back).
 */
export const AWAITING_PAYMENT_STATUSES: readonly ProcessStatus[] = [
  'cadastro',
  'contrato_assinado',
  'pagamento_pendente',
  // A chargeback the payer lost brings the money back: the charge is paid again and so is the process.
  'pagamento_estornado',
];

/**
 * Paid and not filed yet: waiting for the filing kit ('pago') or with the kit approved ('em_analise'). A reversed
 * payment takes such a process out; the filing deadline is counted for it.
 */
export const PAID_NOT_FILED_STATUSES: readonly ProcessStatus[] = ['pago', 'em_analise'];

/** Statuses after the petition was filed: a withdrawal is no longer possible, a reversed payment needs a person. */
export const FILED_PROCESS_STATUSES: readonly ProcessStatus[] = ['peticionado', 'baixa_deferida', 'baixa_caiu'];

/**
 * The admin's status counters on /admin/processos (docs/decisions.md): the statuses a paid-for process goes through,
 * from the charge to its end, in timeline order.
 */
export const ADMIN_COUNTED_PROCESS_STATUSES: readonly ProcessStatus[] = PROCESS_STATUSES.slice(
  PROCESS_STATUSES.indexOf('pagamento_pendente'),
  PROCESS_STATUSES.indexOf('encerrado') + 1,
).filter((status) => status !== 'em_analise'); // The spec's six counters; the kit's queue is counted apart.

export function isAwaitingPayment(status: ProcessStatus): boolean {
  return AWAITING_PAYMENT_STATUSES.includes(status);
}

/** Badge labels on the dashboard and admin screens. */
export const PROCESS_STATUS_LABELS: Record<ProcessStatus, string> = {
  cadastro: 'Cadastro',
  contrato_assinado: 'Contrato Assinado',
  pagamento_pendente: 'Pagamento Pendente',
  pago: 'Pago',
  em_analise: 'Em Análise',
  peticionado: 'Peticionado',
  baixa_deferida: 'Baixa Deferida',
  baixa_caiu: 'Baixa Caiu',
  encerrado: 'Encerrado',
  pagamento_estornado: 'Pagamento Estornado',
};

/** Titles of the dashboard timeline steps where they differ from the badge label. */
export const PROCESS_TIMELINE_TITLES: Record<ProcessStatus, string> = {
  ...PROCESS_STATUS_LABELS,
  cadastro: 'Cadastro Realizado',
  pago: 'Pagamento Confirmado',
};

/** A timeline step is done when its position is at or before the current status. */
export function isTimelineStepDone(step: ProcessStatus, current: ProcessStatus): boolean {
  const position = TIMELINE_POSITION_OF[current] ?? current;
  return PROCESS_TIMELINE_STEPS.indexOf(step as never) <= PROCESS_TIMELINE_STEPS.indexOf(position as never);
}

/** Statuses shown by the public lookup (spec 01 §4); an unknown value is shown raw. */
export const LOOKUP_STATUS_LABELS: Record<string, string> = {
  cadastro: 'Cadastro',
  contrato_assinado: 'Contrato Assinado',
  pagamento_realizado: 'Pagamento Realizado',
  em_analise: 'Em Análise',
  protocolo_efetuado: 'Protocolo Efetuado',
  baixa_deferida: 'Baixa Deferida',
  baixa_caiu: 'Baixa Caiu',
  indeferido: 'Indeferido',
  // Not in the spec's lookup list (which shows unknown values raw): a closed process reads as the dashboard says it.
  encerrado: 'Encerrado',
};

/** Extra statuses the customer history understands (spec 02 §4). */
export const HISTORY_EXTRA_STATUS_LABELS: Record<string, string> = {
  documentos_enviados: 'Documentos Enviados',
  em_analise: 'Em Análise',
  protocolado: 'Protocolado',
  finalizado: 'Finalizado',
};

/** Label of a status under a given reading; unknown values are shown raw, as the spec asks. */
export function statusLabel(status: string, labels: Record<string, string> = PROCESS_STATUS_LABELS): string {
  return labels[status] ?? status;
}

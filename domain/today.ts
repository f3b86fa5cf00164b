import { filingStanding } from './filing.js';

/**
 * 'Hoje' (docs/decisions.md, "'Hoje': the admin's day"): the admin's home, what is due. Each queue is one source of
 * work with its count, its oldest items first and a link to the filtered list; the menu shows the same counts. Queues
 * that arrive with other work (the filing kit's documents to review, court tracking's injunction movements, WhatsApp
 * replies) are declared here and read on the server once their source exists (lambdas/admin/today/today-sources.ts).
 */
export const TODAY_QUEUE_IDS = [
  'prazos',
  'documentos',
  'estornos',
  'divergencias',
  'liminares',
  'lgpd',
  'respostas',
] as const;
export type TodayQueueId = (typeof TODAY_QUEUE_IDS)[number];

export type TodayQueueWords = {
  title: string;
  /** What the count means, read after it ('3 pagos sem protocolo'). */
  countLabel: string;
  empty: string;
  /** The filtered list the count opens. */
  href: string;
  linkLabel: string;
  /** Which admin menu entry carries this queue's count. */
  menu: '/admin' | '/admin/clientes' | '/admin/processos' | '/admin/financeiro';
};

export const TODAY_QUEUES: Record<TodayQueueId, TodayQueueWords> = {
  prazos: {
    title: 'Prazos de protocolo',
    countLabel: 'com documentos aprovados, sem protocolo',
    empty: 'Nenhum processo com documentos aprovados esperando protocolo.',
    href: '/admin/processos?status=em_analise',
    linkLabel: 'Ver processos em análise',
    menu: '/admin/processos',
  },
  documentos: {
    title: 'Documentos para revisar',
    countLabel: 'documentos aguardando revisão',
    empty: 'Nenhum documento aguardando revisão.',
    href: '/admin/processos',
    linkLabel: 'Ver processos',
    menu: '/admin/processos',
  },
  estornos: {
    title: 'Estornos pendentes ou recusados',
    countLabel: 'estornos a acompanhar',
    empty: 'Nenhum estorno pendente.',
    href: '/admin/financeiro?status=REFUND_REQUESTED',
    linkLabel: 'Ver estornos no Financeiro',
    menu: '/admin/financeiro',
  },
  divergencias: {
    title: 'Divergências e pagamentos sem cobrança',
    countLabel: 'casos a conferir',
    empty: 'Nenhuma divergência nem pagamento sem cobrança.',
    href: '/admin/financeiro#divergencias',
    linkLabel: 'Ver Divergências',
    menu: '/admin/financeiro',
  },
  liminares: {
    title: 'Movimentações para confirmar',
    countLabel: 'movimentações a confirmar',
    empty: 'Nenhuma movimentação a confirmar.',
    href: '/admin/processos?status=peticionado',
    linkLabel: 'Ver processos peticionados',
    menu: '/admin/processos',
  },
  lgpd: {
    title: 'Solicitações LGPD',
    countLabel: 'pedidos em aberto',
    empty: 'Nenhum pedido de exclusão em aberto.',
    href: '/admin/clientes#lgpd',
    linkLabel: 'Ver solicitações',
    menu: '/admin/clientes',
  },
  respostas: {
    title: 'Respostas de clientes',
    countLabel: 'mensagens sem resposta',
    empty: 'Nenhuma mensagem de cliente esperando resposta.',
    href: '/admin/clientes',
    linkLabel: 'Ver clientes',
    menu: '/admin/clientes',
  },
};

export const TODAY_MESSAGES = {
  title: 'Hoje',
  subtitle: 'O que precisa de atenção, o mais antigo primeiro.',
  loading: 'Carregando as filas de hoje...',
  loadFailed: 'Erro ao carregar as filas de hoje.',
  allClear: 'Nada pendente por aqui.',
  fileAction: 'Marcar peticionado',
  late: 'Atrasado',
  dueToday: 'Vence hoje',
  businessDaysLeft: (days: number) => (days === 1 ? '1 dia útil' : `${days} dias úteis`),
  lateBy: (days: number) => (days === 1 ? 'Atrasado 1 dia útil' : `Atrasado ${days} dias úteis`),
  lgpdDeadline: (day: string) => `Prazo legal: ${day}`,
  lgpdLate: (day: string) => `Prazo legal vencido em ${day}`,
  more: (count: number) => (count === 1 ? 'e mais 1' : `e mais ${count}`),
} as const;

/** How many items of each queue 'Hoje' shows: the oldest; the count and its link give the rest. */
export const TODAY_ITEMS_PER_QUEUE = 5;

/** A deadline as a queue shows it: its words and whether it is late (red). */
export type TodayDeadline = { label: string; late: boolean };

/** A paid process against its filing forecast (spec 02 §9: filed within 7 business days after the payment). */
export function filingDeadlineLabel(previsao: Date, now: Date): TodayDeadline {
  const { businessDaysLeft, late } = filingStanding(previsao, now);
  if (late) return { label: TODAY_MESSAGES.lateBy(Math.max(1, -businessDaysLeft)), late: true };
  if (businessDaysLeft <= 0) return { label: TODAY_MESSAGES.dueToday, late: false };
  return { label: TODAY_MESSAGES.businessDaysLeft(businessDaysLeft), late: false };
}

/**
 * LGPD art. 19, II: a complete answer to a data subject's request within 15 days of it. Counted in calendar days from
 * the request's São Paulo day.
 */
export const LGPD_ANSWER_DAYS = 15;

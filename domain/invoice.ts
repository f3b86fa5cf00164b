/**
 * The nota fiscal de serviço (NFS-e) of a payment, issued by Asaas (`/v3/invoices`): its statuses, their order, the
 * labels people read, and the fiscal settings a stage configures (docs/decisions.md, A nota fiscal for every payment).
 * Pure: the SPA and the functions import it; the schemas are in domain/schemas/invoice.ts.
 */

/**
 * Asaas's invoice statuses, plus one of ours: SCHEDULING, the nota claimed for a payment and not yet accepted by Asaas
 * (a lease: the creation is under way, or it failed and waits for an admin's 'Tentar novamente').
 */
export const INVOICE_STATUSES = [
  'SCHEDULING',
  'SCHEDULED',
  'SYNCHRONIZED',
  'AUTHORIZED',
  'PROCESSING_CANCELLATION',
  'CANCELED',
  'CANCELLATION_DENIED',
  'ERROR',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function isInvoiceStatus(status: string): status is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(status);
}

/** Asaas's status text as ours: trimmed and upper-cased (an unknown one is kept, and never moves a nota). */
export function normalizeInvoiceStatus(status: string): string {
  return status.trim().toUpperCase();
}

/** What the customer and the admins read for each status. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  SCHEDULING: 'Em emissão',
  SCHEDULED: 'Em emissão',
  SYNCHRONIZED: 'Em emissão',
  AUTHORIZED: 'Emitida',
  PROCESSING_CANCELLATION: 'Cancelamento em andamento',
  CANCELED: 'Cancelada',
  CANCELLATION_DENIED: 'Cancelamento recusado',
  ERROR: 'Erro na emissão',
};

/** The customer never reads the prefeitura's error: a nota that failed is the team's to fix, and it is still coming. */
export const INVOICE_CUSTOMER_LABELS: Record<InvoiceStatus, string> = {
  ...INVOICE_STATUS_LABELS,
  ERROR: 'Em emissão',
  CANCELLATION_DENIED: 'Emitida',
};

export function invoiceStatusLabel(status: string, audience: 'customer' | 'admin' = 'customer'): string {
  if (!isInvoiceStatus(status)) return status;
  return (audience === 'customer' ? INVOICE_CUSTOMER_LABELS : INVOICE_STATUS_LABELS)[status];
}

/**
 * A nota's life on Asaas's side, as a rank: an event (or a read of it) only moves a nota forward, so a late or
 * concurrent older status never overwrites a newer one. ERROR sits after the prefeitura's first answer and before the
 * authorization (a failed nota can still be authorized once the cause is fixed); CANCELLATION_DENIED after the request
 * to cancel. The two ways back are our own, explicit: an admin's retry of a failed nota (ERROR → SCHEDULED) and of a
 * denied cancellation (CANCELLATION_DENIED → PROCESSING_CANCELLATION), each conditioned on the status it read.
 */
const INVOICE_RANK: Record<InvoiceStatus, number> = {
  SCHEDULING: 0,
  SCHEDULED: 1,
  SYNCHRONIZED: 2,
  ERROR: 3,
  AUTHORIZED: 4,
  PROCESSING_CANCELLATION: 5,
  CANCELLATION_DENIED: 6,
  CANCELED: 7,
};

export type InvoiceMoveSource = 'provider' | 'retry';

export function canInvoiceMove(from: string, to: string, source: InvoiceMoveSource = 'provider'): boolean {
  if (!isInvoiceStatus(to)) return false;
  if (!isInvoiceStatus(from)) return true;
  if (source === 'retry') {
    return (
      (from === 'ERROR' && (to === 'SCHEDULED' || INVOICE_RANK[to] > INVOICE_RANK.ERROR)) ||
      (from === 'CANCELLATION_DENIED' && (to === 'PROCESSING_CANCELLATION' || to === 'CANCELED')) ||
      (from === 'SCHEDULING' && to !== 'SCHEDULING')
    );
  }
  return INVOICE_RANK[to] > INVOICE_RANK[from];
}

/** The statuses an admin must act on: shown on /admin/financeiro ('Notas fiscais com problema'), with a retry. */
export function invoiceNeedsAttention(invoice: {
  status: string;
  falha?: string | null;
  cancelamento_pedido_em?: string | null;
}): boolean {
  if (invoice.status === 'ERROR' || invoice.status === 'CANCELLATION_DENIED') return true;
  if (invoice.falha) return true;
  return Boolean(invoice.cancelamento_pedido_em) && !['PROCESSING_CANCELLATION', 'CANCELED'].includes(invoice.status);
}

/** Whether the nota can still be cancelled at Asaas (it exists there and is not cancelled or being cancelled). */
export function isInvoiceCancellable(status: string): boolean {
  return ['SCHEDULED', 'SYNCHRONIZED', 'AUTHORIZED', 'ERROR', 'CANCELLATION_DENIED'].includes(status);
}

/**
 * The stage's fiscal settings for every nota (its configuration file's `fiscal` section, beside the company identity):
 * what the prefeitura's service list calls the service, the ISS rate and the text of the nota.
 */
export type FiscalSettings = {
  /** The municipal service code (item of LC 116/2003's list as the city codes it, e.g. '17.14' for advocacia). */
  readonly municipalServiceCode: string;
  /** The service's name as the city's list has it. */
  readonly municipalServiceName: string;
  /** ISS rate in percent (2 to 5, by law). */
  readonly issRate: number;
  /** Whether the customer withholds the ISS (a company customer in some cities): false for people. */
  readonly retainIss: boolean;
  /** The service description printed on the nota; `{protocolo}` is replaced by the contract's protocol. */
  readonly serviceDescription: string;
};

/** EXAMPLE VALUES for `npm start`, the tests and `dev` (docs/decisions.md): a real stage sets its own `fiscal`. */
export const EXAMPLE_FISCAL_SETTINGS: FiscalSettings = {
  municipalServiceCode: '17.14',
  municipalServiceName: 'Advocacia',
  issRate: 5,
  retainIss: false,
  serviceDescription:
    'Serviço de intermediação para pedido judicial de baixa temporária de apontamentos em órgãos de proteção ao crédito (SPC, SERASA, BOA VISTA, SCPC) — protocolo {protocolo}.',
};

/** The nota's service description for one contract. */
export function invoiceServiceDescription(settings: FiscalSettings, protocolo: string): string {
  return settings.serviceDescription.replaceAll('{protocolo}', protocolo);
}

/** The words of the nota on the customer's screens. */
export const INVOICE_MESSAGES = {
  title: 'Nota fiscal',
  number: (numero: string) => `Nota fiscal nº ${numero}`,
  pdf: 'Baixar nota fiscal (PDF)',
  pending: 'A nota fiscal deste pagamento está sendo emitida pela prefeitura; ela aparece aqui assim que sair.',
  cancelled: 'A nota fiscal foi cancelada porque o pagamento foi estornado.',
  retried: 'Pedido reenviado ao Asaas.',
  notFound: 'Nota fiscal não encontrada.',
  nothingToRetry: 'Esta nota fiscal não precisa de nova tentativa.',
  retryUnavailable: 'Não foi possível falar com o Asaas agora. Tente novamente em alguns minutos.',
} as const;

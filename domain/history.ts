import { INVOICE_MESSAGES, invoiceStatusLabel } from './invoice.js';
import { chargeStatusLabel, isChargePaid } from './charge-status.js';
import { kitItemDefinition, kitItemStateLabel } from './filing-kit.js';
import { chargeCheckoutMethod, chargeCreatedTitle, PAYMENT_METHOD_LABELS } from './payment-methods.js';
import { formatBRL } from './pricing.js';
import { HISTORY_EXTRA_STATUS_LABELS, PROCESS_STATUS_LABELS, statusLabel } from './process-status.js';
import type { Dashboard } from './schemas/dashboard.js';
import type { Process } from './schemas/entities.js';
import { COURT_CASE_LABELS } from './court-movements.js';

/** The actor recorded in status history for changes the system makes on its own. */
export const SYSTEM_ACTOR = 'sistema';

export type HistoryKind = 'contract' | 'payment' | 'process' | 'court';

export type HistoryEntry = {
  id: string;
  at: string;
  kind: HistoryKind;
  title: string;
  description: string;
  /** A document the entry names (the nota fiscal's PDF). */
  link?: { href: string; label: string };
};

/**
 * The history speaks to the customer, not in system states ('Pagamento Pendente → Pago'): what happened to their
 * request, in their words. Statuses not listed (the spec's extra set, unknown values) keep their label.
 */
const PROCESS_HISTORY_TITLES: Partial<Record<string, string>> = {
  cadastro: 'Pedido registrado',
  contrato_assinado: 'Contrato assinado',
  pagamento_pendente: 'Aguardando pagamento',
  pago: 'Processo iniciado',
  peticionado: 'Pedido protocolado',
  baixa_deferida: 'Baixa deferida',
  baixa_caiu: 'A baixa caiu',
  encerrado: 'Processo encerrado',
  pagamento_estornado: 'Processo parado: pagamento devolvido',
};

/** A charge's change, in the customer's words; other statuses read 'Pagamento: <label>'. */
const CHARGE_HISTORY_TITLES: Partial<Record<string, string>> = {
  OVERDUE: 'PIX vencido',
  DELETED: 'PIX cancelado',
  AWAITING_RISK_ANALYSIS: 'Pagamento em análise',
  REFUND_REQUESTED: 'Estorno solicitado',
  REFUND_IN_PROGRESS: 'Estorno solicitado',
  REFUNDED: 'Pagamento estornado',
  CHARGEBACK_REQUESTED: 'Pagamento contestado',
  CHARGEBACK_DISPUTE: 'Pagamento contestado',
  AWAITING_CHARGEBACK_REVERSAL: 'Contestação revertida',
};

function chargeHistoryTitle(status: string): string {
  if (isChargePaid(status)) return 'Pagamento confirmado';
  return CHARGE_HISTORY_TITLES[status.toUpperCase()] ?? `Pagamento: ${chargeStatusLabel(status)}`;
}

/** Both label sets the customer history reads (spec 02 §4): the dashboard's, and its own extra statuses. */
const HISTORY_STATUS_LABELS: Record<string, string> = { ...PROCESS_STATUS_LABELS, ...HISTORY_EXTRA_STATUS_LABELS };

export function historyStatusLabel(status: string): string {
  return statusLabel(status, HISTORY_STATUS_LABELS);
}

/**
 * /app/historico (spec 02 §2 History): contracts, payments and process changes of the customer, newest first, from
 * the one collection the dashboard reads.
 */
export function customerHistory(
  collection: Pick<Dashboard, 'contracts' | 'charges' | 'processes' | 'history' | 'kit'> &
    Partial<Pick<Dashboard, 'movements' | 'invoices'>> & {
      profile?: Dashboard['profile'];
    },
): HistoryEntry[] {
  const protocolOf = new Map(collection.contracts.map((contract) => [contract.id, contract.protocolo]));
  const contractOfProcess = new Map(collection.processes.map((process) => [process.id, process.contrato_id]));
  const processOfContract = new Map(collection.processes.map((process) => [process.contrato_id, process]));
  const entries: HistoryEntry[] = [];

  for (const contract of collection.contracts) {
    const renewal = contract.parent_contrato_id ? ' de renovação' : '';
    entries.push({
      id: `contract-${contract.id}`,
      at: contract.created_at,
      kind: 'contract',
      title: `Contrato${renewal} gerado`,
      // A no-break space after 'R$': on a phone the line wrapped between the symbol and the amount.
      description: `Protocolo ${contract.protocolo} · ${formatBRL(contract.valor).replace(' ', '\u00a0')}`,
    });
    if (contract.assinado_em) {
      entries.push({
        id: `signature-${contract.id}`,
        at: contract.assinado_em,
        kind: 'contract',
        title: `Contrato${renewal} assinado`,
        description: `Protocolo ${contract.protocolo} · assinatura digital`,
      });
    }
  }

  for (const charge of collection.charges) {
    const protocol = protocolOf.get(charge.contrato_id);
    // A card or a boleto is not a PIX: the line says what was made (the spec's words for a PIX).
    const description = protocol
      ? `Protocolo ${protocol}`
      : `Pagamento via ${PAYMENT_METHOD_LABELS[chargeCheckoutMethod(charge)]}`;
    entries.push({
      id: `charge-${charge.id}`,
      at: charge.created_at,
      kind: 'payment',
      title: chargeCreatedTitle(charge),
      description,
    });
    if (charge.updated_at !== charge.created_at) {
      entries.push({
        id: `charge-status-${charge.id}`,
        at: charge.updated_at,
        kind: 'payment',
        title: chargeHistoryTitle(charge.status),
        description,
      });
    }
  }

  const signedContracts = new Set(collection.contracts.filter((c) => c.assinado_em).map((c) => c.id));
  for (const change of collection.history) {
    const contractId = contractOfProcess.get(change.processo_id) ?? '';
    // The signature is listed once, by its contract (with the signing instant); the process's move is the same event.
    if (change.para === 'contrato_assinado' && signedContracts.has(contractId)) continue;
    const protocol = protocolOf.get(contractId);
    const filedCase = change.para === 'peticionado' ? caseLine(processOfContract.get(contractId)) : null;
    entries.push({
      id: `process-${change.processo_id}-${change.created_at}-${change.para}`,
      at: change.created_at,
      kind: 'process',
      title: PROCESS_HISTORY_TITLES[change.para] ?? historyStatusLabel(change.para),
      description:
        [protocol ? `Protocolo ${protocol}` : null, filedCase, change.obs].filter(Boolean).join(' · ') ||
        'Andamento do processo',
    });
  }

  // What the court recorded (the court sync with DataJud), in our words or the court's.
  for (const movement of collection.movements ?? []) {
    const number = processOfContract.get(movement.contrato_id)?.numero_cnj;
    entries.push({
      id: `court-${movement.id}`,
      at: movement.data_hora,
      kind: 'court',
      title: movement.texto,
      description: number ? `${COURT_CASE_LABELS.number} ${number}` : 'Movimentação do tribunal',
    });
  }

  // The filing kit's progress: each document as sent, and the lawyer's decision on it.
  const documentType = collection.profile?.tipo_documento ?? 'cpf';
  for (const item of collection.kit ?? []) {
    const title = kitItemDefinition(documentType, item.key)?.title ?? item.key;
    const protocol = protocolOf.get(item.contrato_id);
    const description = protocol ? `Protocolo ${protocol}` : 'Documentos';
    entries.push({
      id: `kit-${item.contrato_id}-${item.key}-sent`,
      at: item.sent_at,
      kind: 'process',
      title: `${HISTORY_EXTRA_STATUS_LABELS.documentos_enviados}: ${title}`,
      description,
    });
    if (item.reviewed_at && (item.state === 'aprovado' || item.state === 'recusado')) {
      entries.push({
        id: `kit-${item.contrato_id}-${item.key}-review`,
        at: item.reviewed_at,
        kind: 'process',
        title: `${item.state === 'aprovado' ? 'Documento aprovado' : 'Documento recusado'}: ${title}`,
        description:
          item.state === 'recusado' && item.refusal
            ? `${description} · ${kitItemStateLabel('recusado', item.refusal)}`
            : description,
      });
    }
  }

  // Each payment's nota fiscal once the prefeitura issued it (its number and PDF), and its cancellation.
  for (const invoice of collection.invoices ?? []) {
    if (!invoice.numero) continue;
    const protocol = protocolOf.get(invoice.contrato_id);
    entries.push({
      id: `invoice-${invoice.charge_id}`,
      at: invoice.updated_at,
      kind: 'payment',
      title: INVOICE_MESSAGES.number(invoice.numero),
      description: [protocol ? `Protocolo ${protocol}` : null, invoiceStatusLabel(invoice.status)]
        .filter(Boolean)
        .join(' · '),
      ...(invoice.pdf_url && invoice.status !== 'CANCELED'
        ? { link: { href: invoice.pdf_url, label: INVOICE_MESSAGES.pdf } }
        : {}),
    });
  }

  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

/** The filed case as one line: its CNJ number and court ('Processo nº … (TJMG)'), or null before the number exists. */
function caseLine(process: Process | undefined): string | null {
  if (!process?.numero_cnj) return null;
  return `${COURT_CASE_LABELS.number} ${process.numero_cnj}${process.tribunal ? ` (${process.tribunal})` : ''}`;
}

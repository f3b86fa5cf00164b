import { chargeStatusLabel, isChargePaid } from './charge-status.js';
import { formatBRL } from './pricing.js';
import { HISTORY_EXTRA_STATUS_LABELS, PROCESS_STATUS_LABELS, statusLabel } from './process-status.js';
import type { Dashboard } from './schemas/dashboard.js';

/** The actor recorded in status history for changes the system makes on its own. */
export const SYSTEM_ACTOR = 'sistema';

export type HistoryKind = 'contract' | 'payment' | 'process';

export type HistoryEntry = {
  id: string;
  at: string;
  kind: HistoryKind;
  title: string;
  description: string;
};

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
  collection: Pick<Dashboard, 'contracts' | 'charges' | 'processes' | 'history'>,
): HistoryEntry[] {
  const protocolOf = new Map(collection.contracts.map((contract) => [contract.id, contract.protocolo]));
  const contractOfProcess = new Map(collection.processes.map((process) => [process.id, process.contrato_id]));
  const entries: HistoryEntry[] = [];

  for (const contract of collection.contracts) {
    const renewal = contract.parent_contrato_id ? ' de renovação' : '';
    entries.push({
      id: `contract-${contract.id}`,
      at: contract.created_at,
      kind: 'contract',
      title: `Contrato${renewal} gerado`,
      description: `Protocolo ${contract.protocolo} · ${formatBRL(contract.valor)}`,
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
    entries.push({
      id: `charge-${charge.id}`,
      at: charge.created_at,
      kind: 'payment',
      title: 'PIX gerado',
      description: protocol ? `Protocolo ${protocol}` : 'Pagamento via PIX',
    });
    if (charge.updated_at !== charge.created_at) {
      entries.push({
        id: `charge-status-${charge.id}`,
        at: charge.updated_at,
        kind: 'payment',
        title: isChargePaid(charge.status) ? 'Pagamento confirmado' : `Pagamento: ${chargeStatusLabel(charge.status)}`,
        description: protocol ? `Protocolo ${protocol}` : 'Pagamento via PIX',
      });
    }
  }

  for (const change of collection.history) {
    const protocol = protocolOf.get(contractOfProcess.get(change.processo_id) ?? '');
    const from = change.de ? `${historyStatusLabel(change.de)} → ` : '';
    entries.push({
      id: `process-${change.processo_id}-${change.created_at}-${change.para}`,
      at: change.created_at,
      kind: 'process',
      title: historyStatusLabel(change.para),
      description: [`${from}${historyStatusLabel(change.para)}`, protocol ? `Protocolo ${protocol}` : null, change.obs]
        .filter(Boolean)
        .join(' · '),
    });
  }

  return entries.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
}

import { RENEWAL_MESSAGES } from './messages.js';
import type { JourneyAction } from './process-journey.js';
import type { ProcessStatus } from './process-status.js';
import type { Contract, Process, Profile } from './schemas/entities.js';

/**
 * Which contract may be renewed (docs/decisions.md, Renewals): the customer's latest contract, once its removal was
 * granted or fell or its process was closed — never while a contract (a renewal included) waits for its signature
 * or its payment, and never twice. The server enforces it with conditions on the write; the screen reads it to
 * explain a disabled button before anyone clicks.
 */
export const RENEWABLE_PROCESS_STATUSES = [
  'baixa_deferida',
  'baixa_caiu',
  'encerrado',
] as const satisfies readonly ProcessStatus[];

const AWAITING_SIGNATURE_OR_PAYMENT: readonly ProcessStatus[] = ['cadastro', 'contrato_assinado', 'pagamento_pendente'];

export type RenewalBlock = 'no_profile' | 'open_contract' | 'process_in_progress' | 'cancelled';

export type RenewalEligibility =
  { renewable: true; parent: Contract; process: Process } | { renewable: false; reason: RenewalBlock; message: string };

type Collection = { profile: Profile | null; contracts: Contract[]; processes: Process[] };

const REFUSALS: Record<RenewalBlock, string> = {
  no_profile: RENEWAL_MESSAGES.profileMissing,
  open_contract: RENEWAL_MESSAGES.openContract,
  process_in_progress: RENEWAL_MESSAGES.processInProgress,
  cancelled: RENEWAL_MESSAGES.cancelledContract,
};

const refused = (reason: RenewalBlock): RenewalEligibility => ({ renewable: false, reason, message: REFUSALS[reason] });

/** The newest contract (contract ids are ULIDs: creation order, even within one millisecond). */
export function latestContract(contracts: readonly Contract[]): Contract | null {
  return [...contracts].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0] ?? null;
}

/** Whether the customer may start a renewal now, and from which contract (its parent). */
export function renewalEligibility(collection: Collection): RenewalEligibility {
  if (!collection.profile) return refused('no_profile');
  const parent = latestContract(collection.contracts);
  // A profile always has its initial contract (created with it); none would be an unfinished first save.
  if (!parent) return refused('open_contract');
  // A contract the customer withdrew from (or an admin refunded) is closed for good, not renewed.
  if (parent.cancelado_em) return refused('cancelled');
  const process = collection.processes.find((p) => p.contrato_id === parent.id);
  if (parent.assinado_em === null || !process || AWAITING_SIGNATURE_OR_PAYMENT.includes(process.status)) {
    return refused('open_contract');
  }
  if (!(RENEWABLE_PROCESS_STATUSES as readonly ProcessStatus[]).includes(process.status)) {
    return refused('process_in_progress');
  }
  return { renewable: true, parent, process };
}

/** Where a customer who cannot renew goes from here: the screen shows it beside the reason. */
export function renewalWayForward(reason: RenewalBlock): JourneyAction {
  switch (reason) {
    case 'no_profile':
      return { kind: 'page', to: '/app/perfil', label: 'Completar perfil' };
    case 'open_contract':
      return { kind: 'page', to: '/app/contrato', label: 'Ir para o contrato' };
    case 'process_in_progress':
      return { kind: 'page', to: '/app/dashboard', label: 'Acompanhar Processo' };
    case 'cancelled':
      return { kind: 'support', label: 'Falar com o suporte' };
  }
}

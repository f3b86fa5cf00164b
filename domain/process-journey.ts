import { isChargeExpired, isChargePaid, normalizeChargeStatus } from './charge-status.js';
import { formatDate } from './dates.js';
import { FILING_PROMISE_MESSAGES, filingPromise, promisedFilingDate } from './filing.js';
import { currentProcess } from './next-step.js';
import { chargeMethod, type PaymentMethod, refundRoute } from './payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from './pricing.js';
import {
  FILED_PROCESS_STATUSES,
  PROCESS_STATUS_LABELS,
  PROCESS_TIMELINE_TITLES,
  type ProcessStatus,
} from './process-status.js';
import type { Dashboard } from './schemas/dashboard.js';
import type { Charge, Contract, Process, StatusHistory } from './schemas/entities.js';
import { refundExpectedBy } from './withdrawal.js';

/**
 * What the customer is told about where their request stands (docs/decisions.md, "Truthful states: the journey off the
 * planned path"): the timeline follows the path the process really took, off the planned path too (a withdrawal and its
 * refund, a chargeback, a removal that fell, a closed process), and a process that left the planned path says why and
 * what happens to the money, with dates. Pure functions over the customer's collection; the screens only render them.
 */

/** The planned path shown ahead of the customer. 'Baixa Caiu' and 'Encerrado' are never promised: they are shown when they happen. */
const PLANNED_PATH = [
  'cadastro',
  'contrato_assinado',
  'pagamento_pendente',
  'pago',
  'em_analise',
  'peticionado',
  'baixa_deferida',
] as const satisfies readonly ProcessStatus[];
type PlannedStatus = (typeof PLANNED_PATH)[number];

const isPlanned = (status: string): status is PlannedStatus => (PLANNED_PATH as readonly string[]).includes(status);
const plannedIndex = (status: string) => (PLANNED_PATH as readonly string[]).indexOf(status);

/** Customer words, not the spec's fixed texts (those stay in messages.ts); docs/decisions.md, Truthful states. */
export const JOURNEY_MESSAGES = {
  pixGeneratedStep: 'PIX Gerado',
  cancelledStep: 'Contrato cancelado',
  closedStep: 'Processo encerrado',
  removalFellStep: 'Baixa Caiu',
  refundByTeamStep: 'Estorno em andamento pela equipe',
  refundRequestedStep: 'Estorno solicitado',
  refundedStep: 'Valor estornado',
  chargebackStep: 'Pagamento contestado',
  chargebackReversedStep: 'Contestação revertida',
  returnedStep: 'Pagamento devolvido',
  closedByTeam: 'Encerrado pela equipe.',
  supportAction: 'Falar com o suporte',
  renewalAction: 'Ver renovação',
  contractAction: 'Ver contrato',
  paymentAction: 'Ver pagamento',
  forecastLabel: 'Previsão de protocolo',
} as const;

/** Where the money of the followed contract stands, in the customer's terms. */
export type MoneyState =
  /** Nothing was paid (a PIX never paid, removed at the cancellation, or a free renewal). */
  | { kind: 'none' }
  /** Paid and kept (the service goes on, or was delivered). */
  | { kind: 'paid'; amount: number; paidAt: string | null }
  /**
   * Cancelled, and the charge is still paid at Asaas: the refund was not accepted yet (Asaas unreachable, or refused
   * it and the team handles it by hand). The admins were alerted in both cases.
   */
  | { kind: 'refund_by_team'; amount: number; paidAt: string | null }
  /** `method`: how the refunded charge was paid, which says where its money goes back (REFUND_ROUTES). */
  | { kind: 'refund_requested'; amount: number; since: string; method: PaymentMethod }
  | { kind: 'refunded'; amount: number; at: string; method: PaymentMethod }
  /** The payer disputed the PIX at their bank (Asaas's chargeback), still open. */
  | { kind: 'chargeback'; amount: number; since: string }
  /** A chargeback the payer lost: the money is coming back to us. */
  | { kind: 'chargeback_reversed'; amount: number; since: string };

const REFUND_IN_FLIGHT = new Set(['REFUND_REQUESTED', 'REFUND_IN_PROGRESS']);
const CHARGEBACK_OPEN = new Set(['CHARGEBACK_REQUESTED', 'CHARGEBACK_DISPUTE']);

/** The money of a contract, from its latest charge (a replaced, expired PIX never held money). */
export function moneyState(contract: Contract, charge: Charge | null): MoneyState {
  if (!charge || contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD) return { kind: 'none' };
  const amount = charge.valor ?? contract.valor;
  const status = normalizeChargeStatus(charge.status);
  if (isChargePaid(status)) {
    return contract.cancelado_em
      ? { kind: 'refund_by_team', amount, paidAt: charge.paid_at ?? null }
      : { kind: 'paid', amount, paidAt: charge.paid_at ?? null };
  }
  const method = chargeMethod(charge);
  if (REFUND_IN_FLIGHT.has(status)) return { kind: 'refund_requested', amount, since: charge.updated_at, method };
  if (status === 'REFUNDED') return { kind: 'refunded', amount, at: charge.updated_at, method };
  if (CHARGEBACK_OPEN.has(status)) return { kind: 'chargeback', amount, since: charge.updated_at };
  if (status === 'AWAITING_CHARGEBACK_REVERSAL')
    return { kind: 'chargeback_reversed', amount, since: charge.updated_at };
  return { kind: 'none' };
}

/** One sentence on the money, with its amount and date: the dashboard's outcome and the payment screen say it. */
export function moneySentence(money: MoneyState, cancelled: boolean): string {
  switch (money.kind) {
    case 'none':
      return cancelled ? 'Nenhum pagamento foi feito: não há nada a estornar.' : 'Nenhum pagamento foi recebido.';
    case 'paid':
      return `Pagamento de ${formatBRL(money.amount)} recebido${money.paidAt ? ` em ${formatDate(money.paidAt)}` : ''}.`;
    case 'refund_by_team':
      return `O estorno de ${formatBRL(money.amount)} não foi aceito automaticamente pelo banco. Nossa equipe já foi avisada e vai devolver o valor; você não precisa fazer nada.`;
    case 'refund_requested': {
      const route = refundRoute(money.method);
      const by = refundExpectedBy(new Date(money.since), route.businessDays);
      return `Estorno de ${formatBRL(money.amount)} solicitado em ${formatDate(money.since)}, para ${route.destination}: o valor volta em até ${route.businessDays} dias úteis, até ${formatDate(by.toISOString())}.`;
    }
    case 'refunded':
      return `${formatBRL(money.amount)} estornados em ${formatDate(money.at)} para ${refundRoute(money.method).destination}.`;
    case 'chargeback':
      return `O pagamento de ${formatBRL(money.amount)} foi contestado no banco de quem pagou em ${formatDate(money.since)}.`;
    case 'chargeback_reversed':
      return `A contestação do pagamento de ${formatBRL(money.amount)} foi revertida em ${formatDate(money.since)}: o pagamento volta a valer assim que o banco o confirmar.`;
  }
}

/**
 * The dashboard's status badge: the spec's label, except for an open dispute, which the stored status
 * ('pagamento_estornado') would call refunded while the money is only held.
 */
export function statusBadgeLabel(status: ProcessStatus, money: MoneyState): string {
  return money.kind === 'chargeback' ? 'Pagamento Contestado' : PROCESS_STATUS_LABELS[status];
}

/** The money's short label (the payment screen's badge, the value card). */
export function moneyLabel(money: MoneyState): string | null {
  switch (money.kind) {
    case 'none':
      return null;
    case 'paid':
      return 'Pago';
    case 'refund_by_team':
      return JOURNEY_MESSAGES.refundByTeamStep;
    case 'refund_requested':
      return JOURNEY_MESSAGES.refundRequestedStep;
    case 'refunded':
      return 'Estornado';
    case 'chargeback':
      return JOURNEY_MESSAGES.chargebackStep;
    case 'chargeback_reversed':
      return JOURNEY_MESSAGES.chargebackReversedStep;
  }
}

export type JourneyStepState = 'done' | 'current' | 'upcoming' | 'alert';

export type JourneyStep = {
  key: string;
  title: string;
  state: JourneyStepState;
  /** When it happened (ISO), when the collection holds it. */
  at: string | null;
  detail?: string;
  /** The step the process is at now (the last one that happened). */
  current?: true;
};

/** Where a disabled action or a closed process leads: a page of the app, or the support channels (domain/company.ts). */
export type JourneyAction = { kind: 'page'; to: string; label: string } | { kind: 'support'; label: string };

export type JourneyOutcome = {
  tone: 'info' | 'warning' | 'error';
  title: string;
  /** Why it stands so, with its date. */
  description: string;
  /** What happens to the money. */
  money: string;
  actions: JourneyAction[];
};

export type ProcessJourney = {
  steps: JourneyStep[];
  /** The filing forecast, only while the filing is what is awaited. */
  forecast: string | null;
  /** What the forecast counts from, or why there is none yet (the filing kit waits): the dashboard says which. */
  forecastNote: string | null;
  /** Set when the process left the planned path: it replaces 'Tudo em dia'. */
  outcome: JourneyOutcome | null;
  money: MoneyState;
};

type JourneyInput = {
  process: Process | null;
  contract: Contract | null;
  /** The contract's latest charge. */
  charge: Charge | null;
  /** This process's status changes, in any order. */
  history: readonly StatusHistory[];
};

const SUPPORT: JourneyAction = { kind: 'support', label: JOURNEY_MESSAGES.supportAction };

/** The journey of the process the dashboard follows. */
export function dashboardJourney(dashboard: Dashboard): ProcessJourney {
  const process = currentProcess(dashboard);
  const contract = process ? (dashboard.contracts.find((c) => c.id === process.contrato_id) ?? null) : null;
  return processJourney({
    process,
    contract,
    charge: contract ? latestChargeOf(dashboard.charges, contract.id) : null,
    history: process ? dashboard.history.filter((change) => change.processo_id === process.id) : [],
  });
}

/** The newest charge of a contract (ids are ULIDs: creation order within one millisecond too). */
export function latestChargeOf(charges: readonly Charge[], contractId: string): Charge | null {
  return (
    charges
      .filter((charge) => charge.contrato_id === contractId)
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0] ?? null
  );
}

export function processJourney({ process, contract, charge, history }: JourneyInput): ProcessJourney {
  const chronological = [...history].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const lastAt = (status: string) => chronological.filter((change) => change.para === status).at(-1) ?? null;
  const money = contract ? moneyState(contract, charge) : ({ kind: 'none' } as const);
  const free = contract?.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  // A process filed without the filing kit's step (before the kit existed) never shows it.
  const filed =
    process !== null &&
    (FILED_PROCESS_STATUSES.includes(process.status) ||
      Boolean(process.baixa_deferida_em) ||
      history.some((change) => FILED_PROCESS_STATUSES.includes(change.para as ProcessStatus)));
  const skippedKit = (status: string) =>
    status === 'em_analise' &&
    filed &&
    !process?.kit_aprovado_em &&
    !history.some((change) => change.para === 'em_analise');
  const path = PLANNED_PATH.filter((status) => !(free && status === 'pagamento_pendente') && !skippedKit(status));

  // An account without a profile has no process yet: its sign-up is what is done.
  if (!process || !contract) {
    return {
      steps: path.map((status, i) =>
        i === 0 ? { ...plannedStep(status, 'done', null), current: true } : plannedStep(status, 'upcoming', null),
      ),
      forecast: null,
      forecastNote: null,
      outcome: null,
      money,
    };
  }

  const reached = furthestReached(process, contract, charge, chronological);
  const dateOf = (status: PlannedStatus): string | null => {
    if (status === 'cadastro') return process.created_at;
    if (status === 'contrato_assinado') return contract.assinado_em;
    if (status === 'pagamento_pendente') return lastAt(status)?.created_at ?? charge?.created_at ?? null;
    if (status === 'pago') return charge?.paid_at ?? lastAt(status)?.created_at ?? null;
    if (status === 'em_analise') return process.kit_aprovado_em ?? lastAt(status)?.created_at ?? null;
    if (status === 'baixa_deferida') return process.baixa_deferida_em ?? lastAt(status)?.created_at ?? null;
    return lastAt(status)?.created_at ?? null;
  };
  const steps: JourneyStep[] = path
    .filter((status) => plannedIndex(status) <= reached)
    .map((status) => plannedStep(status, 'done', dateOf(status)));

  const cancelled = Boolean(contract.cancelado_em);
  const onPath = isPlanned(process.status) && !cancelled;
  const closing = lastAt('encerrado');

  if (cancelled) {
    steps.push({
      key: 'cancelado',
      title: JOURNEY_MESSAGES.cancelledStep,
      state: 'done',
      at: contract.cancelado_em ?? null,
      detail: closing?.obs ?? undefined,
    });
  } else if (process.status === 'baixa_caiu') {
    steps.push({
      key: 'baixa_caiu',
      title: JOURNEY_MESSAGES.removalFellStep,
      state: 'alert',
      at: process.baixa_caiu_em ?? lastAt('baixa_caiu')?.created_at ?? null,
    });
  }
  steps.push(...moneySteps(money));
  if (process.status === 'encerrado' && !cancelled) {
    steps.push({
      key: 'encerrado',
      title: JOURNEY_MESSAGES.closedStep,
      state: 'done',
      at: closing?.created_at ?? process.updated_at,
      detail: closing?.obs ?? undefined,
    });
  }
  // A payment under dispute or going back halts the planned path: nothing ahead is promised.
  if (onPath && (money.kind === 'paid' || money.kind === 'none')) {
    steps.push(
      ...path.filter((status) => plannedIndex(status) > reached).map((status) => plannedStep(status, 'upcoming', null)),
    );
  }
  // Where the process is now: the last step that happened.
  const now = steps.findLastIndex((step) => step.state !== 'upcoming');
  if (now >= 0) steps[now] = { ...steps[now]!, current: true };

  return {
    steps,
    ...filingForecastOf(process, charge, cancelled ? null : money),
    outcome: outcomeOf(process, contract, money, closing, reached >= plannedIndex('peticionado')),
    money,
  };
}

/**
 * The filing promise: none while the filing kit waits for approval ('pago'), then the forecast counted from
 * the later of the payment and the kit's approval, and what it counts from.
 */
function filingForecastOf(
  process: Process,
  charge: Charge | null,
  money: MoneyState | null,
): Pick<ProcessJourney, 'forecast' | 'forecastNote'> {
  const free = money?.kind === 'none';
  if (!money || (money.kind !== 'paid' && !free)) return { forecast: null, forecastNote: null };
  if (process.status === 'pago') return { forecast: null, forecastNote: FILING_PROMISE_MESSAGES.awaiting_kit };
  const forecast = promisedFilingDate(process);
  if (!forecast) return { forecast: null, forecastNote: null };
  const paidAt = (money.kind === 'paid' ? money.paidAt : null) ?? charge?.paid_at ?? process.created_at;
  const promise = filingPromise(paidAt, process.kit_aprovado_em);
  return {
    forecast,
    forecastNote: promise.basis === 'awaiting_kit' ? null : FILING_PROMISE_MESSAGES[promise.basis],
  };
}

function plannedStep(status: PlannedStatus, state: JourneyStepState, at: string | null): JourneyStep {
  const title =
    status === 'pagamento_pendente' && state === 'done'
      ? JOURNEY_MESSAGES.pixGeneratedStep
      : PROCESS_TIMELINE_TITLES[status];
  return { key: status, title, state, at };
}

/**
 * How far along the planned path the process got. On the path, where it is now (an admin may move it back: the spec's
 * rule). Off it, the furthest planned status its history, its contract and its charge show it reached.
 */
function furthestReached(
  process: Process,
  contract: Contract,
  charge: Charge | null,
  history: readonly StatusHistory[],
): number {
  if (isPlanned(process.status) && !contract.cancelado_em) return plannedIndex(process.status);
  const seen = [process.status, ...history.flatMap((change) => [change.de ?? '', change.para])].map(plannedIndex);
  if (contract.assinado_em) seen.push(plannedIndex('contrato_assinado'));
  if (charge && contract.forma_pagamento !== FREE_RENEWAL_PAYMENT_METHOD) seen.push(plannedIndex('pagamento_pendente'));
  if (charge?.paid_at) seen.push(plannedIndex('pago'));
  // A removal that fell had been granted.
  if (process.baixa_deferida_em || process.status === 'baixa_caiu') seen.push(plannedIndex('baixa_deferida'));
  return Math.max(0, ...seen);
}

function moneySteps(money: MoneyState): JourneyStep[] {
  switch (money.kind) {
    case 'none':
    case 'paid':
      return [];
    case 'refund_by_team':
      return [{ key: 'estorno', title: JOURNEY_MESSAGES.refundByTeamStep, state: 'current', at: null }];
    case 'refund_requested':
      return [
        { key: 'estorno', title: JOURNEY_MESSAGES.refundRequestedStep, state: 'current', at: money.since },
        { key: 'estornado', title: JOURNEY_MESSAGES.refundedStep, state: 'upcoming', at: null },
      ];
    case 'refunded':
      return [{ key: 'estornado', title: JOURNEY_MESSAGES.refundedStep, state: 'done', at: money.at }];
    case 'chargeback':
      return [{ key: 'contestacao', title: JOURNEY_MESSAGES.chargebackStep, state: 'alert', at: money.since }];
    case 'chargeback_reversed':
      return [
        { key: 'contestacao', title: JOURNEY_MESSAGES.chargebackReversedStep, state: 'current', at: money.since },
      ];
  }
}

function outcomeOf(
  process: Process,
  contract: Contract,
  money: MoneyState,
  closing: StatusHistory | null,
  /** Whether the petition had been filed: an admin's refund may come after it. */
  filed: boolean,
): JourneyOutcome | null {
  if (contract.cancelado_em) {
    const reason = closing?.obs ? ` Motivo: ${closing.obs}.` : '';
    return {
      tone: money.kind === 'refund_by_team' ? 'warning' : 'info',
      title: JOURNEY_MESSAGES.cancelledStep,
      description: `Contrato cancelado em ${formatDate(contract.cancelado_em)}; o processo foi encerrado${filed ? '' : ' e o pedido de baixa não será protocolado'}.${reason}`,
      money: moneySentence(money, true),
      actions:
        money.kind === 'none'
          ? [SUPPORT]
          : [{ kind: 'page', to: '/app/pagamento', label: JOURNEY_MESSAGES.paymentAction }, SUPPORT],
    };
  }
  if (money.kind === 'chargeback' || money.kind === 'chargeback_reversed') {
    return {
      tone: money.kind === 'chargeback' ? 'error' : 'info',
      title: JOURNEY_MESSAGES.chargebackStep,
      description:
        money.kind === 'chargeback'
          ? 'Enquanto o banco analisa a contestação, o processo fica parado. Se você não reconhece essa contestação, fale com o suporte.'
          : 'O banco decidiu a contestação a nosso favor; o processo segue assim que o pagamento for confirmado.',
      money: moneySentence(money, false),
      actions: [SUPPORT],
    };
  }
  if (money.kind === 'refunded' || money.kind === 'refund_requested') {
    return {
      tone: 'error',
      title: money.kind === 'refunded' ? JOURNEY_MESSAGES.returnedStep : JOURNEY_MESSAGES.refundRequestedStep,
      description:
        money.kind === 'refunded'
          ? 'O pagamento deste contrato voltou para quem pagou, e o processo está parado.'
          : 'O pagamento deste contrato está sendo devolvido para quem pagou, e o processo está parado.',
      money: moneySentence(money, false),
      actions: [SUPPORT],
    };
  }
  if (process.status === 'baixa_caiu') {
    const fellAt = process.baixa_caiu_em ?? closing?.created_at ?? null;
    return {
      tone: 'warning',
      title: 'A baixa caiu',
      description: `${fellAt ? `A baixa caiu em ${formatDate(fellAt)}.` : 'A baixa caiu.'} Ela é temporária; para pedir uma nova baixa, faça uma renovação.`,
      money: moneySentence(money, false),
      actions: [{ kind: 'page', to: '/app/renovacao', label: JOURNEY_MESSAGES.renewalAction }, SUPPORT],
    };
  }
  if (process.status === 'encerrado') {
    const at = closing?.created_at ?? process.updated_at;
    return {
      tone: 'info',
      title: JOURNEY_MESSAGES.closedStep,
      description: `Processo encerrado em ${formatDate(at)}. ${closing?.obs ? `Motivo: ${closing.obs}.` : JOURNEY_MESSAGES.closedByTeam}`,
      money: moneySentence(money, false),
      actions: [{ kind: 'page', to: '/app/renovacao', label: JOURNEY_MESSAGES.renewalAction }, SUPPORT],
    };
  }
  if (process.status === 'pagamento_estornado') {
    return {
      tone: 'error',
      title: JOURNEY_MESSAGES.returnedStep,
      description: 'O pagamento deste contrato voltou para quem pagou e o processo está parado.',
      money: moneySentence(money, false),
      actions: [SUPPORT],
    };
  }
  return null;
}

/**
 * What the payment screen shows for the contract it follows. A cancelled contract, or one whose payment went back or
 * is disputed, shows where the money stands, never a code to pay.
 */
export type PaymentView =
  | { kind: 'sign_first' }
  | { kind: 'free'; contract: Contract }
  | { kind: 'settled'; contract: Contract; charge: Charge | null; money: MoneyState; title: string; sentence: string }
  | { kind: 'paid'; contract: Contract; charge: Charge }
  | { kind: 'payable'; contract: Contract; charge: Charge }
  | { kind: 'generate'; contract: Contract; expired: boolean; expiredCharge?: Charge | null };

export function paymentView(dashboard: Dashboard, contract: Contract | null): PaymentView {
  if (!dashboard.profile || !contract || contract.assinado_em === null) return { kind: 'sign_first' };
  const charge = latestChargeOf(dashboard.charges, contract.id);
  const money = moneyState(contract, charge);
  if (contract.cancelado_em) {
    return {
      kind: 'settled',
      contract,
      charge,
      money,
      title: JOURNEY_MESSAGES.cancelledStep,
      sentence: moneySentence(money, true),
    };
  }
  if (contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD) return { kind: 'free', contract };
  if (money.kind !== 'none' && money.kind !== 'paid') {
    return {
      kind: 'settled',
      contract,
      charge,
      money,
      title: moneyLabel(money)!,
      sentence: moneySentence(money, false),
    };
  }
  if (charge && money.kind === 'paid') return { kind: 'paid', contract, charge };
  const expired = charge !== null && isChargeExpired(normalizeChargeStatus(charge.status));
  // A PIX with its code, a card plan with its page, a boleto with its line: each payable where it shows.
  const payable = charge?.pix_payload || charge?.link || charge?.boleto_linha;
  if (charge && payable && !expired && charge.forma !== undefined && charge.forma !== null) {
    return { kind: 'payable', contract, charge };
  }
  if (charge?.pix_payload && !expired) return { kind: 'payable', contract, charge };
  return { kind: 'generate', contract, expired, expiredCharge: expired ? charge : null };
}

/**
 * The nightly reconciliation with Asaas (docs/decisions.md, Nightly reconciliation): which payments a run reads, and
 * what a payment and our charge of it say about each other. Pure rules; the run itself lives in
 * lambdas/payments/reconciliation-service.ts.
 */
import {
  canChargeMove,
  chargeStatusLabel,
  isChargePaid,
  paymentClass,
  providerChargeStatus,
  type ChargeStatus,
} from './charge-status.js';
import { formatBRL } from './pricing.js';
import { isAwaitingPayment, type ProcessStatus } from './process-status.js';
import { addCalendarDays, saoPauloDay, saoPauloDayStart } from './sao-paulo-calendar.js';

/**
 * Every run lists the payments Asaas created in the last 90 São Paulo days: a PIX charge's whole life fits in it (3
 * days to pay, 30 days of waiting workflow, refunds and PIX's special return mechanism, MED, up to 80 days after the
 * payment). Asaas has no "changed since" filter, so creation is the narrowest date that still holds every live charge.
 */
export const RECONCILIATION_CREATED_WINDOW_DAYS = 90;

/**
 * Payments paid since the last run started, this many days earlier: Asaas's payment date is a calendar day, and a day
 * of overlap never misses a payment made late in the evening of the last run's day.
 */
export const RECONCILIATION_PAID_OVERLAP_DAYS = 1;

/**
 * A paid charge whose process still awaits its payment this long after the charge last moved lost its confirmation
 * (the workflow was not resumed): the run confirms it again. Shorter, and a confirmation still on its way (the workflow
 * resumed a moment ago) would be started a second time.
 */
export const CONFIRMATION_GRACE_MINUTES = 15;

/**
 * Our charges in these statuses are read at Asaas one by one when neither list brought their payment (created before
 * the window): money on its way (held for review, confirmed but not yet received) or on its way back (a refund or a
 * chargeback under way), whose next step carries no date Asaas filters by. Few charges are in them at any time;
 * OVERDUE and DELETED ones pile up instead, and a payment of one of those is in the list of paid payments.
 */
export const CHARGE_STATUSES_READ_ONE_BY_ONE: readonly ChargeStatus[] = [
  'PENDING',
  'AWAITING_RISK_ANALYSIS',
  'CONFIRMED',
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
];

const DAY_MS = 86_400_000;

export type ReconciliationWindow = {
  /** Asaas's payments created from this São Paulo day on… */
  createdFrom: string;
  /** …and those paid from this day on (since the last run, with a day of overlap)… */
  paidFrom: string;
  /** …created up to this day: the day before `createdFrom` (the first list has every later one). */
  paidCreatedUntil: string;
  /** Today in São Paulo, the upper bound of both lists. */
  until: string;
  /** Our own charges created from this instant on (the start of `createdFrom`) are each expected in the first list. */
  ourChargesFrom: string;
};

/** What one run reads, from when it runs and when the last completed run started (none yet: the whole window). */
export function reconciliationWindow(now: Date, lastStartedAt: string | null): ReconciliationWindow {
  const createdFrom = saoPauloDay(new Date(now.getTime() - RECONCILIATION_CREATED_WINDOW_DAYS * DAY_MS));
  const last = Date.parse(lastStartedAt ?? '');
  const paidFrom = Number.isNaN(last)
    ? createdFrom
    : saoPauloDay(new Date(Math.min(last, now.getTime()) - RECONCILIATION_PAID_OVERLAP_DAYS * DAY_MS));
  const paidCreatedUntil = addCalendarDays(createdFrom, -1);
  return {
    createdFrom,
    paidFrom,
    paidCreatedUntil,
    until: saoPauloDay(now),
    ourChargesFrom: saoPauloDayStart(createdFrom),
  };
}

/**
 * What a run reports and cannot repair, one record per payment and kind:
 * - `status_refused`: Asaas and we disagree on where the money is (paid, returned, unpaid) and the charge's life refuses
 *   Asaas's status (e.g. paid here by 'Marcar pago', still open at Asaas; refunded here, paid at Asaas);
 * - `value_mismatch`: the payment's value is not the contract's;
 * - `unknown_at_asaas`: a charge of ours whose payment Asaas does not know (another account's key, a removed record).
 */
export const DIVERGENCE_KINDS = [
  'status_refused',
  'value_mismatch',
  'unknown_at_asaas',
  'cancelled_paid',
  'duplicate_payment',
] as const;
export type DivergenceKind = (typeof DIVERGENCE_KINDS)[number];

export const DIVERGENCE_LABELS: Record<DivergenceKind, string> = {
  status_refused: 'Situação diferente no Asaas',
  value_mismatch: 'Valor diferente no Asaas',
  unknown_at_asaas: 'Cobrança não encontrada no Asaas',
  cancelled_paid: 'Contrato cancelado com pagamento retido',
  duplicate_payment: 'Pagamento em duplicidade',
};

/**
 * - `cancelled_paid`: Asaas holds the payment of a cancelled contract and its refund was refused (or is not done yet);
 *   over once the money goes back or an admin records a manual refund;
 * - `duplicate_payment`: a second paid charge of one contract (an old PIX paid after it was replaced).
 */
export type DivergenceFinding =
  | { kind: 'status_refused'; ourStatus: string; asaasStatus: string }
  | { kind: 'value_mismatch'; ourValue: number; asaasValue: number }
  | { kind: 'unknown_at_asaas'; ourStatus: string }
  | { kind: 'cancelled_paid'; ourStatus: string; asaasStatus: string; ourValue: number }
  | { kind: 'duplicate_payment'; ourStatus: string; asaasStatus: string; ourValue: number };

/** What a divergence record keeps of its finding (one shape for every kind; what a kind lacks is null). */
export type DivergenceFacts = {
  kind: DivergenceKind;
  our_status: string | null;
  asaas_status: string | null;
  our_value: number | null;
  asaas_value: number | null;
};

export function divergenceFacts(finding: DivergenceFinding): DivergenceFacts {
  return {
    kind: finding.kind,
    our_status: 'ourStatus' in finding ? finding.ourStatus : null,
    asaas_status: 'asaasStatus' in finding ? finding.asaasStatus : null,
    our_value: 'ourValue' in finding ? finding.ourValue : null,
    asaas_value: 'asaasValue' in finding ? finding.asaasValue : null,
  };
}

/** One line for a person: what each side says, in the screens' words. */
export function describeDivergence(facts: DivergenceFacts): string {
  const label = (status: string | null) => (status === null ? '—' : chargeStatusLabel(status));
  const money = (value: number | null) => (value === null ? '—' : formatBRL(value));
  switch (facts.kind) {
    case 'status_refused':
      return `Aqui: ${label(facts.our_status)}. No Asaas: ${label(facts.asaas_status)}.`;
    case 'value_mismatch':
      return `Contrato: ${money(facts.our_value)}. No Asaas: ${money(facts.asaas_value)}.`;
    case 'unknown_at_asaas':
      return `Aqui: ${label(facts.our_status)}. O Asaas não encontrou o pagamento.`;
    case 'cancelled_paid':
      return `O contrato foi cancelado e o Asaas ainda tem ${money(facts.our_value)} pagos: estorne ou registre o estorno manual.`;
    case 'duplicate_payment':
      return `O contrato já tem outra cobrança paga: ${money(facts.our_value)} pagos a mais.`;
  }
}

/** Our side of a payment, as a run reads it: the charge, its contract's value and its process's status. */
export type ChargeSnapshot = {
  status: ChargeStatus;
  /** When the charge last moved (ISO-8601). */
  updatedAt: string;
  /** The contract's value, in reais (null: the contract is gone). */
  value: number | null;
  processStatus: ProcessStatus | null;
};

/** Asaas's side, as its API answers a payment. */
export type PaymentSnapshot = { status: string; deleted?: boolean; value: number };

export type ReconcileVerdict = {
  /**
   * `move`: give the charge Asaas's status through the webhook's own path (a missed delivery); `confirm`: the charge is
   * paid on both sides but its process never heard of it, so the same path resumes the confirmation; `none`.
   */
  action: 'none' | 'move' | 'confirm';
  /** Asaas's status as ours (DELETED for a removed payment). */
  asaasStatus: string;
  findings: DivergenceFinding[];
};

/** Values are reais with two decimals: the same amount is the same number of centavos. */
const sameValue = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/** Compares one Asaas payment with our charge of it, at `now`. */
export function compareChargeWithPayment(
  charge: ChargeSnapshot,
  payment: PaymentSnapshot,
  now: Date,
): ReconcileVerdict {
  const asaasStatus = providerChargeStatus(payment);
  const findings: DivergenceFinding[] = [];
  if (charge.value !== null && !sameValue(charge.value, payment.value)) {
    findings.push({ kind: 'value_mismatch', ourValue: charge.value, asaasValue: payment.value });
  }
  if (paymentClass(asaasStatus) === paymentClass(charge.status)) {
    // Where the money is, both agree. A different status of the same class moves when the charge's life allows it
    // (CONFIRMED → RECEIVED, PENDING → OVERDUE; the same status is no move), else it is no news about money (OVERDUE
    // here, PENDING there).
    if (canChargeMove(charge.status, asaasStatus, { freshRead: true }))
      return { action: 'move', asaasStatus, findings };
    return { action: confirmationLost(charge, now) ? 'confirm' : 'none', asaasStatus, findings };
  }
  if (canChargeMove(charge.status, asaasStatus, { freshRead: true })) return { action: 'move', asaasStatus, findings };
  findings.push({ kind: 'status_refused', ourStatus: charge.status, asaasStatus });
  return { action: 'none', asaasStatus, findings };
}

/** A paid charge whose process still waits for its payment, well after the charge became paid. */
function confirmationLost(charge: ChargeSnapshot, now: Date): boolean {
  if (!isChargePaid(charge.status) || charge.processStatus === null || !isAwaitingPayment(charge.processStatus)) {
    return false;
  }
  const movedAt = Date.parse(charge.updatedAt);
  return Number.isNaN(movedAt) || now.getTime() - movedAt >= CONFIRMATION_GRACE_MINUTES * 60_000;
}

/**
 * A payment Asaas has and we have no charge for: paid money is an orphan payment (recorded, admins told); an unpaid
 * one is nobody's money (a charge whose creation crashed before it was written, which the next 'Gerar PIX' completes
 * by its reference, or a charge made by hand in Asaas's panel).
 */
export function paymentWithoutCharge(payment: PaymentSnapshot): 'orphan' | 'ignore' {
  return isChargePaid(providerChargeStatus(payment)) ? 'orphan' : 'ignore';
}

/** How a run ended. */
export const RECONCILIATION_RUN_STATUSES = ['running', 'completed', 'incomplete', 'failed'] as const;

/**
 * When the nightly run starts, São Paulo time: the catalogue schedules it from here (lambdas/functions.ts) and
 * 'Divergências' tells the next one from here. At 03:00: the day's payments are in and nobody is paying.
 */
export const RECONCILIATION_SCHEDULE = { hour: 3, minute: 0 } as const;

/**
 * The next scheduled run after `now`, as an ISO instant: today's at 03:00 in São Paulo if it is still ahead, else
 * tomorrow's (São Paulo keeps no daylight saving time since 2019, so a day start plus hours is the wall clock).
 */
export function nextScheduledReconciliation(now: Date): string {
  const at = (day: string) =>
    new Date(
      Date.parse(saoPauloDayStart(day)) + (RECONCILIATION_SCHEDULE.hour * 60 + RECONCILIATION_SCHEDULE.minute) * 60_000,
    );
  const today = at(saoPauloDay(now));
  return (today.getTime() > now.getTime() ? today : at(addCalendarDays(saoPauloDay(now), 1))).toISOString();
}

/** The audit trail's subject for 'Executar agora' (`AUDIT#RECONCILIATION`): the run concerns no one client. */
export const RECONCILIATION_AUDIT_SUBJECT = 'RECONCILIATION';

/** Who started a run: the nightly schedule, `npm run reconcile`, or an admin's 'Executar agora'. */
export const RECONCILIATION_STARTERS = ['agendamento', 'script', 'admin'] as const;
export type ReconciliationStarter = { kind: (typeof RECONCILIATION_STARTERS)[number]; email?: string | null };

/** 'Iniciada pelo agendamento noturno', 'por admin@…': the run's origin in the screen's words. */
export function reconciliationStarterText(starter: ReconciliationStarter | null | undefined): string {
  if (!starter || starter.kind === 'agendamento') return 'Iniciada pelo agendamento noturno';
  if (starter.kind === 'script') return 'Iniciada pelo comando npm run reconcile';
  return `Iniciada por ${starter.email ?? 'um administrador'} (Executar agora)`;
}
export type ReconciliationRunStatus = (typeof RECONCILIATION_RUN_STATUSES)[number];

export const RECONCILIATION_RUN_LABELS: Record<ReconciliationRunStatus, string> = {
  running: 'Em andamento',
  completed: 'Concluída',
  incomplete: 'Incompleta',
  failed: 'Falhou',
};

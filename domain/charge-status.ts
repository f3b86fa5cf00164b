import * as z from 'zod';

/**
 * Statuses of money that was paid and is going back, or went back, to the payer: a refund (asked by the customer, an
 * admin or Asaas) or a chargeback still open. A won chargeback (AWAITING_CHARGEBACK_REVERSAL) keeps it here until
 * Asaas says RECEIVED again. The finance screen's 'Estornado' and every reversal are keyed on these.
 */
export const RETURNED_CHARGE_STATUSES = [
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'REFUNDED',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
  'AWAITING_CHARGEBACK_REVERSAL',
] as const;

/**
 * Every status a charge of ours can hold: Asaas's statuses of a payment that our charge's life (below) takes, plus
 * DELETED for a payment Asaas removed (it keeps its last status and says `deleted: true`). What Asaas sends is a
 * string until the charge's life accepts it (`canChargeMove`): a status Asaas adds later is never stored, only
 * ignored as a move the charge cannot make, as before this list existed.
 */
export const CHARGE_STATUSES = [
  'PENDING',
  'AWAITING_RISK_ANALYSIS',
  'OVERDUE',
  'CONFIRMED',
  'RECEIVED',
  'RECEIVED_IN_CASH',
  ...RETURNED_CHARGE_STATUSES,
  'DELETED',
] as const;
export const chargeStatusSchema = z.enum(CHARGE_STATUSES);
export type ChargeStatus = z.infer<typeof chargeStatusSchema>;

const CHARGE_STATUS_SET = new Set<string>(CHARGE_STATUSES);

/** Whether a (normalised) status is one a charge of ours can hold. */
export function isChargeStatus(status: string): status is ChargeStatus {
  return CHARGE_STATUS_SET.has(status);
}

/**
 * Charge statuses are the payment provider's (Asaas) values, matched case-insensitively. The one place a provider's
 * status text becomes ours: trimmed and upper-cased, so 'received' and 'RECEIVED ' are the same status everywhere
 * after the edge (webhook, verification, charge creation).
 */
export function normalizeChargeStatus(status: string): string {
  return status.trim().toUpperCase();
}

/** Spec 02 §4: the three statuses shown as 'Pago'. */
export const PAID_CHARGE_STATUSES = ['RECEIVED', 'CONFIRMED', 'RECEIVED_IN_CASH'] as const;

const PAID_STATUSES = new Set<string>(PAID_CHARGE_STATUSES);

export function isChargePaid(status: string): boolean {
  return PAID_STATUSES.has(status.toUpperCase());
}

const RETURNED_STATUSES = new Set<string>(RETURNED_CHARGE_STATUSES);

export function isChargeReturned(status: string): boolean {
  return RETURNED_STATUSES.has(status.toUpperCase());
}

/** Where the money of a charge stands: with us, going back (or gone back) to the payer, or never arrived. */
export type PaymentClass = 'paid' | 'returned' | 'unpaid';

export function paymentClass(status: string): PaymentClass {
  if (isChargePaid(status)) return 'paid';
  return isChargeReturned(status) ? 'returned' : 'unpaid';
}

/**
 * The events of a card's own life at Asaas (authorised, held for risk analysis, approved or reproved by it, capture
 * refused). Asaas sends them in bursts, one per instalment, and its queue may deliver them in any order: a body's
 * status says where the card stood when the event was sent, not where it stands now.
 */
export const CARD_EVENTS = [
  'PAYMENT_AUTHORIZED',
  'PAYMENT_AWAITING_RISK_ANALYSIS',
  'PAYMENT_APPROVED_BY_RISK_ANALYSIS',
  'PAYMENT_REPROVED_BY_RISK_ANALYSIS',
  'PAYMENT_CREDIT_CARD_CAPTURE_REFUSED',
] as const;

const CARD_EVENT_SET = new Set<string>(CARD_EVENTS);

/**
 * Whether a webhook's claim must be checked with Asaas before it is applied: any move into or out of money received
 * (a payment, a refund, a chargeback, a cash payment undone), and every card event or move into or out of risk
 * analysis — whether a card is charged is decided there, and a late AWAITING_RISK_ANALYSIS taken from its body would
 * put a reproved or refused card back 'em análise'. The body is only a hint — anyone holding the webhook token could
 * post it — so what is applied is what Asaas answers. Other moves between unpaid statuses (PENDING → OVERDUE) move no
 * money and are taken from the body.
 */
export function needsProviderCheck(claimed: string, stored: string | null, event?: string): boolean {
  if (event !== undefined && CARD_EVENT_SET.has(event)) return true;
  if (claimed === 'AWAITING_RISK_ANALYSIS' || stored === 'AWAITING_RISK_ANALYSIS') return true;
  return paymentClass(claimed) !== 'unpaid' || (stored !== null && paymentClass(stored) !== 'unpaid');
}

/**
 * Charges still waiting for their money: PENDING (spec 02 §4, 'Aguardando' or 'Pendente') and Asaas's
 * AWAITING_RISK_ANALYSIS, a payment held for the provider's review that may still be confirmed ('Marcar pago' and the
 * charge's life treat it as unpaid). The finance screen's 'Pendentes' counts both; OVERDUE is a PIX no longer payable.
 */
export const PENDING_CHARGE_STATUSES = ['PENDING', 'AWAITING_RISK_ANALYSIS'] as const;

/** 'Pendentes' from the per-status charge counts. */
export function pendingChargeCount(byStatus: Record<string, number>): number {
  return PENDING_CHARGE_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
}

/**
 * Spec 02 §4's labels, then Asaas statuses the spec does not name (held for review, refund and chargeback steps,
 * removed), in the same tone, so no screen shows a provider's raw value.
 */
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  PENDING: 'Pendente',
  RECEIVED: 'Pago',
  CONFIRMED: 'Pago',
  RECEIVED_IN_CASH: 'Pago',
  OVERDUE: 'Vencido',
  REFUNDED: 'Estornado',
  AWAITING_RISK_ANALYSIS: 'Em análise',
  REFUND_REQUESTED: 'Estorno solicitado',
  REFUND_IN_PROGRESS: 'Estorno solicitado',
  CHARGEBACK_REQUESTED: 'Contestado',
  CHARGEBACK_DISPUTE: 'Contestação em disputa',
  AWAITING_CHARGEBACK_REVERSAL: 'Contestação revertida',
  DELETED: 'Cancelado',
};

/** A status's label; a provider's status no charge holds is shown as Asaas wrote it. */
export function chargeStatusLabel(status: string): string {
  const known = status.toUpperCase();
  return isChargeStatus(known) ? CHARGE_STATUS_LABELS[known] : status;
}

const PAID_ONWARDS: ChargeStatus[] = [
  'REFUND_REQUESTED',
  'REFUND_IN_PROGRESS',
  'REFUNDED',
  'CHARGEBACK_REQUESTED',
  'CHARGEBACK_DISPUTE',
];

/**
 * Where a charge may go from each status (Asaas's life of a PIX charge). Events arrive at least once and in any order,
 * each with its own id, so a late or repeated event of an earlier state must never move a charge back: a paid charge
 * stays paid (PENDING after RECEIVED is ignored), only a refund or a chargeback leaves it, and a refund is final.
 * CONFIRMED → RECEIVED is the money landing after the confirmation; RECEIVED_IN_CASH → PENDING is Asaas's explicit
 * undo of a cash payment (PAYMENT_RECEIVED_IN_CASH_UNDONE).
 */
const NEXT_STATUSES: Record<ChargeStatus, readonly ChargeStatus[]> = {
  PENDING: ['AWAITING_RISK_ANALYSIS', 'OVERDUE', 'CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH', 'DELETED'],
  AWAITING_RISK_ANALYSIS: ['OVERDUE', 'CONFIRMED', 'RECEIVED', 'DELETED'],
  OVERDUE: ['CONFIRMED', 'RECEIVED', 'RECEIVED_IN_CASH', 'DELETED'],
  CONFIRMED: ['RECEIVED', ...PAID_ONWARDS],
  RECEIVED: PAID_ONWARDS,
  RECEIVED_IN_CASH: ['PENDING', ...PAID_ONWARDS],
  REFUND_REQUESTED: ['REFUND_IN_PROGRESS', 'REFUNDED'],
  REFUND_IN_PROGRESS: ['REFUNDED'],
  CHARGEBACK_REQUESTED: ['CHARGEBACK_DISPUTE', 'AWAITING_CHARGEBACK_REVERSAL', 'REFUNDED'],
  CHARGEBACK_DISPUTE: ['AWAITING_CHARGEBACK_REVERSAL', 'REFUNDED'],
  // A chargeback won: the money comes back and the charge is paid again.
  AWAITING_CHARGEBACK_REVERSAL: ['RECEIVED', 'REFUNDED'],
  REFUNDED: [],
  // Money is never ignored: a removed charge that Asaas restored and then got paid is paid (a person sorts out a
  // contract paid twice; see docs/decisions.md).
  DELETED: ['CONFIRMED', 'RECEIVED'],
};

/**
 * Moves that only a statement of the present may make, never a delivery that might be stale: PAYMENT_RESTORED brings
 * a removed charge back (a late PAYMENT_CREATED must not), and a fresh read of the payment ('Verificar Pagamento')
 * may show a refund request that was withdrawn or denied (PAYMENT_REFUND_DENIED is only a hint: it is read back).
 */
const RESTORED_STATUSES: readonly string[] = ['PENDING', 'OVERDUE', 'AWAITING_RISK_ANALYSIS'];
const CURRENT_STATE_MOVES: Partial<Record<ChargeStatus, readonly string[]>> = {
  DELETED: RESTORED_STATUSES,
  REFUND_REQUESTED: ['CONFIRMED', 'RECEIVED'],
  // A refund Asaas accepted and its bank then denied (PAYMENT_REFUND_DENIED): the money is back with us.
  REFUND_IN_PROGRESS: ['CONFIRMED', 'RECEIVED'],
  // A risk analysis that reproved the card: Asaas shows the payment PENDING again (open for another card). Only a read
  // says so: a late PAYMENT_CREATED's PENDING must not end an analysis still under way.
  AWAITING_RISK_ANALYSIS: ['PENDING'],
};

/**
 * Where a status came from: a webhook's event (possibly late or repeated) or a fresh read of the payment, with what
 * Asaas keeps of it (`asaasFeeCents`, domain/finance.ts) when the read says: recorded if this move makes it paid.
 */
export type ChargeStatusSource = { event?: string } | { freshRead: true; feeCents?: number | null };

/**
 * Our status for what Asaas says about a payment. A removed payment keeps its last status with `deleted: true` (and
 * PAYMENT_DELETED as the event), so removal is told apart here, once, as DELETED.
 */
export function providerChargeStatus(payment: { status: string; deleted?: unknown }, event?: string): string {
  if (event === 'PAYMENT_DELETED' || payment.deleted === true) return 'DELETED';
  return normalizeChargeStatus(payment.status);
}

/**
 * The status a new charge is stored with: where Asaas says its payment stands. A payment just created is pending, held
 * for a card's risk analysis or already confirmed; anything else (a status Asaas adds later) starts as PENDING, so the
 * charge's life can still follow it when Asaas's events and reads come.
 */
export function initialChargeStatus(payment: { status: string; deleted?: unknown }): ChargeStatus {
  const status = providerChargeStatus(payment);
  return isChargeStatus(status) ? status : 'PENDING';
}

/** A charge whose PIX can no longer be paid (its due date passed, or Asaas removed it): 'Gerar PIX' replaces it. */
export function isChargeExpired(status: string): boolean {
  return status === 'OVERDUE' || status === 'DELETED';
}

/**
 * Whether a charge in `from` may take the status `to` (normalised; what Asaas said, so any string). The same status is
 * no move, and a status no charge holds is never one: a true answer makes `to` one of ours.
 */
export function canChargeMove(from: ChargeStatus, to: string, source: ChargeStatusSource = {}): to is ChargeStatus {
  // Optional: a stored status is read as typed, not parsed, on some paths.
  const next: readonly string[] | undefined = NEXT_STATUSES[from];
  if (next?.includes(to)) return true;
  if ('freshRead' in source) return CURRENT_STATE_MOVES[from]?.includes(to) ?? false;
  return source.event === 'PAYMENT_RESTORED' && from === 'DELETED' && RESTORED_STATUSES.includes(to);
}

/** 'Marcar pago' is refused when the charge is already CONFIRMED or RECEIVED (spec 02 §4). */
export function canMarkChargePaid(status: string): boolean {
  const s = status.toUpperCase();
  return s !== 'CONFIRMED' && s !== 'RECEIVED';
}

/**
 * 'Marcar pago' (docs/decisions.md, Admin: processes and finance): the admin states that the money arrived (outside
 * PIX, too), so the charge takes CONFIRMED as a payment would. Refused when already CONFIRMED or RECEIVED (spec 02 §4)
 * and wherever the charge's life refuses CONFIRMED (RECEIVED_IN_CASH is paid already; a refund or chargeback gave the
 * money back). The caller also refuses a charge its contract replaced (a new PIX), whose workflow is gone.
 */
export function canAdminMarkPaid(status: string): boolean {
  const s = normalizeChargeStatus(status);
  return isChargeStatus(s) && canMarkChargePaid(s) && canChargeMove(s, 'CONFIRMED');
}

/** Spec 02 §9: paid charges ÷ all charges, as a percentage to 1 decimal (0 when there is none). */
/**
 * Charges whose money arrived, whatever happened after: paid now, or paid and then refunded or disputed (a returned
 * status is only reached from a paid one). The conversion rate counts these: a refund does not undo the sale having
 * converted, and counting only charges paid now read 0,0 % with money received (docs/decisions.md, "Finance: conversion
 * counts refunded sales, every status filterable").
 */
export function convertedChargeCount(charges: { paid: number; byStatus: Record<string, number> }): number {
  return RETURNED_CHARGE_STATUSES.reduce((sum, status) => sum + (charges.byStatus[status] ?? 0), charges.paid);
}

export function conversionRate(paid: number, total: number): number {
  return total > 0 ? Math.round((paid / total) * 1000) / 10 : 0;
}

/** The conversion rate as the finance screen shows it: '33,3%'. */
export function formatConversionRate(rate: number): string {
  return `${rate.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** The finance screen's status filter: one gsi2 partition each, so the three paid statuses are told apart. */
export const CHARGE_FILTER_LABELS: Record<ChargeStatus, string> = {
  PENDING: 'Pendente',
  AWAITING_RISK_ANALYSIS: 'Em análise',
  CONFIRMED: 'Pago (confirmado)',
  RECEIVED: 'Pago (recebido)',
  RECEIVED_IN_CASH: 'Pago (em dinheiro)',
  OVERDUE: 'Vencido',
  REFUND_REQUESTED: 'Estorno solicitado',
  REFUND_IN_PROGRESS: 'Estorno em andamento',
  REFUNDED: 'Estornado',
  CHARGEBACK_REQUESTED: 'Contestado',
  CHARGEBACK_DISPUTE: 'Contestação em disputa',
  AWAITING_CHARGEBACK_REVERSAL: 'Contestação revertida',
  DELETED: 'Cancelado',
};

/**
 * What 'Verificar' tells the admin, in words that fit where the charge stands after Asaas was read: a move names both
 * statuses; no move says what the status means (a refund under way is not 'not received yet'), and when Asaas says
 * something our charge cannot take, both sides.
 */
export function verificationMessage(result: { from: string; status: string; providerStatus: string; moved: boolean }) {
  const { from, status, providerStatus, moved } = result;
  if (moved)
    return `O Asaas informa: ${chargeStatusLabel(status)}. A cobrança passou de ${chargeStatusLabel(from)} para ${chargeStatusLabel(status)}.`;
  if (normalizeChargeStatus(providerStatus) !== status) {
    return `O Asaas informa: ${chargeStatusLabel(providerStatus)}. A cobrança continua ${chargeStatusLabel(status)}; confira em Divergências.`;
  }
  if (isChargePaid(status)) return 'O Asaas confirma o pagamento. Nada mudou.';
  switch (status) {
    case 'PENDING':
    case 'AWAITING_RISK_ANALYSIS':
      return 'O pagamento ainda não foi recebido.';
    case 'OVERDUE':
      return 'O PIX venceu sem pagamento.';
    case 'REFUND_REQUESTED':
    case 'REFUND_IN_PROGRESS':
      return 'O estorno está em andamento no Asaas. Nada mudou.';
    case 'REFUNDED':
      return 'O pagamento foi estornado ao pagador. Nada mudou.';
    case 'DELETED':
      return 'A cobrança foi removida no Asaas. Nada mudou.';
    default:
      return `O Asaas informa: ${chargeStatusLabel(status)}. Nada mudou.`;
  }
}

import { isChargePaid, PENDING_CHARGE_STATUSES } from './charge-status.js';
import { WITHDRAWAL_MESSAGES } from './messages.js';
import { chargeMethod, type PaymentMethod } from './payment-methods.js';
import { FILED_PROCESS_STATUSES, type ProcessStatus } from './process-status.js';
import { FREE_RENEWAL_PAYMENT_METHOD } from './pricing.js';
import { CANCELLATION_WINDOW_DAYS, REFUND_BUSINESS_DAYS } from './deadlines.js';
import { addBusinessDays, addCalendarDays, calendarNoon, saoPauloDay, saoPauloDayEnd } from './sao-paulo-calendar.js';
import type { Charge, Contract, Process } from './schemas/entities.js';

/**
 * The customer's right of withdrawal (direito de arrependimento: CDC art. 49, the contract's clause 7, spec 02 §4): a
 * signed contract may be cancelled within CANCELLATION_WINDOW_DAYS calendar days of its signature, counted in São
 * Paulo, while the petition has not been filed. The server decides (and decides again in the cancelling transaction);
 * the screen only shows what the server said.
 */
export type WithdrawalRefusal = 'not_signed' | 'already_cancelled' | 'window_closed' | 'filed' | 'closed';

export type WithdrawalEligibility =
  { allowed: true; until: string } | { allowed: false; reason: WithdrawalRefusal; message: string };

const REFUSALS: Record<WithdrawalRefusal, string> = {
  not_signed: WITHDRAWAL_MESSAGES.notSigned,
  already_cancelled: WITHDRAWAL_MESSAGES.alreadyCancelled,
  window_closed: WITHDRAWAL_MESSAGES.windowClosed,
  filed: WITHDRAWAL_MESSAGES.filed,
  closed: WITHDRAWAL_MESSAGES.closed,
};

const refused = (reason: WithdrawalRefusal): WithdrawalEligibility => ({
  allowed: false,
  reason,
  message: REFUSALS[reason],
});

/**
 * The last instant of the window: the end of the 7th calendar day after the signing day, in São Paulo (signed on the
 * 1st → until the 8th, 23:59:59.999), by the zone's rules (domain/sao-paulo-calendar.ts).
 */
export function withdrawalDeadline(signedAt: string): string {
  return saoPauloDayEnd(addCalendarDays(saoPauloDay(new Date(signedAt)), CANCELLATION_WINDOW_DAYS));
}

export function withdrawalEligibility(contract: Contract, process: Process | null, now: Date): WithdrawalEligibility {
  if (contract.cancelado_em) return refused('already_cancelled');
  if (!contract.assinado_em) return refused('not_signed');
  if (process && FILED_PROCESS_STATUSES.includes(process.status)) return refused('filed');
  if (process && (['encerrado'] as ProcessStatus[]).includes(process.status)) return refused('closed');
  const until = withdrawalDeadline(contract.assinado_em);
  if (now.toISOString() > until) return refused('window_closed');
  return { allowed: true, until };
}

/**
 * The last day a withdrawal's refund is promised by (contract clause 7): the method's business days (REFUND_ROUTES; 7
 * for a PIX) after the São Paulo calendar day it was asked, skipping weekends and holidays as the filing forecast does.
 */
export function refundExpectedBy(requestedAt: Date, businessDays: number = REFUND_BUSINESS_DAYS): Date {
  const expected = addBusinessDays(saoPauloDay(requestedAt), businessDays);
  if (!expected) throw new RangeError(`No refund date for ${requestedAt.toISOString()}`);
  return calendarNoon(expected);
}

const REFUND_STATUSES = new Set(['REFUND_REQUESTED', 'REFUND_IN_PROGRESS', 'REFUNDED']);

/**
 * The charge whose money a withdrawal refunds: the newest charge of the contract that is paid or already being refunded
 * (a replaced PIX paid late included); null when none holds money.
 */
export function refundedCharge<
  C extends Pick<Charge, 'contrato_id' | 'status' | 'created_at' | 'id' | 'forma' | 'pagamento_manual'>,
>(contractId: string, charges: readonly C[]): C | null {
  return (
    charges
      .filter((c) => c.contrato_id === contractId)
      .filter((c) => isChargePaid(c.status) || REFUND_STATUSES.has(c.status.toUpperCase()))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id))[0] ?? null
  );
}

/**
 * How the money a withdrawal refunds was paid, so the customer is told where it goes back. PIX when no charge holds
 * money: nothing is refunded then, and the words are never shown.
 */
export function refundMethod(contractId: string, charges: Parameters<typeof refundedCharge>[1]): PaymentMethod {
  const refunded = refundedCharge(contractId, charges);
  return refunded ? chargeMethod(refunded) : 'pix';
}

/**
 * What a settlement of a cancelled contract's money did at Asaas, one word for the server, the e-mails and the screens:
 * a refund asked for (or already done), the open PIX removed, nothing to settle (never paid, already removed), another
 * attempt at it right now, or Asaas refused (no balance, past 90 days, a payment under risk analysis): then the money
 * is pending with the team, who are told by an admin alert (docs/decisions.md, A refund Asaas refuses).
 */
export const SETTLEMENT_OUTCOMES = ['refund-requested', 'removed', 'nothing', 'in-progress', 'refused'] as const;
export type SettlementOutcome = (typeof SETTLEMENT_OUTCOMES)[number];

/**
 * The customer's word for a contract's settlement, from its charges' outcomes: the one that needs a person most wins
 * (refused, then one still under way, then a refund, then a removal).
 */
export function combinedSettlement(outcomes: readonly SettlementOutcome[]): SettlementOutcome {
  const order: SettlementOutcome[] = ['refused', 'in-progress', 'refund-requested', 'removed'];
  return order.find((outcome) => outcomes.includes(outcome)) ?? 'nothing';
}

/**
 * What a settlement does with one charge of a cancelled contract at Asaas, from its status: a paid one is refunded, an
 * open one removed — overdue included, since Asaas still takes a PIX paid after its due date — and null when there is
 * nothing to do (never paid and gone, or already returned).
 */
export type SettlementAction = 'refund' | 'remove';

const OPEN_STATUSES = new Set<string>([...PENDING_CHARGE_STATUSES, 'OVERDUE']);

export function settlementAction(status: string): SettlementAction | null {
  if (isChargePaid(status)) return 'refund';
  return OPEN_STATUSES.has(status.toUpperCase()) ? 'remove' : null;
}

/** The charges a settlement acts on: each with an action, less those whose money an admin returned by hand. */
export function chargesToSettle<C extends Pick<Charge, 'status' | 'manual_refund'>>(charges: readonly C[]): C[] {
  return charges.filter((charge) => settlementAction(charge.status) !== null && !charge.manual_refund);
}

/**
 * What cancelling a contract will do with its money, told before the customer confirms (the dialog) from the same rule
 * the settlement then follows on every charge: a refund when any charge is paid, a removal when one is still open, a
 * free renewal's benefit given back, or nothing.
 */
export const SETTLEMENT_PLANS = ['refund', 'remove', 'free', 'nothing'] as const;
export type SettlementPlan = (typeof SETTLEMENT_PLANS)[number];

export function settlementPlan(
  contract: Pick<Contract, 'id' | 'forma_pagamento'>,
  charges: readonly Pick<Charge, 'contrato_id' | 'status' | 'manual_refund'>[],
): SettlementPlan {
  if (contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD) return 'free';
  const actions = chargesToSettle(charges.filter((c) => c.contrato_id === contract.id)).map((c) =>
    settlementAction(c.status),
  );
  if (actions.includes('refund')) return 'refund';
  return actions.includes('remove') ? 'remove' : 'nothing';
}

import { addBusinessDays } from '@brazilian-utils/brazilian-utils';
import { CHARGE_STATUS_LABELS } from './charge-status.js';
import { saoPauloDateDigits } from './dates.js';
import { WITHDRAWAL_MESSAGES } from './messages.js';
import { FILED_PROCESS_STATUSES, type ProcessStatus } from './process-status.js';
import { CANCELLATION_WINDOW_DAYS, REFUND_BUSINESS_DAYS } from './pricing.js';
import type { Contract, Process } from './schemas/entities.js';

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

const saoPauloDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The last instant of the window: the end of the 7th calendar day after the signing day, in São Paulo (signed on the
 * 1st → until the 8th, 23:59:59.999). São Paulo keeps UTC−3 all year (no daylight saving since 2019).
 */
export function withdrawalDeadline(signedAt: string): string {
  const signingDay = saoPauloDate.format(new Date(signedAt));
  const dayAfterWindow = new Date(`${signingDay}T00:00:00.000Z`);
  dayAfterWindow.setUTCDate(dayAfterWindow.getUTCDate() + CANCELLATION_WINDOW_DAYS + 1);
  const nextDay = dayAfterWindow.toISOString().slice(0, 10);
  return new Date(new Date(`${nextDay}T00:00:00.000-03:00`).getTime() - 1).toISOString();
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

/** What happens to the money when a contract is cancelled, told before and after: decided by its latest charge. */
export type WithdrawalRefund = 'refund' | 'remove' | 'none';

/** The payment screen's and contract screen's label of a charge being refunded ('Estorno solicitado'). */
export const REFUND_REQUESTED_LABEL = CHARGE_STATUS_LABELS.REFUND_REQUESTED!;

/**
 * The last day a withdrawal's refund is promised by (contract clause 7): REFUND_BUSINESS_DAYS business days after the
 * São Paulo calendar day it was asked, skipping weekends and holidays as the filing forecast does.
 */
export function refundExpectedBy(requestedAt: Date): Date {
  const digits = saoPauloDateDigits(requestedAt);
  const calendarDay = new Date(Date.UTC(+digits.slice(0, 4), +digits.slice(4, 6) - 1, +digits.slice(6, 8), 12));
  const expected = addBusinessDays(calendarDay, REFUND_BUSINESS_DAYS, { stateCode: 'MG' });
  if (!expected) throw new RangeError(`No refund date for ${requestedAt.toISOString()}`);
  return expected;
}

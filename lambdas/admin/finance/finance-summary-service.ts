import type { FinanceSummary } from '../../../domain/api/admin-finance.js';
import { fillFinanceDays, fromCents, netCents } from '../../../domain/finance.js';
import { rangeInstants, type DayRange } from '../../../domain/finance-period.js';
import { contractsAwaitingPayment, financeDaysBetween, openChargesBetween } from '../../shared/data/finance.js';
import type { Db } from '../../shared/data/table.js';

/**
 * The figures of /admin/financeiro for a period of São Paulo days (pattern 57), computed here, never from a page of
 * the list: Recebido and Estornado add up the period's daily totals (one Query of at most 366 small items, whatever
 * the number of charges); Pendente sums the open charges whose status last changed in the period, which is what the
 * list shows for them. Taxas Asaas adds up what Asaas kept of the days' receipts, and Líquido is what is left (received −
 * refunded − fees). Beside them, now: the contracts waiting for their payment, with and without a charge (pattern 113).
 * Every day of the period is in `days`, a day without money as zeros.
 */
export async function getFinanceSummary(deps: { db: Db }, range: DayRange): Promise<FinanceSummary> {
  const [days, open, awaiting] = await Promise.all([
    financeDaysBetween(deps.db, range),
    openChargesBetween(deps.db, rangeInstants(range)),
    contractsAwaitingPayment(deps.db),
  ]);
  const totals = [...days.values()].reduce(
    (sum, day) => ({
      receivedCents: sum.receivedCents + day.received_cents,
      receivedCount: sum.receivedCount + day.received_count,
      refundedCents: sum.refundedCents + day.refunded_cents,
      refundedCount: sum.refundedCount + day.refunded_count,
      feeCents: sum.feeCents + day.fee_cents,
    }),
    { receivedCents: 0, receivedCount: 0, refundedCents: 0, refundedCount: 0, feeCents: 0 },
  );
  const net = netCents({
    received_cents: totals.receivedCents,
    refunded_cents: totals.refundedCents,
    fee_cents: totals.feeCents,
  });
  return {
    from: range.from,
    to: range.to,
    received: { amount: fromCents(totals.receivedCents), count: totals.receivedCount },
    refunded: { amount: fromCents(totals.refundedCents), count: totals.refundedCount },
    fees: { amount: fromCents(totals.feeCents), count: totals.receivedCount },
    net: { amount: fromCents(net), count: totals.receivedCount },
    pending: { amount: fromCents(open.cents), count: open.count },
    awaitingPayment: {
      total: awaiting.total,
      charged: awaiting.total - awaiting.uncharged.length,
      uncharged: awaiting.uncharged.length,
    },
    days: fillFinanceDays(range, days),
  };
}

import { Heading, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { fromCents, receiptsSummary, toCents, type FinanceDay } from '@domain/finance.js';
import { formatDay } from '@domain/dates.js';
import { FINANCE_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';

// The chart library comes with this page only, in a chunk of its own (no other screen's bundle grows).
const DailyReceiptsChart = lazy(() => import('./daily-receipts-chart'));

/**
 * 'Recebimentos por dia': each day's receipts beside its refunds, a day without either as zero. The chart is a picture for sighted people; a
 * sentence (the total, the best day) is read by everyone, and a table of every day stands in for the picture for
 * screen readers.
 */
export function DailyReceipts({ days }: { days: FinanceDay[] }) {
  const refundDays = days.filter((day) => day.refunded > 0);
  const refunded = fromCents(refundDays.reduce((sum, day) => sum + toCents(day.refunded), 0));
  return (
    <section className="finance-chart" aria-labelledby="finance-chart-title">
      <Heading level={2} fontSize="medium" id="finance-chart-title">
        {FINANCE_MESSAGES.chartTitle}
      </Heading>
      <Text fontSize="small" color="font.secondary" data-testid="finance-chart-summary">
        {receiptsSummary(days)}
        {refundDays.length > 0 ? ` ${FINANCE_MESSAGES.chartRefunds(formatBRL(refunded), refundDays.length)}` : ''}
      </Text>
      <ul className="finance-chart__legend" aria-hidden="true">
        <li className="finance-chart__legend-received">{FINANCE_MESSAGES.received}</li>
        <li className="finance-chart__legend-refunded">{FINANCE_MESSAGES.refunded}</li>
      </ul>
      <ChartBoundary>
        <Suspense fallback={<div className="finance-chart__plot" aria-hidden="true" />}>
          <DailyReceiptsChart days={days} />
        </Suspense>
      </ChartBoundary>
      <VisuallyHidden>
        <table>
          <caption>{FINANCE_MESSAGES.chartTitle}</caption>
          <thead>
            <tr>
              <th scope="col">Dia</th>
              <th scope="col">{FINANCE_MESSAGES.received}</th>
              <th scope="col">{FINANCE_MESSAGES.refunded}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">{formatDay(day.day)}</th>
                <td>{formatBRL(day.received)}</td>
                <td>{formatBRL(day.refunded)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </section>
  );
}

/** The chart's chunk failed to load (a deploy meanwhile, the network): a line instead, the rest of the page works. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Text fontSize="small" color="font.error" role="alert">
        {FINANCE_MESSAGES.chartLoadFailed}
      </Text>
    );
  }
}

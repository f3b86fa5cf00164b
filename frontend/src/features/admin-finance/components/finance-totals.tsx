import { Button, Card, Flex, Text } from '@aws-amplify/ui-react';
import type { FinanceSummary } from '@domain/api/admin-finance.js';
import { formatDayRange } from '@domain/finance-period.js';
import { FINANCE_MESSAGES, financeCountText } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import type { UseQueryResult } from '@tanstack/react-query';

const FIGURES = [
  { id: 'received', label: FINANCE_MESSAGES.received },
  { id: 'refunded', label: FINANCE_MESSAGES.refunded },
  { id: 'fees', label: FINANCE_MESSAGES.fees },
  { id: 'net', label: FINANCE_MESSAGES.net },
  { id: 'pending', label: FINANCE_MESSAGES.pending },
] as const;

/** Under each figure: how many charges make it, or, for Líquido, the sum that makes it. */
function figureDetail(id: (typeof FIGURES)[number]['id'], summary: FinanceSummary): string {
  return id === 'net' ? FINANCE_MESSAGES.netFormula : financeCountText(id, summary[id].count);
}

/**
 * Recebido, Estornado, Taxas Asaas, Líquido and Pendente of the period, each labelled with it, in R$ with how many
 * charges make each (the server's sums, never this page's rows). While another period loads, the last figures stay,
 * dimmed; a failure offers to try again.
 */
export function FinanceTotals({ summary }: { summary: UseQueryResult<FinanceSummary> }) {
  const data = summary.data;
  return (
    <section
      className="finance-totals"
      aria-label={FINANCE_MESSAGES.totalsLabel}
      aria-busy={summary.isFetching}
      data-refreshing={summary.isPlaceholderData || undefined}
    >
      {summary.isError && !data ? (
        <Flex className="finance-totals__failure" role="alert" alignItems="center" gap="small" wrap="wrap">
          <Text fontSize="small" color="font.error">
            {FINANCE_MESSAGES.totalsLoadFailed}
          </Text>
          <Button size="small" onClick={() => void summary.refetch()}>
            Tentar novamente
          </Button>
        </Flex>
      ) : null}
      {FIGURES.map(({ id, label }) => (
        <Card key={id} variation="outlined" className={`finance-total finance-total--${id}`}>
          <Text fontSize="small" color="font.secondary">
            {label}
          </Text>
          <Text fontSize="xs" color="font.tertiary" data-testid={`finance-${id}-period`}>
            {data ? FINANCE_MESSAGES.periodCaption(formatDayRange(data)) : '\u00a0'}
          </Text>
          <Text className="finance-total__value" data-testid={`finance-${id}`}>
            {data ? formatBRL(data[id].amount) : '—'}
          </Text>
          <Text fontSize="small" color="font.tertiary" data-testid={`finance-${id}-count`}>
            {data ? figureDetail(id, data) : '\u00a0'}
          </Text>
        </Card>
      ))}
    </section>
  );
}

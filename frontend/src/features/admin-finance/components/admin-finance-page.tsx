import { Card, Flex, SelectField, Text } from '@aws-amplify/ui-react';
import {
  CHARGE_FILTER_LABELS,
  conversionRate,
  convertedChargeCount,
  formatConversionRate,
} from '@domain/charge-status.js';
import type { FinanceSummary } from '@domain/api/admin-finance.js';
import { resolvePeriod } from '@domain/finance-period.js';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@domain/payment-methods.js';
import { ADMIN_PROCESS_MESSAGES, FINANCE_MESSAGES } from '@domain/messages.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { AdminListResults } from '@/components/admin-list/admin-list-results';
import { AdminListToolbar } from '@/components/admin-list/admin-list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAdminSummary } from '@/lib/admin-summary';
import { useListFilters, useUrlParam } from '@/lib/url-filters';
import { useAdminCharges, useFinanceSummary } from '../api/admin-finance';
import { usePeriodChoice } from './use-period-choice';
import { ChargeTable } from './charge-table';
import { DivergencesSection } from './divergences-section';
import { DailyReceipts } from './daily-receipts';
import { ExportCsvButton } from './export-csv-button';
import { FinancePeriodPicker } from './finance-period-picker';
import { FinanceTotals } from './finance-totals';
import { OrphanPayments } from './orphan-payments';
import { InvoiceProblems } from './invoice-problems';
import './admin-finance.css';

/**
 * /admin/financeiro (spec 02 §2): the four counters with the conversion rate; then a period (in the URL) with its
 * Recebido, Estornado, Taxas Asaas, Líquido and Pendente and a chart of daily receipts; the search, the status filter, 'Exportar CSV' and
 * the charges of the period with their actions; then 'Pagamentos sem cobrança' and 'Divergências', what the nightly
 * reconciliation with Asaas could not repair.
 */
export function AdminFinancePage() {
  const { choice, choose } = usePeriodChoice();
  const resolved = resolvePeriod(choice, new Date());
  const range = 'range' in resolved ? resolved.range : null;
  // The status lives in the URL with the period: 'Hoje' links here filtered, and a reload keeps both.
  const [filters, setFilters] = useListFilters(Object.keys(CHARGE_FILTER_LABELS));
  const [metodo, setMetodo] = useUrlParam<PaymentMethod>('metodo', PAYMENT_METHODS);
  const listFilters = { ...filters, ...(metodo ? { metodo } : {}), ...range };
  const charges = useAdminCharges(listFilters, { enabled: range !== null });
  const summary = useFinanceSummary(range);

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_PROCESS_MESSAGES.financeTitle} subtitle={ADMIN_PROCESS_MESSAGES.financeSubtitle} />
      <FinanceCounters />
      <AwaitingPaymentCounters awaiting={summary.data?.awaitingPayment} />
      <FinancePeriodPicker
        choice={choice}
        range={range}
        problem={'problem' in resolved ? resolved.problem : null}
        onChange={choose}
      />
      <FinanceTotals summary={summary} />
      {summary.data ? (
        <DailyReceipts days={summary.data.days} />
      ) : summary.isPending && range ? (
        <div className="finance-chart finance-chart--loading" aria-hidden="true" />
      ) : null}
      <div className="finance-list-toolbar">
        <AdminListToolbar
          searchLabel={ADMIN_PROCESS_MESSAGES.searchLabel}
          searchPlaceholder={ADMIN_PROCESS_MESSAGES.searchPlaceholder}
          statusLabels={CHARGE_FILTER_LABELS}
          filters={filters}
          onFiltersChange={setFilters}
        />
        <SelectField
          label={FINANCE_MESSAGES.methodFilterLabel}
          value={metodo ?? ''}
          onChange={(event) => setMetodo((event.target.value || undefined) as PaymentMethod | undefined)}
        >
          <option value="">{FINANCE_MESSAGES.methodFilterAll}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {PAYMENT_METHOD_LABELS[method]}
            </option>
          ))}
        </SelectField>
        <ExportCsvButton filters={listFilters} range={range} />
      </div>
      {range ? (
        <AdminListResults
          list={charges}
          loadingLabel="Carregando cobranças..."
          loadFailed={ADMIN_PROCESS_MESSAGES.loadFinanceFailed}
          empty={ADMIN_PROCESS_MESSAGES.noCharges}
        >
          {(rows) => <ChargeTable rows={rows} />}
        </AdminListResults>
      ) : (
        <Card variation="outlined">
          <Text color="font.secondary">{FINANCE_MESSAGES.choosePeriod}</Text>
        </Card>
      )}
      <OrphanPayments />
      <InvoiceProblems />
      <DivergencesSection />
    </Flex>
  );
}

/**
 * The signed contracts waiting for their payment now — the number Processos shows as 'Pagamento Pendente' — split into
 * those with a charge and those without one yet, so the counts add up (docs/decisions.md, 'Sem cobrança ainda').
 */
function AwaitingPaymentCounters({ awaiting }: { awaiting: FinanceSummary['awaitingPayment'] | undefined }) {
  return (
    <Flex direction="column" gap="xxs">
      <Text fontSize="small" color="font.secondary">
        {FINANCE_MESSAGES.awaitingCaption}
      </Text>
      <AdminCounters
        label={FINANCE_MESSAGES.awaitingLabel}
        columns={3}
        counters={[
          { id: 'awaiting', label: FINANCE_MESSAGES.awaitingTotal, value: awaiting?.total },
          { id: 'awaiting-charged', label: FINANCE_MESSAGES.awaitingCharged, value: awaiting?.charged },
          { id: 'awaiting-uncharged', label: FINANCE_MESSAGES.awaitingUncharged, value: awaiting?.uncharged },
        ]}
      />
    </Flex>
  );
}

/** Total, paid and pending (server-side sums of exact counters), and the conversion rate computed from them. */
function FinanceCounters() {
  const charges = useAdminSummary().data?.charges;
  return (
    <Flex direction="column" gap="xxs">
      <Text fontSize="small" color="font.secondary" id="finance-counters-caption">
        {FINANCE_MESSAGES.allTimeCaption}
      </Text>
      <AdminCounters
        label="Resumo financeiro"
        columns={4}
        counters={[
          { id: 'total', label: 'Total de Cobranças', value: charges?.total },
          { id: 'paid', label: 'Pagas', value: charges?.paid },
          { id: 'pending', label: 'Pendentes', value: charges?.pending },
          {
            id: 'conversion',
            label: 'Taxa de Conversão',
            value: charges && formatConversionRate(conversionRate(convertedChargeCount(charges), charges.total)),
          },
        ]}
      />
    </Flex>
  );
}

import { Flex } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { CHARGE_FILTER_LABELS, conversionRate, formatConversionRate } from '@domain/charge-status.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { AdminListResults } from '@/components/admin-list/admin-list-results';
import { AdminListToolbar } from '@/components/admin-list/admin-list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAdminSummary } from '@/lib/admin-summary';
import { useAdminCharges, type ChargeFilters } from '../api/admin-finance';
import { ChargeTable } from './charge-table';
import { DivergencesSection } from './divergences-section';
import { OrphanPayments } from './orphan-payments';

/**
 * /admin/financeiro (spec 02 §2): four counters with the conversion rate, search, status filter, charge actions; then
 * 'Pagamentos sem cobrança' and 'Divergências', what the nightly reconciliation with Asaas could not repair.
 */
export function AdminFinancePage() {
  const [filters, setFilters] = useState<ChargeFilters>({});
  const charges = useAdminCharges(filters);

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_PROCESS_MESSAGES.financeTitle} subtitle={ADMIN_PROCESS_MESSAGES.financeSubtitle} />
      <FinanceCounters />
      <AdminListToolbar
        searchLabel={ADMIN_PROCESS_MESSAGES.searchLabel}
        searchPlaceholder={ADMIN_PROCESS_MESSAGES.searchPlaceholder}
        statusLabels={CHARGE_FILTER_LABELS}
        filters={filters}
        onFiltersChange={setFilters}
      />
      <AdminListResults
        list={charges}
        loadingLabel="Carregando cobranças..."
        loadFailed={ADMIN_PROCESS_MESSAGES.loadFinanceFailed}
        empty={ADMIN_PROCESS_MESSAGES.noCharges}
      >
        {(rows) => <ChargeTable rows={rows} />}
      </AdminListResults>
      <OrphanPayments />
      <DivergencesSection />
    </Flex>
  );
}

/** Total, paid and pending (server-side sums of exact counters), and the conversion rate computed from them. */
function FinanceCounters() {
  const charges = useAdminSummary().data?.charges;
  return (
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
          value: charges && formatConversionRate(conversionRate(charges.paid, charges.total)),
        },
      ]}
    />
  );
}

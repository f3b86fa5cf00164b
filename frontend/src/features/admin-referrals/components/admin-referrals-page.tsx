import { Flex } from '@aws-amplify/ui-react';
import { REFERRAL_STATUS_LABELS } from '@domain/api/referrals.js';
import { REFERRAL_STATUSES } from '@domain/schemas/entities.js';
import { ADMIN_REFERRAL_MESSAGES } from '@domain/messages.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { AdminListResults } from '@/components/admin-list/admin-list-results';
import { AdminListToolbar } from '@/components/admin-list/admin-list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAdminSummary } from '@/lib/admin-summary';
import { useListFilters } from '@/lib/url-filters';
import { useAdminReferrals } from '../api/admin-referrals';
import { ReferralTable } from './referral-table';

/** /admin/indicacoes (spec 02 §2): summary, search box, status filter, referrals with the referrer's name and e-mail. */
export function AdminReferralsPage() {
  const [filters, setFilters] = useListFilters(REFERRAL_STATUSES);
  const referrals = useAdminReferrals(filters);

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_REFERRAL_MESSAGES.title} subtitle={ADMIN_REFERRAL_MESSAGES.subtitle} />
      <ReferralCounters />
      <AdminListToolbar
        searchLabel={ADMIN_REFERRAL_MESSAGES.searchLabel}
        searchPlaceholder={ADMIN_REFERRAL_MESSAGES.searchPlaceholder}
        statusLabels={REFERRAL_STATUS_LABELS}
        filters={filters}
        onFiltersChange={setFilters}
      />
      <AdminListResults
        list={referrals}
        loadingLabel="Carregando indicações..."
        loadFailed={ADMIN_REFERRAL_MESSAGES.loadFailed}
        empty={ADMIN_REFERRAL_MESSAGES.noReferrals}
      >
        {(rows) => <ReferralTable rows={rows} />}
      </AdminListResults>
    </Flex>
  );
}

/** The summary: COUNTER/REFERRALS, the same facts /app/indique counts for each referrer. */
function ReferralCounters() {
  const referrals = useAdminSummary().data?.referrals;
  const byStatus = (status: keyof typeof REFERRAL_STATUS_LABELS) => referrals && (referrals.byStatus[status] ?? 0);
  return (
    <AdminCounters
      label="Resumo das indicações"
      columns={4}
      counters={[
        { id: 'total', label: 'Total de Indicações', value: referrals?.total },
        { id: 'invited', label: 'Convidados', value: byStatus('invited') },
        { id: 'signed_up', label: 'Cadastrados', value: byStatus('signed_up') },
        { id: 'paid', label: 'Indicações pagas', value: byStatus('paid') },
      ]}
    />
  );
}

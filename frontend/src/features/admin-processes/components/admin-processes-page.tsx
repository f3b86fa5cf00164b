import { Flex } from '@aws-amplify/ui-react';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import {
  ADMIN_COUNTED_PROCESS_STATUSES,
  PROCESS_STATUSES,
  PROCESS_STATUS_LABELS,
  type ProcessStatus,
} from '@domain/process-status.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { AdminListResults } from '@/components/admin-list/admin-list-results';
import { AdminListToolbar } from '@/components/admin-list/admin-list-toolbar';
import { PageHeader } from '@/components/page-header';
import { useAdminSummary } from '@/lib/admin-summary';
import { useListFilters } from '@/lib/url-filters';
import { useAdminProcesses } from '../api/admin-processes';
import { ProcessTable } from './process-table';

/** /admin/processos (spec 02 §2): six status counters, search, status filter, a table with an inline status selector. */
export function AdminProcessesPage() {
  // The status lives in the URL: 'Hoje' links here filtered (?status=em_analise), and a reload keeps it.
  const [filters, setFilters] = useListFilters<ProcessStatus>(PROCESS_STATUSES);
  const processes = useAdminProcesses(filters);

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_PROCESS_MESSAGES.processesTitle} subtitle={ADMIN_PROCESS_MESSAGES.processesSubtitle} />
      <StatusCounters />
      <AdminListToolbar
        searchLabel={ADMIN_PROCESS_MESSAGES.searchLabel}
        searchPlaceholder={ADMIN_PROCESS_MESSAGES.searchPlaceholder}
        statusLabels={PROCESS_STATUS_LABELS}
        filters={filters}
        onFiltersChange={setFilters}
      />
      <AdminListResults
        list={processes}
        loadingLabel="Carregando processos..."
        loadFailed={ADMIN_PROCESS_MESSAGES.loadProcessesFailed}
        empty={ADMIN_PROCESS_MESSAGES.noProcesses}
      >
        {(rows) => <ProcessTable rows={rows} />}
      </AdminListResults>
    </Flex>
  );
}

function StatusCounters() {
  const byStatus = useAdminSummary().data?.processes.byStatus;
  return (
    <AdminCounters
      label="Processos por status"
      columns={6}
      counters={ADMIN_COUNTED_PROCESS_STATUSES.map((status) => ({
        id: status,
        label: PROCESS_STATUS_LABELS[status],
        value: byStatus?.[status],
      }))}
    />
  );
}

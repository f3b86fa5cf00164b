import {
  Alert,
  Button,
  Card,
  Flex,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  TextField,
} from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUSES, PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import {
  useAdminProcesses,
  useAdminSummary,
  useChangeProcessStatus,
  type ProcessFilters,
} from '../api/admin-processes';
import '@/components/admin-list.css';
import '../admin-processes.css';

/** The six status counters: the statuses a paid-for process goes through (docs/decisions.md). */
const COUNTED_STATUSES: ProcessStatus[] = [
  'pagamento_pendente',
  'pago',
  'peticionado',
  'baixa_deferida',
  'baixa_caiu',
  'encerrado',
];

/** /admin/processos (spec 02 §2): six status counters, search, status filter, a table with an inline status selector. */
export function AdminProcessesPage() {
  const [filters, setFilters] = useState<ProcessFilters>({});
  const [term, setTerm] = useState('');
  const processes = useAdminProcesses(filters);
  const rows = processes.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_PROCESS_MESSAGES.processesTitle} subtitle={ADMIN_PROCESS_MESSAGES.processesSubtitle} />
      <StatusCounters />
      <form
        className="admin-toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters((current) => ({ ...current, search: term.trim() || undefined }));
        }}
      >
        <Flex gap="xs" alignItems="flex-end">
          <TextField
            flex="1"
            type="search"
            label="Buscar por protocolo ou nome do cliente"
            placeholder="Protocolo ou nome"
            value={term}
            onChange={(event) => {
              setTerm(event.target.value);
              // Emptied (or cleared with the field's own button): back to the whole list at once.
              if (!event.target.value.trim()) setFilters((current) => ({ ...current, search: undefined }));
            }}
          />
          <Button type="submit">Buscar</Button>
        </Flex>
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) =>
            setFilters((current) => ({ ...current, status: (event.target.value || undefined) as ProcessStatus }))
          }
        >
          <option value="">Todos os status</option>
          {PROCESS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PROCESS_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </form>
      {processes.isPending ? (
        <PageLoader label="Carregando processos..." />
      ) : processes.isError ? (
        processes.error instanceof ApiRequestError && processes.error.status === 400 ? (
          <Alert variation="warning" role="alert">
            {processes.error.message}
          </Alert>
        ) : (
          <LoadError message={ADMIN_PROCESS_MESSAGES.loadProcessesFailed} onRetry={() => void processes.refetch()} />
        )
      ) : rows.length === 0 ? (
        <Card variation="outlined">
          <Text color="font.secondary">{ADMIN_PROCESS_MESSAGES.noProcesses}</Text>
        </Card>
      ) : (
        <>
          <ProcessTable rows={rows} />
          {processes.hasNextPage ? (
            <Button
              alignSelf="center"
              isLoading={processes.isFetchingNextPage}
              loadingText="Carregando..."
              onClick={() => void processes.fetchNextPage()}
            >
              Carregar mais
            </Button>
          ) : null}
        </>
      )}
    </Flex>
  );
}

function StatusCounters() {
  const summary = useAdminSummary();
  return (
    <section className="admin-counters admin-counters--6" aria-label="Processos por status">
      {COUNTED_STATUSES.map((status) => (
        <Card key={status} variation="outlined" className="admin-counter">
          <Text fontSize="small" color="font.secondary">
            {PROCESS_STATUS_LABELS[status]}
          </Text>
          <Text className="admin-counter__value" data-testid={`counter-${status}`}>
            {summary.data ? summary.data.processes.byStatus[status] : '—'}
          </Text>
        </Card>
      ))}
    </section>
  );
}

function ProcessTable({ rows }: { rows: AdminProcessRow[] }) {
  return (
    <div className="admin-table-wrap">
      <Table className="admin-table" highlightOnHover size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">Protocolo</TableCell>
            <TableCell as="th">Cliente</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">Previsão</TableCell>
            <TableCell as="th">Atualizado em</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <ProcessRow key={row.id} row={row} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function ProcessRow({ row }: { row: AdminProcessRow }) {
  const change = useChangeProcessStatus();
  const protocol = row.protocolo ?? '—';
  return (
    <TableRow>
      <TableCell data-label="Protocolo">
        <span className="admin-table__protocol">{protocol}</span>
      </TableCell>
      <TableCell data-label="Cliente">
        <Text fontWeight="semibold">{row.nome_cliente ?? '—'}</Text>
        <Text fontSize="small" color="font.secondary" style={{ overflowWrap: 'anywhere' }}>
          {row.email_cliente ?? ''}
        </Text>
      </TableCell>
      <TableCell data-label="Status">
        <SelectField
          className="admin-table__status-select"
          label={`Status do processo ${protocol}`}
          labelHidden
          size="small"
          value={change.isPending ? change.variables.status : row.status}
          isDisabled={change.isPending}
          onChange={(event) =>
            change.mutate(
              { userId: row.user_id, contractId: row.contrato_id, status: event.target.value as ProcessStatus },
              {
                onSuccess: () => toast({ title: ADMIN_PROCESS_MESSAGES.statusUpdated, variant: 'success' }),
                onError: (error) =>
                  toastError(
                    error instanceof ApiRequestError && error.status < 500
                      ? error.message
                      : ADMIN_PROCESS_MESSAGES.statusUpdateFailed,
                  ),
              },
            )
          }
        >
          {PROCESS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PROCESS_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </TableCell>
      <TableCell data-label="Previsão">{row.previsao ? formatDate(row.previsao) : '—'}</TableCell>
      <TableCell data-label="Atualizado em">
        <Text as="time" dateTime={row.updated_at} fontSize="small">
          {formatDateTime(row.updated_at)}
        </Text>
      </TableCell>
    </TableRow>
  );
}

import {
  Alert,
  Badge,
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
import type { AdminChargeRow } from '@domain/api/admin-finance.js';
import {
  CHARGE_FILTER_LABELS,
  canAdminMarkPaid,
  chargeStatusLabel,
  conversionRate,
  formatConversionRate,
  isChargePaid,
} from '@domain/charge-status.js';
import { formatDate } from '@domain/dates.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import {
  useAdminCharges,
  useAdminSummary,
  useMarkChargePaid,
  useVerifyCharge,
  type ChargeFilters,
} from '../api/admin-finance';
import '@/components/admin-list.css';

/** /admin/financeiro (spec 02 §2): four counters with the conversion rate, search, status filter, charge actions. */
export function AdminFinancePage() {
  const [filters, setFilters] = useState<ChargeFilters>({});
  const [term, setTerm] = useState('');
  const charges = useAdminCharges(filters);
  const rows = charges.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_PROCESS_MESSAGES.financeTitle} subtitle={ADMIN_PROCESS_MESSAGES.financeSubtitle} />
      <FinanceCounters />
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
          onChange={(event) => setFilters((current) => ({ ...current, status: event.target.value || undefined }))}
        >
          <option value="">Todos os status</option>
          {Object.entries(CHARGE_FILTER_LABELS).map(([status, label]) => (
            <option key={status} value={status}>
              {label}
            </option>
          ))}
        </SelectField>
      </form>
      {charges.isPending ? (
        <PageLoader label="Carregando cobranças..." />
      ) : charges.isError ? (
        charges.error instanceof ApiRequestError && charges.error.status === 400 ? (
          <Alert variation="warning" role="alert">
            {charges.error.message}
          </Alert>
        ) : (
          <LoadError message={ADMIN_PROCESS_MESSAGES.loadFinanceFailed} onRetry={() => void charges.refetch()} />
        )
      ) : rows.length === 0 ? (
        <Card variation="outlined">
          <Text color="font.secondary">{ADMIN_PROCESS_MESSAGES.noCharges}</Text>
        </Card>
      ) : (
        <>
          <ChargeTable rows={rows} />
          {charges.hasNextPage ? (
            <Button
              alignSelf="center"
              isLoading={charges.isFetchingNextPage}
              loadingText="Carregando..."
              onClick={() => void charges.fetchNextPage()}
            >
              Carregar mais
            </Button>
          ) : null}
        </>
      )}
    </Flex>
  );
}

function FinanceCounters() {
  const summary = useAdminSummary();
  const charges = summary.data?.charges;
  const counters: [string, string, string][] = [
    ['total', 'Total de Cobranças', charges ? String(charges.total) : '—'],
    ['paid', 'Pagas', charges ? String(charges.paid) : '—'],
    ['pending', 'Pendentes', charges ? String(charges.byStatus.PENDING ?? 0) : '—'],
    [
      'conversion',
      'Taxa de Conversão',
      charges ? formatConversionRate(conversionRate(charges.paid, charges.total)) : '—',
    ],
  ];
  return (
    <section className="admin-counters admin-counters--4" aria-label="Resumo financeiro">
      {counters.map(([id, label, value]) => (
        <Card key={id} variation="outlined" className="admin-counter">
          <Text fontSize="small" color="font.secondary">
            {label}
          </Text>
          <Text className="admin-counter__value" data-testid={`counter-${id}`}>
            {value}
          </Text>
        </Card>
      ))}
    </section>
  );
}

function ChargeTable({ rows }: { rows: AdminChargeRow[] }) {
  return (
    <div className="admin-table-wrap">
      <Table className="admin-table" highlightOnHover size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">Protocolo</TableCell>
            <TableCell as="th">Cliente</TableCell>
            <TableCell as="th">Valor</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">Data</TableCell>
            <TableCell as="th">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <ChargeRow key={row.id} row={row} />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function ChargeRow({ row }: { row: AdminChargeRow }) {
  const markPaid = useMarkChargePaid();
  const verify = useVerifyCharge();
  const ref = { userId: row.user_id, contractId: row.contrato_id, chargeId: row.id };
  const protocol = row.protocolo ?? '—';
  const busy = markPaid.isPending || verify.isPending;
  const serverMessage = (error: Error, fallback: string) =>
    error instanceof ApiRequestError && error.status < 500 ? error.message : fallback;
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
        {row.whatsapp_cliente ? (
          <Text fontSize="small" color="font.secondary">
            {row.whatsapp_cliente}
          </Text>
        ) : null}
      </TableCell>
      <TableCell data-label="Valor">
        <span className="admin-table__money">{row.valor === null ? '—' : formatBRL(row.valor)}</span>
      </TableCell>
      <TableCell data-label="Status">
        <Badge
          size="small"
          variation={isChargePaid(row.status) ? 'success' : row.status === 'PENDING' ? 'warning' : 'info'}
        >
          {chargeStatusLabel(row.status)}
        </Badge>
      </TableCell>
      <TableCell data-label="Data">{formatDate(row.contrato_created_at ?? row.created_at)}</TableCell>
      <TableCell data-label="Ações" className="admin-table__actions">
        <Flex gap="xs" wrap={{ base: 'wrap', medium: 'nowrap' }}>
          <Button
            size="small"
            variation="primary"
            aria-label={`Marcar pago ${protocol}`}
            isDisabled={busy || !canAdminMarkPaid(row.status)}
            isLoading={markPaid.isPending}
            onClick={() =>
              markPaid.mutate(ref, {
                onSuccess: () => toast({ title: ADMIN_PROCESS_MESSAGES.chargeUpdated, variant: 'success' }),
                onError: (error) => toastError(serverMessage(error, ADMIN_PROCESS_MESSAGES.markPaidFailed)),
              })
            }
          >
            Marcar pago
          </Button>
          <Button
            size="small"
            aria-label={`Verificar ${protocol}`}
            isDisabled={busy || !row.asaas_id}
            isLoading={verify.isPending}
            onClick={() =>
              verify.mutate(ref, {
                onSuccess: () => toast({ title: ADMIN_PROCESS_MESSAGES.chargeUpdated, variant: 'success' }),
                onError: (error) => toastError(serverMessage(error, ADMIN_PROCESS_MESSAGES.verifyFailed)),
              })
            }
          >
            Verificar
          </Button>
        </Flex>
      </TableCell>
    </TableRow>
  );
}

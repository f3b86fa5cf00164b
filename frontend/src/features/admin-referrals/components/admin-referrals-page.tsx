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
import type { AdminReferralRow } from '@domain/api/admin-referrals.js';
import { REFERRAL_STATUS_LABELS } from '@domain/api/referrals.js';
import { formatDate } from '@domain/dates.js';
import { ADMIN_REFERRAL_MESSAGES } from '@domain/messages.js';
import { REFERRAL_STATUSES, type Referral } from '@domain/schemas/entities.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { useAdminReferrals, useAdminSummary, type ReferralFilters } from '../api/admin-referrals';
import '@/components/admin-list.css';
import '../admin-referrals.css';

const STATUS_VARIATION = { invited: 'info', signed_up: 'warning', paid: 'success' } as const;

/** /admin/indicacoes (spec 02 §2): summary, search box, status filter, referrals with the referrer's name and e-mail. */
export function AdminReferralsPage() {
  const [filters, setFilters] = useState<ReferralFilters>({});
  const [term, setTerm] = useState('');
  const referrals = useAdminReferrals(filters);
  const rows = referrals.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_REFERRAL_MESSAGES.title} subtitle={ADMIN_REFERRAL_MESSAGES.subtitle} />
      <ReferralCounters />
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
            label={ADMIN_REFERRAL_MESSAGES.searchLabel}
            placeholder={ADMIN_REFERRAL_MESSAGES.searchPlaceholder}
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
            setFilters((current) => ({
              ...current,
              status: (event.target.value || undefined) as Referral['status'] | undefined,
            }))
          }
        >
          <option value="">Todos os status</option>
          {REFERRAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REFERRAL_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </form>
      {referrals.isPending ? (
        <PageLoader label="Carregando indicações..." />
      ) : referrals.isError ? (
        referrals.error instanceof ApiRequestError && referrals.error.status === 400 ? (
          <Alert variation="warning" role="alert">
            {referrals.error.message}
          </Alert>
        ) : (
          <LoadError message={ADMIN_REFERRAL_MESSAGES.loadFailed} onRetry={() => void referrals.refetch()} />
        )
      ) : rows.length === 0 ? (
        <Card variation="outlined">
          <Text color="font.secondary">{ADMIN_REFERRAL_MESSAGES.noReferrals}</Text>
        </Card>
      ) : (
        <>
          <ReferralTable rows={rows} />
          {referrals.hasNextPage ? (
            <Button
              alignSelf="center"
              isLoading={referrals.isFetchingNextPage}
              loadingText="Carregando..."
              onClick={() => void referrals.fetchNextPage()}
            >
              Carregar mais
            </Button>
          ) : null}
        </>
      )}
    </Flex>
  );
}

/** The summary: COUNTER/REFERRALS, the same facts /app/indique counts for each referrer. */
function ReferralCounters() {
  const summary = useAdminSummary();
  const referrals = summary.data?.referrals;
  const figure = (value: number | undefined) => (referrals ? String(value ?? 0) : '—');
  const counters: [string, string, string][] = [
    ['total', 'Total de Indicações', figure(referrals?.total)],
    ['invited', 'Convidados', figure(referrals?.byStatus.invited)],
    ['signed_up', 'Cadastrados', figure(referrals?.byStatus.signed_up)],
    ['paid', 'Indicações pagas', figure(referrals?.byStatus.paid)],
  ];
  return (
    <section className="admin-counters admin-counters--4" aria-label="Resumo das indicações">
      {counters.map(([id, label, value]) => (
        <Card key={id} variation="outlined" className="admin-counter">
          <Text fontSize="small" color="font.secondary">
            {label}
          </Text>
          <Text fontSize="xl" fontWeight="bold" className="admin-counter__value" data-testid={`counter-${id}`}>
            {value}
          </Text>
        </Card>
      ))}
    </section>
  );
}

function ReferralTable({ rows }: { rows: AdminReferralRow[] }) {
  return (
    <div className="admin-table-wrap">
      <Table className="admin-table referrals-table" highlightOnHover size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">Quem indicou</TableCell>
            <TableCell as="th">Email indicado</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">Convidado em</TableCell>
            <TableCell as="th">Atualizado em</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell data-label="Quem indicou">
                <Text fontWeight="semibold">{row.referrer_nome ?? '—'}</Text>
                <Text fontSize="small" color="font.secondary" className="referrals-table__email">
                  {row.referrer_email ?? ''}
                </Text>
              </TableCell>
              <TableCell data-label="Email indicado">
                <span className="referrals-table__email">{row.referred_email}</span>
              </TableCell>
              <TableCell data-label="Status">
                <Badge size="small" variation={STATUS_VARIATION[row.status]}>
                  {REFERRAL_STATUS_LABELS[row.status]}
                </Badge>
              </TableCell>
              <TableCell data-label="Convidado em">
                <Text as="time" dateTime={row.created_at} fontSize="small">
                  {formatDate(row.created_at)}
                </Text>
              </TableCell>
              <TableCell data-label="Atualizado em">
                <Text as="time" dateTime={row.updated_at} fontSize="small">
                  {formatDate(row.updated_at)}
                </Text>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

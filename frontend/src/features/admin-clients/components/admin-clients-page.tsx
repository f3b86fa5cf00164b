import { useState } from 'react';
import {
  Badge,
  Card,
  Flex,
  SearchField,
  SelectField,
  TableCell,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { CLIENT_SORTS, type ClientSort } from '@domain/api/admin-clients.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { formatDocument } from '@domain/documents.js';
import { statusLabel } from '@domain/process-status.js';
import { isClientSearchTooShort } from '@domain/search-tokens.js';
import { ADMIN_CLIENT_MESSAGES, ADMIN_MESSAGES } from '@domain/messages.js';
import type { AdminClientRow } from '@domain/schemas/admin-clients.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { AdminListResults } from '@/components/admin-list/admin-list-results';
import { AdminTable } from '@/components/admin-list/admin-table';
import { ButtonLink, TextLink } from '@/components/links';
import { PageHeader } from '@/components/page-header';
import { useAdminSummary } from '@/lib/admin-summary';
import { useUrlParam } from '@/lib/url-filters';
import { useAdminClients } from '../api/admin-clients';
import { ClientAvatar } from './client-avatar';
import { ErasureRequestsSection } from './erasure-requests-section';
import '../admin-clients.css';

/** /admin/clientes (spec 02 §2 Admin: Clients). */
export function AdminClientsPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [searchProblem, setSearchProblem] = useState<string | null>(null);
  // The order lives in the URL (a reload keeps it); the search term does not (it names a person).
  const [sort = 'recentes', setSort] = useUrlParam<ClientSort>('ordem', CLIENT_SORT_KEYS);

  const submitSearch = (term: string) => {
    const trimmed = term.trim();
    // The server's own rule (a term shorter than any search token finds nothing), so it never answers 400 here.
    if (trimmed !== '' && isClientSearchTooShort(trimmed)) {
      setSearchProblem(ADMIN_MESSAGES.searchTooShort);
      return;
    }
    setSearchProblem(null);
    setSearch(trimmed);
  };

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={ADMIN_CLIENT_MESSAGES.listTitle} subtitle={ADMIN_CLIENT_MESSAGES.listSubtitle} />
      <ClientCounters />
      <Flex className="admin-clients-toolbar" gap="small" alignItems="flex-start" wrap="wrap">
        {/* SearchField submits on Enter and on its button; no <form>, so a search is never sent twice. */}
        <div role="search" className="admin-clients-toolbar__search">
          <SearchField
            label="Buscar clientes"
            labelHidden
            placeholder={ADMIN_CLIENT_MESSAGES.searchPlaceholder}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSubmit={submitSearch}
            onClear={() => {
              setTyped('');
              submitSearch('');
            }}
            maxLength={120}
            hasError={searchProblem !== null}
            errorMessage={searchProblem ?? undefined}
          />
        </div>
        <SelectField
          label={ADMIN_CLIENT_MESSAGES.sortLabel}
          labelHidden
          size="small"
          className="admin-clients-toolbar__sort"
          value={sort}
          onChange={(event) =>
            setSort(event.target.value === 'recentes' ? undefined : (event.target.value as ClientSort))
          }
        >
          {CLIENT_SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {`${ADMIN_CLIENT_MESSAGES.sortLabel}: ${CLIENT_SORTS[key]}`}
            </option>
          ))}
        </SelectField>
      </Flex>
      <ClientList search={search} sort={sort} />
      <ErasureRequestsSection />
    </Flex>
  );
}

function ClientCounters() {
  const summary = useAdminSummary();
  const clients = summary.data?.clients;
  // Ids are the labels: the browser tests find each figure by its label.
  return (
    <AdminCounters
      label="Resumo"
      columns={3}
      counters={[
        { id: 'Total de Clientes', label: 'Total de Clientes', value: clients?.total },
        { id: 'Com Contrato', label: 'Com Contrato', value: clients?.withContract },
        { id: 'Sem Contrato', label: 'Sem Contrato', value: clients?.withoutContract },
      ]}
    />
  );
}

const CLIENT_SORT_KEYS = Object.keys(CLIENT_SORTS) as ClientSort[];

const COLUMNS = ['Cliente', 'Contato', 'Processo', 'Última atividade', 'Cadastro', 'Ações'];

/** Which header announces the order (`aria-sort`): the two sign-up orders and activity; a name order has none. */
const SORTED_COLUMNS: Partial<Record<ClientSort, { column: string; direction: 'ascending' | 'descending' }>> = {
  recentes: { column: 'Cadastro', direction: 'descending' },
  antigos: { column: 'Cadastro', direction: 'ascending' },
  atividade: { column: 'Última atividade', direction: 'descending' },
};

/**
 * The rows in the chosen order: the sign-up orders come from the server (across every page); activity and name order
 * the rows loaded so far. A client matched by two search tokens on different pages shows once.
 */
function orderedRows(loaded: AdminClientRow[], sort: ClientSort): AdminClientRow[] {
  const seen = new Set<string>();
  const rows = loaded.filter((row) => !seen.has(row.id) && seen.add(row.id));
  if (sort === 'atividade') return rows.sort((a, b) => b.last_activity_at.localeCompare(a.last_activity_at));
  if (sort === 'nome') return rows.sort((a, b) => a.nome_completo.localeCompare(b.nome_completo, 'pt-BR'));
  return rows;
}

function ClientList({ search, sort }: { search: string; sort: ClientSort }) {
  const clients = useAdminClients(search, sort === 'antigos');
  return (
    <Flex direction="column" gap="medium">
      <AdminListResults
        list={clients}
        loadingLabel="Carregando clientes..."
        loadFailed={ADMIN_CLIENT_MESSAGES.loadClientsFailed}
        empty={search ? ADMIN_CLIENT_MESSAGES.noMatches : ADMIN_CLIENT_MESSAGES.noClients}
      >
        {(loaded) => {
          const rows = orderedRows(loaded, sort);
          return (
            <>
              <ClientTable rows={rows} sort={sort} />
              <ClientCards rows={rows} />
            </>
          );
        }}
      </AdminListResults>
    </Flex>
  );
}

/** Wider screens: the shared admin table, hidden on phones, where the cards below take over (admin-clients.css). */
function ClientTable({ rows, sort }: { rows: AdminClientRow[]; sort: ClientSort }) {
  return (
    <AdminTable columns={COLUMNS} label="Clientes" className="admin-clients-table" sort={SORTED_COLUMNS[sort]}>
      {rows.map((client) => (
        <TableRow key={client.id}>
          <TableCell>
            <ClientName client={client} />
          </TableCell>
          <TableCell>
            <Contact client={client} />
            <Text fontSize="small" color="font.secondary">
              {location(client)}
            </Text>
          </TableCell>
          <TableCell>
            <ClientStatus client={client} />
          </TableCell>
          <TableCell>{formatDateTime(client.last_activity_at)}</TableCell>
          <TableCell>{formatDate(client.created_at)}</TableCell>
          <TableCell>
            <DetailsLink client={client} />
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}

/** Phones: one card per client, name and status first. */
function ClientCards({ rows }: { rows: AdminClientRow[] }) {
  return (
    <ul className="admin-clients-cards" aria-label="Clientes">
      {rows.map((client) => (
        <li key={client.id}>
          <Card variation="outlined">
            <Flex direction="column" gap="small">
              <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
                <ClientName client={client} />
                <ClientStatus client={client} />
              </Flex>
              <Contact client={client} />
              <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
                <Text fontSize="small" color="font.secondary">
                  {location(client)} · Cadastro {formatDate(client.created_at)}
                  <br />
                  Última atividade {formatDateTime(client.last_activity_at)}
                </Text>
                <DetailsLink client={client} />
              </Flex>
            </Flex>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const location = (client: AdminClientRow) => `${client.cidade}/${client.estado}`;

function ClientName({ client }: { client: AdminClientRow }) {
  return (
    <Flex alignItems="center" gap="small" className="client-name">
      <ClientAvatar name={client.nome_completo} />
      <Flex direction="column" gap="0">
        <Text fontWeight="bold">
          <TextLink to={`/admin/clientes/${client.id}`}>{client.nome_completo}</TextLink>
        </Text>
        <Text fontSize="small" color="font.secondary" className="client-document">
          {client.tipo_documento.toUpperCase()} {formatDocument(client.cpf)}
        </Text>
      </Flex>
    </Flex>
  );
}

function Contact({ client }: { client: AdminClientRow }) {
  return (
    <Flex direction="column" gap="0" className="client-contact">
      <Text fontSize="small">{client.email}</Text>
      <Text fontSize="small" color="font.secondary">
        {client.whatsapp}
      </Text>
    </Flex>
  );
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The current process's status (or 'Sem contrato' before a contract is signed); under it, how many contracts and
 * processes the client has (spec 02 §7).
 */
function ClientStatus({ client }: { client: AdminClientRow }) {
  return (
    <Flex direction="column" gap="xxxs" alignItems="flex-start">
      {client.has_contract && client.process_status ? (
        <Badge variation="info" size="small">
          {statusLabel(client.process_status)}
        </Badge>
      ) : (
        <Badge variation={client.has_contract ? 'success' : 'warning'} size="small">
          {client.has_contract ? 'Com contrato' : 'Sem contrato'}
        </Badge>
      )}
      <Text as="span" fontSize="xs" color="font.secondary" className="admin-clients-counts">
        {plural(client.contract_count, 'contrato', 'contratos')} ·{' '}
        {plural(client.process_count, 'processo', 'processos')}
      </Text>
    </Flex>
  );
}

function DetailsLink({ client }: { client: AdminClientRow }) {
  return (
    <ButtonLink to={`/admin/clientes/${client.id}`} size="small">
      Ver detalhes<VisuallyHidden> de {client.nome_completo}</VisuallyHidden>
    </ButtonLink>
  );
}

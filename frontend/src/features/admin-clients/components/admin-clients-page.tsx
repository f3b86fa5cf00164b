import { useState } from 'react';
import {
  Badge,
  Card,
  Flex,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { formatDate } from '@domain/dates.js';
import { isClientSearchTooShort } from '@domain/search-tokens.js';
import { ADMIN_CLIENT_MESSAGES, ADMIN_MESSAGES } from '@domain/messages.js';
import type { AdminClient } from '@domain/schemas/admin-clients.js';
import { AdminCounters } from '@/components/admin-list/admin-counters';
import { LoadMoreButton } from '@/components/admin-list/load-more-button';
import { ButtonLink, TextLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useAdminSummary } from '@/lib/admin-summary';
import { useAdminClients } from '../api/admin-clients';
import { ClientAvatar } from './client-avatar';
import { ErasureRequestsSection } from './erasure-requests-section';
import '../admin-clients.css';

/** /admin/clientes (spec 02 §2 Admin: Clients). */
export function AdminClientsPage() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [searchProblem, setSearchProblem] = useState<string | null>(null);

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
      {/* SearchField submits on Enter and on its button; no <form>, so a search is never sent twice. */}
      <div role="search">
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
      <ClientList search={search} />
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

function ClientList({ search }: { search: string }) {
  const clients = useAdminClients(search);
  if (clients.isPending) return <PageLoader label="Carregando clientes..." />;
  if (clients.isError && !clients.data) {
    return <LoadError message={ADMIN_CLIENT_MESSAGES.loadClientsFailed} onRetry={() => void clients.refetch()} />;
  }
  const rows = clients.data.pages.flatMap((page) => page.clients);
  if (rows.length === 0) {
    return (
      <Card variation="outlined">
        <Text color="font.secondary">{search ? ADMIN_CLIENT_MESSAGES.noMatches : ADMIN_CLIENT_MESSAGES.noClients}</Text>
      </Card>
    );
  }
  return (
    <Flex direction="column" gap="medium">
      <Table className="admin-clients-table" highlightOnHover size="small" aria-label="Clientes">
        <TableHead>
          <TableRow>
            <TableCell as="th">Cliente</TableCell>
            <TableCell as="th">Contato</TableCell>
            <TableCell as="th">Localização</TableCell>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">Cadastro</TableCell>
            <TableCell as="th">Ações</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((client) => (
            <TableRow key={client.id}>
              <TableCell>
                <ClientName client={client} />
              </TableCell>
              <TableCell>
                <Contact client={client} />
              </TableCell>
              <TableCell>{location(client)}</TableCell>
              <TableCell>
                <ClientStatus client={client} />
              </TableCell>
              <TableCell>{formatDate(client.created_at)}</TableCell>
              <TableCell>
                <DetailsLink client={client} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ul className="admin-clients-cards" aria-label="Clientes">
        {rows.map((client) => (
          <li key={client.id}>
            <Card variation="outlined">
              <Flex direction="column" gap="small">
                <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
                  <ClientName client={client} />
                  <ClientStatus client={client} />
                </Flex>
                <Contact client={client} />
                <Flex justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
                  <Text fontSize="small" color="font.secondary">
                    {location(client)} · Cadastro {formatDate(client.created_at)}
                  </Text>
                  <DetailsLink client={client} />
                </Flex>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMoreButton list={clients} />
      {clients.isFetchNextPageError ? (
        <Text color="font.error" role="alert">
          {ADMIN_CLIENT_MESSAGES.loadClientsFailed}
        </Text>
      ) : null}
    </Flex>
  );
}

const location = (client: AdminClient) => `${client.cidade}/${client.estado}`;

function ClientName({ client }: { client: AdminClient }) {
  return (
    <Flex alignItems="center" gap="small" className="client-name">
      <ClientAvatar name={client.nome_completo} />
      <Flex direction="column" gap="0">
        <Text fontWeight="bold">
          <TextLink to={`/admin/clientes/${client.id}`}>{client.nome_completo}</TextLink>
        </Text>
        <Text fontSize="small" color="font.secondary">
          {client.tipo_documento.toUpperCase()}
        </Text>
      </Flex>
    </Flex>
  );
}

function Contact({ client }: { client: AdminClient }) {
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

/** 'Com contrato' once a contract was signed; under it, how many contracts and processes the client has (spec 02 §7). */
function ClientStatus({ client }: { client: AdminClient }) {
  return (
    <Flex direction="column" gap="xxxs" alignItems="flex-start">
      <Badge variation={client.has_contract ? 'success' : 'warning'} size="small">
        {client.has_contract ? 'Com contrato' : 'Sem contrato'}
      </Badge>
      <Text as="span" fontSize="xs" color="font.secondary" className="admin-clients-counts">
        {plural(client.contract_count, 'contrato', 'contratos')} ·{' '}
        {plural(client.process_count, 'processo', 'processos')}
      </Text>
    </Flex>
  );
}

function DetailsLink({ client }: { client: AdminClient }) {
  return (
    <ButtonLink to={`/admin/clientes/${client.id}`} size="small">
      Ver detalhes<VisuallyHidden> de {client.nome_completo}</VisuallyHidden>
    </ButtonLink>
  );
}

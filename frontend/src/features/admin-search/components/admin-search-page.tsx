import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import { ADMIN_SEARCH_MESSAGES as M, type AdminSearchResult } from '@domain/api/admin-search.js';
import { formatDate } from '@domain/dates.js';
import { statusLabel } from '@domain/process-status.js';
import { caseFilePath } from '@/components/admin-list/admin-table';
import { LoadMoreButton } from '@/components/admin-list/load-more-button';
import { TextLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { apiErrorMessage } from '@/lib/api-error';
import { useAdminSearch } from '../api/admin-search';
import '../admin-search.css';

/** /admin/busca?q=…: the header search's answer, one card per client with their processes, page after page. */
export function AdminSearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const search = useAdminSearch(q);

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={M.title} subtitle={q ? M.resultsFor(q) : undefined} />
      {!q ? (
        <Text color="font.secondary">{M.empty}</Text>
      ) : search.isPending ? (
        <PageLoader label="Buscando..." />
      ) : search.isError ? (
        <LoadError message={apiErrorMessage(search.error, M.loadFailed)} onRetry={() => void search.refetch()} />
      ) : (
        <Results results={dedupe(search.data.pages.flatMap((page) => page.results))} list={search} />
      )}
    </Flex>
  );
}

/** A client matched on two pages (by two of their tokens) is shown once. */
function dedupe(results: AdminSearchResult[]): AdminSearchResult[] {
  const seen = new Set<string>();
  return results.filter((result) => !seen.has(result.profile_id) && Boolean(seen.add(result.profile_id)));
}

function Results({
  results,
  list,
}: {
  results: AdminSearchResult[];
  list: Parameters<typeof LoadMoreButton>[0]['list'];
}) {
  if (results.length === 0 && !list.hasNextPage) return <Text color="font.secondary">{M.noResults}</Text>;
  return (
    <Flex direction="column" gap="small">
      <ul className="admin-search-results" aria-label="Clientes encontrados">
        {results.map((result) => (
          <li key={result.profile_id}>
            <Card variation="outlined">
              <Flex direction="column" gap="xs">
                <Heading level={2} fontSize="medium">
                  <TextLink to={caseFilePath(result.profile_id)}>{result.nome_completo}</TextLink>
                </Heading>
                <Text fontSize="small" color="font.secondary" className="admin-search-results__contact">
                  {result.tipo_documento.toUpperCase()} {result.documento_mascarado} · {result.email}
                </Text>
                {result.processes.length === 0 ? (
                  <Text fontSize="small" color="font.secondary">
                    {M.noProcesses}
                  </Text>
                ) : (
                  <ul className="admin-search-results__processes">
                    {result.processes.map((process) => (
                      <li key={process.contrato_id}>
                        <TextLink to={caseFilePath(result.profile_id)} className="protocol-number">
                          {process.protocolo}
                        </TextLink>
                        <Badge size="small" variation="info">
                          {statusLabel(process.status)}
                        </Badge>
                        {process.numero_cnj ? (
                          <Text as="span" fontSize="small">
                            CNJ {process.numero_cnj}
                          </Text>
                        ) : null}
                        <Text as="span" fontSize="small" color="font.secondary">
                          atualizado em {formatDate(process.updated_at)}
                        </Text>
                      </li>
                    ))}
                  </ul>
                )}
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMoreButton list={list} />
    </Flex>
  );
}

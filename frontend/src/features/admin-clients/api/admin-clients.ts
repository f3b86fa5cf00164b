import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  deleteAdminClientRoute,
  getAdminClientRoute,
  getAdminContractPdfRoute,
  listAdminClientsRoute,
} from '@domain/api/admin-clients.js';
import { adminSummaryQueryOptions } from '@/lib/admin-summary';
import { apiCall, routeQueryKey, routeQueryPrefix } from '@/lib/api-client';

/**
 * Clients one page at a time ('Carregar mais' passes the cursor back), a search's matches too; `oldestFirst` pages the
 * sign-up index from its start.
 */
export function adminClientsQueryOptions(search: string, oldestFirst = false) {
  const query = { ...(search ? { search } : {}), ...(oldestFirst ? { ordem: 'antigos' as const } : {}) };
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listAdminClientsRoute, { query }),
    queryFn: ({ signal, pageParam }) =>
      apiCall(listAdminClientsRoute, { body: pageParam ? { ...query, cursor: pageParam } : query, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

/** The pages as every admin list reads them (`items`), so the screen stands on the shared list (AdminListResults). */
export function useAdminClients(search: string, oldestFirst = false) {
  return useInfiniteQuery({
    ...adminClientsQueryOptions(search, oldestFirst),
    select: (data) => ({ ...data, pages: data.pages.map((page) => ({ items: page.clients, cursor: page.cursor })) }),
  });
}

export function adminClientQueryOptions(id: string) {
  return queryOptions({
    queryKey: routeQueryKey(getAdminClientRoute, { params: { id } }),
    queryFn: ({ signal }) => apiCall(getAdminClientRoute, { params: { id }, signal }),
  });
}

export function useAdminClient(id: string) {
  return useQuery(adminClientQueryOptions(id));
}

/** Deletes a client; the body repeats the id as the server's own confirmation. Lists and counters refresh. */
export function useDeleteAdminClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall(deleteAdminClientRoute, { params: { id }, body: { confirmacao: id } }),
    onSuccess: (_counts, id) => {
      queryClient.removeQueries({ queryKey: routeQueryKey(getAdminClientRoute, { params: { id } }) });
      // Dropped, not just marked stale: a cached page or search must not show the deleted client again, even briefly.
      queryClient.removeQueries({ queryKey: routeQueryPrefix(listAdminClientsRoute) });
      void queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey });
    },
  });
}

/**
 * The case file's 'PDF do contrato': a fresh five-minute link to the client's signed contract, followed at once (it
 * answers as an attachment, so the page stays).
 */
export function useClientContractPdf() {
  return useMutation({
    mutationFn: async ({ profileId, contractId }: { profileId: string; contractId: string }) => {
      const { pdf_url } = await apiCall(getAdminContractPdfRoute, { params: { id: profileId, contractId } });
      window.location.assign(pdf_url);
    },
  });
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchAdminRoute } from '@domain/api/admin-search.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** The header's search, a page of clients at a time ('Carregar mais' passes the cursor back). */
export function adminSearchQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(searchAdminRoute, { query: { q } }),
    queryFn: ({ signal, pageParam }) =>
      apiCall(searchAdminRoute, { body: pageParam ? { q, cursor: pageParam } : { q }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: q.length > 0,
  });
}

export function useAdminSearch(q: string) {
  return useInfiniteQuery(adminSearchQueryOptions(q));
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listAdminProcessesRoute } from '@domain/api/admin-processes.js';
import type { ProcessStatus } from '@domain/process-status.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export type ProcessFilters = { search?: string; status?: ProcessStatus };

/** One page of /admin/processos; the next page is asked with the cursor the last one gave. */
export function fetchAdminProcesses(filters: ProcessFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(listAdminProcessesRoute, { body: { ...filters, cursor }, signal });
}

export function adminProcessesQueryOptions(filters: ProcessFilters) {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listAdminProcessesRoute, { query: filters }),
    queryFn: ({ pageParam, signal }) => fetchAdminProcesses(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useAdminProcesses(filters: ProcessFilters) {
  return useInfiniteQuery(adminProcessesQueryOptions(filters));
}

import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeAdminProcessStatusRoute,
  listAdminProcessesRoute,
  type StatusChangeBody,
} from '@domain/api/admin-processes.js';
import type { ProcessStatus } from '@domain/process-status.js';
import { apiCall, isAdminQuery, routeQueryKey } from '@/lib/api-client';

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

export type ProcessStatusChange = { userId: string; contractId: string; body: StatusChangeBody };

/**
 * A confirmed status change with what its guard asked for (docs/decisions.md, Guarded status changes); it settles
 * only once the list and the counters have been read again, so the row never shows the old status after the
 * confirmation.
 */
export function useChangeProcessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, contractId, body }: ProcessStatusChange) =>
      apiCall(changeAdminProcessStatusRoute, { params: { userId, contractId }, body }),
    // Every admin view may show the process (the lists, the counters, 'Hoje', a case file): all read again.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isAdminQuery(query.queryKey) }),
  });
}

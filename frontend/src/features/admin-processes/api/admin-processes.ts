import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getAdminSummaryRoute } from '@domain/api/admin.js';
import { changeAdminProcessStatusRoute, listAdminProcessesRoute } from '@domain/api/admin-processes.js';
import type { ProcessStatus } from '@domain/process-status.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export type ProcessFilters = { search?: string; status?: ProcessStatus };

/** One page of /admin/processos; the next page is asked with the cursor the last one gave. */
export function fetchAdminProcesses(filters: ProcessFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(listAdminProcessesRoute, { query: { ...filters, cursor }, signal });
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

/** The admin counters (the six status counters here), shared with every admin screen. */
export function useAdminSummary() {
  return useQuery({
    queryKey: routeQueryKey(getAdminSummaryRoute),
    queryFn: ({ signal }) => apiCall(getAdminSummaryRoute, { signal }),
  });
}

/** The inline status selector; the list and the counters are read again afterwards. */
export function useChangeProcessStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; contractId: string; status: ProcessStatus }) =>
      apiCall(changeAdminProcessStatusRoute, {
        params: { userId: input.userId, contractId: input.contractId },
        body: { status: input.status },
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [listAdminProcessesRoute.id] }),
        queryClient.invalidateQueries({ queryKey: routeQueryKey(getAdminSummaryRoute) }),
      ]),
  });
}

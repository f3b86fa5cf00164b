import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { exportMyDataRoute, getMyErasureRequestRoute, requestErasureRoute } from '@domain/api/data-rights.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** Everything held about the caller; fetched on the click, never cached (the document links expire). */
export function fetchMyData() {
  // Signing every document link takes a moment more than a plain read.
  return apiCall(exportMyDataRoute, { timeoutMs: 30_000 });
}

export function myErasureRequestQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getMyErasureRequestRoute),
    queryFn: ({ signal }) => apiCall(getMyErasureRequestRoute, { signal }),
  });
}

export function useMyErasureRequest(enabled: boolean) {
  return useQuery({ ...myErasureRequestQueryOptions(), enabled });
}

/** 'Solicitar exclusão': the answer (new or the open one) goes straight into the request's cache. */
export function useRequestErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(requestErasureRoute),
    onSuccess: ({ request }) => queryClient.setQueryData(myErasureRequestQueryOptions().queryKey, { request }),
  });
}

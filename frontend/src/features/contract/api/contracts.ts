import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { signContractRoute } from '@domain/api/contracts.js';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/**
 * The contract screen reads the customer's collection through the dashboard's route: one request, one Query, and the
 * same cache entry the dashboard uses, so a signature refreshes both.
 */
export function customerCollectionQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getDashboardRoute),
    queryFn: ({ signal }) => apiCall(getDashboardRoute, { signal }),
  });
}

export function useCustomerCollection() {
  return useQuery(customerCollectionQueryOptions());
}

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(signContractRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

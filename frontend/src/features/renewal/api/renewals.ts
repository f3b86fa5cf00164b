import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { startFreeRenewalRoute, startPaidRenewalRoute } from '@domain/api/renewals.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/**
 * Starting a renewal writes a new contract and, for a free one, spends a free renewal: both land in the customer
 * collection, which the renewal, contract and payment screens read.
 */
export function useStartRenewal(kind: 'free' | 'paid') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(kind === 'free' ? startFreeRenewalRoute : startPaidRenewalRoute),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

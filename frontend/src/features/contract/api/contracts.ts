import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelContractRoute, signContractRoute } from '@domain/api/contracts.js';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(signContractRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

/** 'Cancelar contrato' (and its retry when the refund could not be asked yet): the collection is read again after. */
export function useCancelContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(cancelContractRoute, { params: { contractId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

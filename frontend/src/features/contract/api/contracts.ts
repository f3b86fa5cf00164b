import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signContractRoute } from '@domain/api/contracts.js';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export function useSignContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(signContractRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

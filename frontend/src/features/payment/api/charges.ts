import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { createChargeRoute, verifyChargeRoute } from '@domain/api/payments.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** 'Gerar PIX': the charge lands in the customer collection, which the payment screen reads. */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(createChargeRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

/** 'Verificar Pagamento': Asaas is asked, and whatever changed comes back through the collection. */
export function useVerifyCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => apiCall(verifyChargeRoute, { params: { contractId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
  });
}

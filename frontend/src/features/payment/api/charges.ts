import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { createChargeRoute, verifyChargeRoute, type ChargeChoice } from '@domain/api/payments.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** 'Gerar PIX', 'Pagar com cartão', 'Gerar boleto': the charge lands in the customer collection the screen reads. */
export function useCreateCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ contractId, choice }: { contractId: string; choice: ChargeChoice }) =>
      apiCall(createChargeRoute, { params: { contractId }, body: choice }),
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

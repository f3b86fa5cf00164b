import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listOrphanPaymentsRoute, refundOrphanPaymentRoute } from '@domain/api/admin-finance.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** 'Pagamentos sem cobrança'. */
export function useOrphanPayments() {
  return useQuery({
    queryKey: routeQueryKey(listOrphanPaymentsRoute),
    queryFn: ({ signal }) => apiCall(listOrphanPaymentsRoute, { signal }),
  });
}

export function useRefundOrphanPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asaasId, motivo }: { asaasId: string; motivo: string }) =>
      apiCall(refundOrphanPaymentRoute, { params: { asaasId }, body: { motivo } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(listOrphanPaymentsRoute) }),
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAdminInvoiceProblemsRoute, retryAdminInvoiceRoute } from '@domain/api/admin-invoices.js';
import { apiCall, routeQueryKey } from '@/lib/api-client';

/** 'Notas fiscais com problema'. */
export function useInvoiceProblems() {
  return useQuery({
    queryKey: routeQueryKey(listAdminInvoiceProblemsRoute),
    queryFn: ({ signal }) => apiCall(listAdminInvoiceProblemsRoute, { signal }),
  });
}

/** 'Tentar novamente' on one nota. */
export function useRetryInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (params: { userId: string; contractId: string; chargeId: string }) =>
      apiCall(retryAdminInvoiceRoute, { params }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: routeQueryKey(listAdminInvoiceProblemsRoute) }),
  });
}

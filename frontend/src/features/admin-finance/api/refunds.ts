import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listAdminChargesRoute,
  listOrphanPaymentsRoute,
  refundAdminChargeRoute,
  refundOrphanPaymentRoute,
} from '@domain/api/admin-finance.js';
import { adminSummaryQueryOptions } from '@/lib/admin-summary';
import { apiCall, routeQueryKey } from '@/lib/api-client';
import type { ChargeRef } from './admin-finance';

/** 'Estornar' on a charge row: the list and the counters are read again after. */
export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, motivo }: { ref: ChargeRef; motivo: string }) =>
      apiCall(refundAdminChargeRoute, { params: ref, body: { motivo } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [listAdminChargesRoute.id] }),
        queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey }),
      ]),
  });
}

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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getAdminClientRoute } from '@domain/api/admin-clients.js';
import { getAdminReconciliationRoute } from '@domain/api/admin-reconciliation.js';
import { listAdminChargesRoute, refundAdminChargeRoute } from '@domain/api/admin-finance.js';
import { adminSummaryQueryOptions } from './admin-summary';
import { apiCall } from './api-client';
import { routeQueryPrefix } from '@/lib/api-client';

type ChargeRef = { userId: string; contractId: string; chargeId: string };

type RefundInput =
  | { tipo?: 'estorno' | 'duplicidade'; motivo: string }
  | { tipo: 'manual'; motivo: string; valor: number; data: string };

/**
 * 'Estornar', 'Registrar estorno manual' and 'Estornar pagamento extra' (on /admin/financeiro and a client's page): the
 * lists, the divergences, the counters and the client are read again.
 */
export function useRefundCharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ref, ...body }: { ref: ChargeRef } & RefundInput) =>
      apiCall(refundAdminChargeRoute, { params: ref, body: { tipo: 'estorno', ...body } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: routeQueryPrefix(listAdminChargesRoute) }),
        queryClient.invalidateQueries({ queryKey: routeQueryPrefix(getAdminReconciliationRoute) }),
        queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey }),
        // The client's detail page offers 'Estornar' too.
        queryClient.invalidateQueries({ queryKey: routeQueryPrefix(getAdminClientRoute) }),
      ]),
  });
}

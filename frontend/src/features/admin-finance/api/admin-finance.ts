import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { listAdminChargesRoute, markAdminChargePaidRoute, verifyAdminChargeRoute } from '@domain/api/admin-finance.js';
import { adminSummaryQueryOptions } from '@/lib/admin-summary';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export type ChargeFilters = { search?: string; status?: string };
export type ChargeRef = { userId: string; contractId: string; chargeId: string };

/** One page of /admin/financeiro; the next page is asked with the cursor the last one gave. */
export function fetchAdminCharges(filters: ChargeFilters, cursor: string | undefined, signal?: AbortSignal) {
  return apiCall(listAdminChargesRoute, { query: { ...filters, cursor }, signal });
}

export function adminChargesQueryOptions(filters: ChargeFilters) {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listAdminChargesRoute, { query: filters }),
    queryFn: ({ pageParam, signal }) => fetchAdminCharges(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useAdminCharges(filters: ChargeFilters) {
  return useInfiniteQuery(adminChargesQueryOptions(filters));
}

function useChargeAction<T>(action: (ref: ChargeRef) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [listAdminChargesRoute.id] }),
        queryClient.invalidateQueries({ queryKey: adminSummaryQueryOptions().queryKey }),
      ]),
  });
}

/** 'Marcar pago'. */
export function useMarkChargePaid() {
  return useChargeAction((params: ChargeRef) => apiCall(markAdminChargePaidRoute, { params }));
}

/** The verification against Asaas. */
export function useVerifyCharge() {
  return useChargeAction((params: ChargeRef) => apiCall(verifyAdminChargeRoute, { params }));
}

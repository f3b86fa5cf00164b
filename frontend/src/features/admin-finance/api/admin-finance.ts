import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ADMIN_CHARGES_MAX_PAGE,
  getAdminFinanceSummaryRoute,
  listAdminChargesRoute,
  markAdminChargePaidRoute,
  verifyAdminChargeRoute,
  type MarkPaidBody,
  type AdminChargeRow,
} from '@domain/api/admin-finance.js';
import type { PaymentMethod } from '@domain/payment-methods.js';
import type { DayRange } from '@domain/finance-period.js';
import { apiCall, isAdminQuery, routeQueryKey } from '@/lib/api-client';

/** The list's filters: search, status and method, and the period's São Paulo days (`from`, `to`). */
export type ChargeFilters = { search?: string; status?: string; metodo?: PaymentMethod; from?: string; to?: string };
export type ChargeRef = { userId: string; contractId: string; chargeId: string };

/** One page of /admin/financeiro; the next page is asked with the cursor the last one gave. */
export function fetchAdminCharges(
  filters: ChargeFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
  limit?: number,
) {
  return apiCall(listAdminChargesRoute, {
    body: { ...filters, cursor, ...(limit ? { limit } : {}) },
    signal,
  });
}

/**
 * Every row of the filtered list, for 'Exportar CSV': the list's own route, page after page of the largest size, so
 * the file holds exactly what the list would show scrolled to its end. `onProgress` gets the rows read so far.
 * Stops (throws `ExportTooLargeError`) past `maxRows`, where a file would no longer be a sensible download.
 */
export async function fetchAllAdminCharges(
  filters: ChargeFilters,
  options: { signal?: AbortSignal; onProgress?: (rows: number) => void; maxRows?: number } = {},
): Promise<AdminChargeRow[]> {
  const rows: AdminChargeRow[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchAdminCharges(filters, cursor, options.signal, ADMIN_CHARGES_MAX_PAGE);
    rows.push(...page.items);
    options.onProgress?.(rows.length);
    if (rows.length > (options.maxRows ?? Infinity)) throw new ExportTooLargeError();
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return rows;
}

export class ExportTooLargeError extends Error {
  constructor() {
    super('Too many rows to export');
    this.name = 'ExportTooLargeError';
  }
}

export function adminChargesQueryOptions(filters: ChargeFilters) {
  return infiniteQueryOptions({
    queryKey: routeQueryKey(listAdminChargesRoute, { query: filters }),
    queryFn: ({ pageParam, signal }) => fetchAdminCharges(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

export function useAdminCharges(filters: ChargeFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...adminChargesQueryOptions(filters), enabled: options.enabled ?? true });
}

/** Recebido, Estornado, Pendente and the daily receipts of a period (computed by the server). */
export function financeSummaryQueryOptions(range: DayRange) {
  return queryOptions({
    queryKey: routeQueryKey(getAdminFinanceSummaryRoute, { query: range }),
    queryFn: ({ signal }) => apiCall(getAdminFinanceSummaryRoute, { query: range, signal }),
  });
}

/** The period's figures; while another period loads, the last one's stay on screen (marked as refreshing). */
export function useFinanceSummary(range: DayRange | null) {
  return useQuery({
    ...financeSummaryQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

function useChargeAction<I, T>(action: (input: I) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    // A charge that moved may move the period's money, the counters, 'Hoje' and a case file: every admin view.
    onSettled: () => queryClient.invalidateQueries({ predicate: (query) => isAdminQuery(query.queryKey) }),
  });
}

/** 'Marcar pago'. */
export function useMarkChargePaid() {
  return useChargeAction(({ ref, body }: { ref: ChargeRef; body: MarkPaidBody }) =>
    apiCall(markAdminChargePaidRoute, { params: ref, body }),
  );
}

/** The verification against Asaas. */
export function useVerifyCharge() {
  return useChargeAction((params: ChargeRef) => apiCall(verifyAdminChargeRoute, { params }));
}

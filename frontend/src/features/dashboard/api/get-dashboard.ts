import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@domain/schemas/dashboard.js';
import { apiFetch } from '@/lib/api-client';

export function getDashboard({ signal }: { signal?: AbortSignal } = {}): Promise<Dashboard> {
  return apiFetch('/me/dashboard', dashboardSchema, { signal });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: ['me', 'dashboard'],
    queryFn: ({ signal }) => getDashboard({ signal }),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}

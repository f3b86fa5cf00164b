import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDashboardRoute } from '@domain/api/dashboard.js';
import { lookupPostalCodeRoute } from '@domain/api/postal-codes.js';
import { createProfileRoute, getProfileRoute, updateProfileRoute } from '@domain/api/profile.js';
import type { NewProfileInput } from '@domain/schemas/profile-input.js';
import type * as z from 'zod';
import { apiCall, routeQueryKey } from '@/lib/api-client';

export function profileQueryOptions() {
  return queryOptions({
    queryKey: routeQueryKey(getProfileRoute),
    queryFn: ({ signal }) => apiCall(getProfileRoute, { signal }),
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

/** Both saves change what the dashboard shows (the next step, the name): its cache is dropped with the profile's. */
function useInvalidateCustomerData() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: routeQueryKey(getDashboardRoute) }),
    ]);
}

export function useCreateProfile() {
  const invalidate = useInvalidateCustomerData();
  return useMutation({
    mutationFn: (body: NewProfileInput) => apiCall(createProfileRoute, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateProfile() {
  const invalidate = useInvalidateCustomerData();
  return useMutation({
    mutationFn: (body: z.input<typeof updateProfileRoute.body>) => apiCall(updateProfileRoute, { body }),
    onSuccess: invalidate,
  });
}

/** The address of a CEP (8 digits), for the form's autofill. */
export function lookupPostalCode(cep: string, signal?: AbortSignal) {
  return apiCall(lookupPostalCodeRoute, { params: { cep }, signal, timeoutMs: 5000 });
}

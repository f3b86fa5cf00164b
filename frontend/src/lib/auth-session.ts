import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { sessionUserFromClaims, type SessionUser } from './auth-claims';

export const sessionQueryKey = ['auth', 'session'] as const;

export async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    const { tokens } = await fetchAuthSession();
    const claims = tokens?.idToken?.payload;
    return claims ? sessionUserFromClaims(claims) : null;
  } catch {
    // A session that cannot be read or refreshed is a signed-out session (spec 01 §4).
    return null;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
  // Amplify's Hub tells us when the session changes; polling would only add token reads.
  staleTime: Infinity,
  retry: false,
});

export function useAuthSession() {
  return useQuery(sessionQueryOptions);
}

/**
 * The one way to sign out. The cached session is cleared only after `beforeSessionCleared` ran,
 * so a caller can navigate first (logout goes to /) before the route guard reacts (it goes to /auth).
 */
export async function endSession(queryClient: QueryClient, beforeSessionCleared?: () => void): Promise<void> {
  await signOut();
  beforeSessionCleared?.();
  // Nothing of the previous user may survive into the next session on a shared device.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

/** Mounted once: keeps the cached session in step with Amplify's sign-in, sign-out and refresh events. */
export function useAuthEvents(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          // 'signedOut' is left to endSession(), which orders navigation and cache clearing.
          case 'signedIn':
          case 'tokenRefresh':
          case 'tokenRefresh_failure':
            void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
            break;
        }
      }),
    [queryClient],
  );
}

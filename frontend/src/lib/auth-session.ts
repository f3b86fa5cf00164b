import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { sessionUserFromClaims, type SessionUser } from './auth-claims';
import { AUTO_REFRESH_TICK_MS, autoRefreshTick } from './session-auto-refresh';
import { resolveSession, SESSION_CHECK_DELAYS_MS, type SessionCheckTrigger } from './session-recovery';

export const sessionQueryKey = ['auth', 'session'] as const;

async function readSessionUser({ forceRefresh }: { forceRefresh: boolean }): Promise<SessionUser | null> {
  // Amplify refreshes expired tokens here by itself; forceRefresh is only for recovery.
  const { tokens } = await fetchAuthSession({ forceRefresh });
  const claims = tokens?.idToken?.payload;
  return claims ? sessionUserFromClaims(claims) : null;
}

/**
 * The signed-in user, or null. A broken session gets up to 3 refreshes (spec 01 §4) and is then
 * cleared; a network failure is thrown instead, so the cached user survives a dropped connection.
 */
export function fetchSessionUser(): Promise<SessionUser | null> {
  return resolveSession(readSessionUser, { onGiveUp: () => signOut() });
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: fetchSessionUser,
  // Amplify's Hub and the guard's checks say when to look again; polling would only add token reads.
  staleTime: Infinity,
  retry: false,
  // Tokens live in local storage: reading them must not wait for the browser to be online.
  networkMode: 'always',
});

export function useAuthSession() {
  return useQuery(sessionQueryOptions);
}

/** Re-reads the session now, joining a read already under way instead of restarting it. */
export function recheckSession(queryClient: QueryClient): Promise<void> {
  return queryClient.refetchQueries({ queryKey: sessionQueryKey, type: 'active' }, { cancelRefetch: false });
}

/**
 * Call after a sign-in succeeds: drops whatever a previous user left in the cache (a session that
 * expired on a shared device) and stores the new session, so the route guard sees it before navigation.
 */
export async function beginSession(queryClient: QueryClient): Promise<SessionUser | null> {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  // Tokens were just stored, so a failure here is fleeting; Amplify's 'signedIn' event reads them again.
  const user = await fetchSessionUser().catch(() => null);
  queryClient.setQueryData(sessionQueryKey, user);
  return user;
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

/** Amplify's keys in local storage; other keys (referral codes) say nothing about the session. */
const AMPLIFY_STORAGE_PREFIX = 'CognitoIdentityServiceProvider';

/**
 * Spec 01 §9: the guard re-checks the session when the tab becomes visible or focused, when another
 * tab changes the stored session (50 ms later), when the browser comes online (100 ms) and on mount (50 ms).
 */
export function useSessionChecks(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const check = (trigger: SessionCheckTrigger) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void recheckSession(queryClient);
      }, SESSION_CHECK_DELAYS_MS[trigger]);
      timers.add(timer);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') check('visibilityChange');
    };
    const onFocus = () => check('focus');
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key.startsWith(AMPLIFY_STORAGE_PREFIX)) check('storage');
    };
    const onOnline = () => check('online');

    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('focus', onFocus);
    window.addEventListener('storage', onStorage);
    window.addEventListener('online', onOnline);
    check('mount');
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('online', onOnline);
      timers.forEach(clearTimeout);
    };
  }, [queryClient]);
}

/**
 * Spec 01 §9: refreshes the session ahead of its expiry while a signed-in screen is open (session-auto-refresh.ts).
 * Amplify's 'tokenRefresh' event then updates the cached session.
 */
export function useSessionAutoRefresh(): void {
  useEffect(() => {
    let running = false;
    const tick = () => {
      if (running || !navigator.onLine) return;
      running = true;
      void autoRefreshTick({
        tokenExpiry: async () => (await fetchAuthSession()).tokens?.idToken?.payload.exp ?? null,
        refresh: async () => void (await fetchAuthSession({ forceRefresh: true })),
      }).finally(() => {
        running = false;
      });
    };
    const interval = setInterval(tick, AUTO_REFRESH_TICK_MS);
    return () => clearInterval(interval);
  }, []);
}

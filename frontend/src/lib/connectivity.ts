import { useEffect, useSyncExternalStore } from 'react';
import { HEALTH_CHECK_TICK_MS, shouldCheckHealth } from './health-check-schedule';

export type Connectivity = 'online' | 'offline' | 'backend-unreachable';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Backend reachability, reported by whoever learns it: the health check and every API call. */
let backendReachable = true;
const backendListeners = new Set<() => void>();

export function reportBackendReachable(reachable: boolean): void {
  if (reachable === backendReachable) return;
  backendReachable = reachable;
  backendListeners.forEach((listener) => listener());
}

function subscribeBackend(onChange: () => void): () => void {
  backendListeners.add(onChange);
  return () => backendListeners.delete(onChange);
}

export function useConnectivity(): Connectivity {
  const online = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const backend = useSyncExternalStore(
    subscribeBackend,
    () => backendReachable,
    () => true,
  );
  if (!online) return 'offline';
  return backend ? 'online' : 'backend-unreachable';
}

/** Module-wide, so a remounted shell does not check again before the 2 minutes are up. */
let lastHealthCheckAt: number | null = null;

/** Runs `check` now, whatever the schedule says (the 'Reconectar' button), and restarts the 2 minutes. */
export function runHealthCheck<T>(check: () => Promise<T>): Promise<T> {
  lastHealthCheckAt = Date.now();
  return check();
}

/** Runs `check` whenever it is due: on mount, on a timer, and when the page becomes visible or online. */
export function useHealthChecks(check: () => Promise<unknown>): void {
  useEffect(() => {
    const checkIfDue = () => {
      const due = shouldCheckHealth({
        now: Date.now(),
        lastCheckAt: lastHealthCheckAt,
        visible: document.visibilityState === 'visible',
        online: navigator.onLine,
      });
      if (due) void runHealthCheck(check);
    };
    checkIfDue();
    const timer = setInterval(checkIfDue, HEALTH_CHECK_TICK_MS);
    document.addEventListener('visibilitychange', checkIfDue);
    window.addEventListener('online', checkIfDue);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', checkIfDue);
      window.removeEventListener('online', checkIfDue);
    };
  }, [check]);
}

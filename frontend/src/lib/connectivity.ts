import { useSyncExternalStore } from 'react';

export type Connectivity = 'online' | 'offline' | 'backend-unreachable';

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * Backend reachability, reported by whoever learns it (a health check, a failed API call).
 * Nothing reports it yet: the periodic check of spec 01 §9 arrives with a later change.
 */
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

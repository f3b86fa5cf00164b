import { vi } from 'vitest';

/**
 * Rate limits count in fixed windows (domain/rate-limits.ts): a test that makes `limit + 1` calls with the real clock
 * fails when a slow run straddles a window's end. This runs `calls` with the clock standing still in the middle of the
 * current window; only `Date` is faked, timers run.
 */
export async function inMiddleOfWindow<T>(windowSeconds: number, calls: () => Promise<T>): Promise<T> {
  const windowMs = windowSeconds * 1000;
  vi.useFakeTimers({ toFake: ['Date'], now: Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2 });
  try {
    return await calls();
  } finally {
    vi.useRealTimers();
  }
}

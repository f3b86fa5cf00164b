import { describe, expect, it } from 'vitest';
import { autoRefreshTick, isRefreshDue, refreshRetryDelays } from '../../../frontend/src/lib/session-auto-refresh.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const inSeconds = (seconds: number) => NOW / 1000 + seconds;

describe('session auto-refresh (spec 01 §9)', () => {
  it('is due within the 90 s margin before expiry, not earlier', () => {
    expect(isRefreshDue(inSeconds(91), NOW)).toBe(false);
    expect(isRefreshDue(inSeconds(90), NOW)).toBe(true);
    expect(isRefreshDue(inSeconds(-5), NOW)).toBe(true);
  });

  it('retries after 200 ms, doubling, while the pauses fit in 30 s', () => {
    const delays = refreshRetryDelays();
    expect(delays.slice(0, 4)).toEqual([200, 400, 800, 1600]);
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(30_000);
    expect(delays.reduce((a, b) => a + b, 0) + delays.at(-1)! * 2).toBeGreaterThan(30_000);
  });

  it('does nothing when nobody is signed in or the token is fresh', async () => {
    let refreshes = 0;
    const refresh = async () => void refreshes++;
    expect(await autoRefreshTick({ tokenExpiry: async () => null, refresh, now: () => NOW })).toBe('not-signed-in');
    expect(await autoRefreshTick({ tokenExpiry: async () => inSeconds(600), refresh, now: () => NOW })).toBe('not-due');
    expect(refreshes).toBe(0);
  });

  it('refreshes a token about to expire, retrying with backoff until it works', async () => {
    const waits: number[] = [];
    let attempts = 0;
    const outcome = await autoRefreshTick({
      tokenExpiry: async () => inSeconds(60),
      refresh: async () => {
        if (++attempts < 3) throw new Error('Failed to fetch');
      },
      now: () => NOW,
      wait: async (ms) => void waits.push(ms),
    });
    expect(outcome).toBe('refreshed');
    expect(waits).toEqual([200, 400]);
  });

  it('gives up after the retry budget, without throwing', async () => {
    let attempts = 0;
    const outcome = await autoRefreshTick({
      tokenExpiry: async () => inSeconds(10),
      refresh: async () => {
        attempts++;
        throw new Error('NotAuthorizedException');
      },
      now: () => NOW,
      wait: async () => undefined,
    });
    expect(outcome).toBe('failed');
    expect(attempts).toBe(refreshRetryDelays().length + 1);
  });
});

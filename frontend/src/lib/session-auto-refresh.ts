/**
 * Spec 01 §9 session auto-refresh, free of Amplify and React so it can be unit tested: every 30 s, a session whose
 * token expires within 90 s is refreshed ahead of time, retrying with a backoff that starts at 200 ms and doubles
 * while the retries fit in 30 s. Amplify alone would refresh only when a token is read, which lets an idle tab's
 * session lapse and makes the next click wait for a refresh.
 */
export const AUTO_REFRESH_TICK_MS = 30_000;
export const AUTO_REFRESH_MARGIN_MS = 90_000;
export const AUTO_REFRESH_FIRST_RETRY_MS = 200;
export const AUTO_REFRESH_RETRY_BUDGET_MS = 30_000;

/** True when a token expiring at `expiresAtSeconds` (JWT `exp`) should be refreshed at `nowMs`. */
export function isRefreshDue(expiresAtSeconds: number, nowMs: number): boolean {
  return expiresAtSeconds * 1000 - nowMs <= AUTO_REFRESH_MARGIN_MS;
}

/** The pauses before each retry: 200, 400, 800 … ms, as many as fit in the 30 s budget together. */
export function refreshRetryDelays(
  firstMs: number = AUTO_REFRESH_FIRST_RETRY_MS,
  budgetMs: number = AUTO_REFRESH_RETRY_BUDGET_MS,
): number[] {
  const delays: number[] = [];
  for (let next = firstMs, total = 0; total + next <= budgetMs; total += next, next *= 2) delays.push(next);
  return delays;
}

/**
 * One tick: refreshes when due, retrying after each pause of `refreshRetryDelays`. Resolves with what happened;
 * never throws, since a failed background refresh is for the route guard's recovery to handle.
 */
export async function autoRefreshTick(deps: {
  /** The current token's `exp`, or null when nobody is signed in. */
  tokenExpiry: () => Promise<number | null>;
  refresh: () => Promise<void>;
  now?: () => number;
  wait?: (ms: number) => Promise<void>;
}): Promise<'not-signed-in' | 'not-due' | 'refreshed' | 'failed'> {
  const { now = Date.now, wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = deps;
  const exp = await deps.tokenExpiry().catch(() => null);
  if (exp === null) return 'not-signed-in';
  if (!isRefreshDue(exp, now())) return 'not-due';
  for (const pause of [0, ...refreshRetryDelays()]) {
    if (pause) await wait(pause);
    try {
      await deps.refresh();
      return 'refreshed';
    } catch {
      // Retried below; the last failure is left to the guard.
    }
  }
  return 'failed';
}

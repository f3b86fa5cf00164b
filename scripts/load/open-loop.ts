import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * An open-loop load generator: requests leave on a fixed schedule whatever the answers' speed (a closed loop, waiting
 * for each answer, would slow down with the system and hide the queueing a real crowd causes). Bounded in count (rate ×
 * duration), in time (the step's duration plus a drain deadline) and in requests in flight.
 */

export type Outcome = { ok: boolean; status: number | 'network' };
export type StepResult = {
  /** Requests per second asked for. */
  rate: number;
  seconds: number;
  sent: number;
  ok: number;
  errors: number;
  /** Requests not sent because `maxInFlight` were still waiting: the system fell behind. */
  skipped: number;
  /** Successful answers per second of the step. */
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  /** Error answers by status ('network' for a refused or dropped connection). */
  errorsByStatus: Record<string, number>;
};

export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Sends `rate` requests a second for `seconds` (request i leaves at i / rate s), each through `send(i)`, and measures
 * each from its scheduled departure, so time spent queued behind a slow generator counts too.
 */
export async function runStep(
  rate: number,
  seconds: number,
  send: (index: number) => Promise<Outcome>,
  { maxInFlight = 200, drainMs = 30_000 }: { maxInFlight?: number; drainMs?: number } = {},
): Promise<StepResult> {
  const total = Math.max(1, Math.round(rate * seconds));
  const latencies: number[] = [];
  const errorsByStatus: Record<string, number> = {};
  let ok = 0;
  let skipped = 0;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (inFlight >= maxInFlight) {
      skipped++;
      continue;
    }
    inFlight++;
    pending.push(
      send(i)
        .catch((): Outcome => ({ ok: false, status: 'network' }))
        .then((outcome) => {
          inFlight--;
          latencies.push(performance.now() - due);
          if (outcome.ok) ok++;
          else errorsByStatus[String(outcome.status)] = (errorsByStatus[String(outcome.status)] ?? 0) + 1;
        }),
    );
  }
  // Unreferenced: once the requests are all answered, this timer must not keep the process up for the rest of it.
  await Promise.race([Promise.all(pending), sleep(drainMs, undefined, { ref: false })]);
  const elapsed = Math.max(seconds, (performance.now() - started) / 1000);
  const errors = Object.values(errorsByStatus).reduce((sum, n) => sum + n, 0);
  return {
    rate,
    seconds,
    sent: total - skipped,
    ok,
    errors: errors + (total - skipped - latencies.length),
    skipped,
    achieved: ok / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errorsByStatus,
  };
}

/**
 * The highest rate of the steps that the system kept up with: no error, nothing skipped, ≥ 95 % of the rate achieved,
 * and (when given) a p99 within `p99LimitMs`.
 */
export function sustainedRate(steps: readonly StepResult[], p99LimitMs = Number.POSITIVE_INFINITY): number {
  let best = 0;
  for (const step of steps) {
    const kept = step.errors === 0 && step.skipped === 0 && step.achieved >= 0.95 * step.rate;
    if (kept && step.p99 <= p99LimitMs) best = Math.max(best, step.rate);
  }
  return best;
}

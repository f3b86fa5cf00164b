/**
 * A small JSON-over-HTTP caller shared by the providers that speak plain HTTPS APIs (Asaas, ViaCEP): a timeout per
 * attempt, and retries with exponential backoff and jitter for the answers that say "try again later" (429, 5xx)
 * and for network failures. Whether a call may be retried is the caller's decision: only idempotent ones are.
 */
import { traceOutgoingCalls } from '../shared/tracer.js';

export type HttpJsonResponse = { status: number; body: unknown };

export type RetryPolicy = {
  /** Attempts in all, the first included. */
  attempts: number;
  /** Backoff before the second attempt; doubled each time, with full jitter. */
  baseDelayMs: number;
  /** Upper bound of any single wait, also for a server's Retry-After. */
  maxDelayMs: number;
};

export type HttpJsonOptions = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  retry: RetryPolicy;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

/** The request never got a usable answer (network error, timeout, or 429/5xx after every retry). */
export class HttpUnavailableError extends Error {
  constructor(
    readonly url: string,
    readonly lastStatus: number | undefined,
    options?: { cause?: unknown },
  ) {
    super(`${url} unavailable${lastStatus ? ` (HTTP ${lastStatus})` : ''}`, options);
    this.name = 'HttpUnavailableError';
  }
}

const RETRYABLE_STATUS = (status: number) => status === 429 || status >= 500;

const realSleep = (ms: number) => new Promise<void>((resolveSleep) => setTimeout(resolveSleep, ms));

export function backoffDelay(policy: RetryPolicy, attempt: number, random: () => number, retryAfter?: number) {
  if (retryAfter !== undefined && Number.isFinite(retryAfter) && retryAfter >= 0) {
    return Math.min(retryAfter * 1000, policy.maxDelayMs);
  }
  const ceiling = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
  return Math.round(ceiling * random());
}

/** Calls `url` and answers its status and parsed JSON body (or `undefined` for an empty or non-JSON body). */
export async function httpJson(url: string, options: HttpJsonOptions): Promise<HttpJsonResponse> {
  const { retry, fetch: fetchImpl = fetch, sleep = realSleep, random = Math.random } = options;
  // Every call from here leaves AWS: each shows in the function's trace (shared/tracer.ts).
  traceOutgoingCalls();
  let lastStatus: number | undefined;
  let lastError: unknown;
  for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
    let retryAfter: number | undefined;
    try {
      const response = await fetchImpl(url, {
        method: options.method,
        headers: {
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers,
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      if (!RETRYABLE_STATUS(response.status)) return { status: response.status, body: parseJson(text) };
      lastStatus = response.status;
      lastError = undefined;
      // Retry-After, or Asaas's own RateLimit-Reset (seconds until its window reopens) on a 429 without it.
      const header =
        response.headers.get('retry-after') ??
        (response.status === 429 ? response.headers.get('ratelimit-reset') : null);
      retryAfter = header === null ? undefined : Number(header);
    } catch (error) {
      lastError = error;
    }
    if (attempt < retry.attempts) await sleep(backoffDelay(retry, attempt, random, retryAfter));
  }
  throw new HttpUnavailableError(url, lastStatus, { cause: lastError });
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

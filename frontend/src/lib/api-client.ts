import { fetchAuthSession } from 'aws-amplify/auth';
import type * as z from 'zod';
import { apiErrorSchema } from '@domain/schemas/api-error.js';
import { API_MESSAGES } from '@domain/messages.js';
import { ApiRequestError, errorFromStatus } from './api-error';
import { reportBackendReachable } from './connectivity';
import { getRuntimeConfig } from './runtime-config';

/** Spec 01 §9: the dashboard gives up after 15 s; the same limit suits every other call. */
const DEFAULT_TIMEOUT_MS = 15_000;
const GATEWAY_UNAVAILABLE = new Set([502, 503, 504]);

export type ApiFetchOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** React Query's signal, so leaving a page cancels its requests. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Public routes (lookup) are called without a session. */
  anonymous?: boolean;
};

/**
 * Calls the API and returns the body parsed by `schema`. Throws ApiRequestError for every failure.
 * It never toasts or navigates: callers and error boundaries decide what the user sees.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiFetchOptions = {},
): Promise<z.output<S>> {
  const { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS, anonymous = false } = options;
  const headers = new Headers({ Accept: 'application/json' });
  if (!anonymous) {
    // The id token, not the access token: it carries the e-mail and cognito:groups the API authorizes on.
    const idToken = await currentIdToken();
    if (!idToken) throw new ApiRequestError(401, 'unauthorized', API_MESSAGES.unauthorized);
    headers.set('Authorization', `Bearer ${idToken}`);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const deadline = withTimeout(signal, timeoutMs);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: deadline.signal,
    });
    payload = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  } catch (error) {
    // A cancellation by the caller is not a failure; React Query expects the abort error back.
    if (signal?.aborted) throw error;
    // Offline is the browser's problem, shown by its own banner; online, the API did not answer.
    if (navigator.onLine) reportBackendReachable(false);
    throw new ApiRequestError(0, 'network', API_MESSAGES.unexpected, { cause: error });
  } finally {
    deadline.clear();
  }
  // The gateway's own "no backend behind me" answers; any other answer proves the API is there.
  reportBackendReachable(!GATEWAY_UNAVAILABLE.has(response.status));

  if (!response.ok) {
    const apiError = apiErrorSchema.safeParse(payload);
    if (!apiError.success) throw errorFromStatus(response.status);
    const { code, message, fields } = apiError.data;
    throw new ApiRequestError(response.status, code, message, { fields });
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, 'invalid_response', API_MESSAGES.unexpected, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * The caller's signal plus a deadline. Hand-rolled because AbortSignal.any exists only from
 * Safari/iOS 17.4 and Chrome 116, and older phones must still load their data.
 */
function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    clear: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    },
  };
}

function apiUrl(path: string): string {
  return `${getRuntimeConfig().apiUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function currentIdToken(): Promise<string | null> {
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

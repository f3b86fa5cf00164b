import { API_BASE_PATH } from '@domain/api/base-path.js';
import {
  routePath,
  routeQueryString,
  type BodyInput,
  type ParamsInput,
  type QueryInput,
  type ResponseOf,
  type RouteContract,
} from '@domain/api/route.js';
import { apiErrorSchema } from '@domain/schemas/api-error.js';
import { API_MESSAGES } from '@domain/messages.js';
import { ApiRequestError, errorFromStatus } from './api-error';
import { reportBackendReachable } from './connectivity';

/**
 * Where signed-in calls get their id token: the private root registers Amplify's session (lib/id-token.ts), so this
 * module, which the public pages use too, never imports Amplify.
 */
let idTokenProvider: () => Promise<string | null> = async () => null;

export function provideIdToken(provider: () => Promise<string | null>): void {
  idTokenProvider = provider;
}

/** Spec 01 §9: the dashboard gives up after 15 s; the same limit suits every other call. */
const DEFAULT_TIMEOUT_MS = 15_000;
const GATEWAY_UNAVAILABLE = new Set([502, 503, 504]);

/** A part of the call is required exactly when the contract declares it with at least one required field. */
type Part<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : Partial<T> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call to `C` takes: its path parameters, query and body as the contract types them. */
export type ApiCallInput<C extends RouteContract> = Part<'params', ParamsInput<C>> &
  Part<'query', QueryInput<C>> &
  Part<'body', BodyInput<C>> & {
    /** React Query's signal, so leaving a page cancels its requests. */
    signal?: AbortSignal;
    timeoutMs?: number;
  };

type Optional<C extends RouteContract> = [ParamsInput<C>, QueryInput<C>, BodyInput<C>] extends [
  undefined,
  undefined,
  undefined,
]
  ? [input?: ApiCallInput<C>]
  : [input: ApiCallInput<C>];

/** The React Query key of a call: the route's id and its inputs, so mutations invalidate by route. */
export function routeQueryKey<C extends RouteContract>(
  contract: C,
  input: { params?: unknown; query?: unknown } = {},
): readonly unknown[] {
  return [contract.id, input.params ?? null, input.query ?? null];
}

/** The key every call of a route starts with, whatever its inputs: what a mutation invalidates or removes by. */
export function routeQueryPrefix(contract: RouteContract): readonly unknown[] {
  return routeQueryKey(contract).slice(0, 1);
}

/** Whether a query key is an admin route's (its contract id names it, e.g. 'ListAdminProcesses'). */
export function isAdminQuery(queryKey: readonly unknown[]): boolean {
  return typeof queryKey[0] === 'string' && queryKey[0].includes('Admin');
}

/**
 * Calls a route through its contract — method, path, access and the answer's schema all come from `domain/api/` —
 * and returns the body parsed by the contract. Throws ApiRequestError for every failure. It never toasts or
 * navigates: callers and error boundaries decide what the user sees.
 */
export async function apiCall<C extends RouteContract>(contract: C, ...[input]: Optional<C>): Promise<ResponseOf<C>> {
  const {
    params,
    query,
    body,
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
    timeoutMs?: number;
  };
  const headers = new Headers({ Accept: 'application/json' });
  // Public routes (health, lookup) are called without a session.
  if (contract.access !== 'public') {
    // The id token, not the access token: it carries the e-mail and cognito:groups the API authorizes on.
    const idToken = await idTokenProvider();
    if (!idToken) throw new ApiRequestError(401, 'unauthorized', API_MESSAGES.unauthorized);
    headers.set('Authorization', `Bearer ${idToken}`);
  }
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const deadline = withTimeout(signal, timeoutMs);
  let response: Response;
  let payload: unknown;
  try {
    response = await fetch(apiUrl(routePath(contract, params), routeQueryString(query)), {
      method: contract.method,
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
    const { code, reason, message, fields } = apiError.data;
    throw new ApiRequestError(response.status, code, message, { fields, reason });
  }

  const parsed = contract.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, 'invalid_response', API_MESSAGES.unexpected, { cause: parsed.error });
  }
  return parsed.data as ResponseOf<C>;
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

/** The API is always on the site's own origin, under /api (CloudFront on AWS, the dev server's proxy locally). */
function apiUrl(path: string, queryString: string): string {
  const base = `${API_BASE_PATH}/${path.replace(/^\/+/, '')}`;
  return queryString ? `${base}?${queryString}` : base;
}

import type { ApiError } from '@domain/schemas/api-error.js';
import { API_MESSAGES } from '@domain/messages.js';
import type { RefusalReason } from '@domain/refusals.js';

/** `network` = the API was not reached; `invalid_response` = it answered something the schema rejects. */
export type ApiRequestErrorCode = ApiError['code'] | 'network' | 'invalid_response';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: ApiRequestErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Why the server refused, when a screen must tell the refusal apart (domain/refusals.ts); never read the message. */
  readonly reason: RefusalReason | undefined;

  constructor(
    status: number,
    code: ApiRequestErrorCode,
    message: string,
    options: { fields?: Record<string, string>; reason?: RefusalReason; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.fields = options.fields;
    this.reason = options.reason;
  }
}

/** Whether `error` is the server refusing for `reason`. */
export function isRefusal(error: unknown, reason: RefusalReason): error is ApiRequestError {
  return error instanceof ApiRequestError && error.reason === reason;
}

/**
 * What a failed call tells a person: the server's own words when it explains itself — a refusal (4xx), or an outside
 * service that failed with nothing done (provider_unavailable: try again later) — and the screen's fixed words
 * (`fallback`) for the rest: a 5xx, the network, an answer that could not be read.
 */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiRequestError)) return fallback;
  const explained = (error.status >= 400 && error.status < 500) || error.code === 'provider_unavailable';
  return explained ? error.message : fallback;
}

/** For answers without our error body, e.g. API Gateway's own 401 from the JWT authorizer or a 502. */
export function errorFromStatus(status: number): ApiRequestError {
  if (status === 401) return new ApiRequestError(status, 'unauthorized', API_MESSAGES.unauthorized);
  if (status === 403) return new ApiRequestError(status, 'forbidden', API_MESSAGES.forbidden);
  if (status === 404) return new ApiRequestError(status, 'not_found', API_MESSAGES.notFound);
  if (status === 409) return new ApiRequestError(status, 'conflict', API_MESSAGES.unexpected);
  if (status === 429) return new ApiRequestError(status, 'too_many_requests', API_MESSAGES.unexpected);
  if (status === 400 || status === 422) return new ApiRequestError(status, 'validation', API_MESSAGES.invalidRequest);
  return new ApiRequestError(status, 'internal', API_MESSAGES.unexpected);
}

/**
 * A failed action in the spec's fixed words, followed by the server's own reason when it gave one (a 4xx: the charge
 * was replaced, the process changed meanwhile...): 'Não foi possível marcar como pago. Esta cobrança foi substituída…'.
 */
export function failureWithReason(fixedMessage: string, error: unknown): string {
  const reason = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : '';
  return reason && reason !== fixedMessage ? `${fixedMessage} ${reason}` : fixedMessage;
}

/** Client errors will fail the same way again; only server and network failures are worth a retry. */
export function isRetryableApiError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status === 0 || error.status >= 500;
}

import type { ApiError } from '@domain/schemas/api-error.js';
import { API_MESSAGES } from '@domain/messages.js';

/** `network` = the API was not reached; `invalid_response` = it answered something the schema rejects. */
export type ApiRequestErrorCode = ApiError['code'] | 'network' | 'invalid_response';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly code: ApiRequestErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: number,
    code: ApiRequestErrorCode,
    message: string,
    options: { fields?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.status = status;
    this.code = code;
    this.fields = options.fields;
  }
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

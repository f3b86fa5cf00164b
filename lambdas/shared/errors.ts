import { API_MESSAGES } from '../../domain/messages.js';
import type { Refusal, RefusalReason } from '../../domain/refusals.js';
import type { ApiError } from '../../domain/schemas/api-error.js';

/**
 * What a domain error says: the pt-BR message alone, or a refusal (domain/refusals.ts) — the message plus the stable
 * reason the SPA branches on.
 */
export type Said = string | Refusal;

/**
 * Domain errors carry a pt-BR message a person can read and map to a 4xx in one middleware; those a program must tell
 * apart also carry a `reason`. Anything that is not a DomainError is a bug or an outage: logged with context, answered
 * as a bare 500.
 */
export class DomainError extends Error {
  readonly reason: RefusalReason | undefined;

  constructor(
    readonly code: ApiError['code'],
    readonly statusCode: number,
    said: Said,
    readonly fields?: Record<string, string>,
  ) {
    super(typeof said === 'string' ? said : said.message);
    this.reason = typeof said === 'string' ? undefined : said.reason;
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(said: Said = API_MESSAGES.invalidRequest, fields?: Record<string, string>) {
    super('validation', 400, said, fields);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(said: Said = API_MESSAGES.unauthorized) {
    super('unauthorized', 401, said);
  }
}

export class ForbiddenError extends DomainError {
  constructor(said: Said = API_MESSAGES.forbidden) {
    super('forbidden', 403, said);
  }
}

export class NotFoundError extends DomainError {
  constructor(said: Said = API_MESSAGES.notFound) {
    super('not_found', 404, said);
  }
}

export class ConflictError extends DomainError {
  constructor(said: Said) {
    super('conflict', 409, said);
  }
}

/** Always `rate_limited`: every 429 is the same refusal to a program, whatever its words. */
export class TooManyRequestsError extends DomainError {
  /** @param retryAfterSeconds when the caller may try again, sent as the `Retry-After` header (RFC 9110). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('too_many_requests', 429, { reason: 'rate_limited', message });
  }
}

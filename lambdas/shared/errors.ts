import { API_MESSAGES } from '../../domain/messages.js';
import type { ApiError } from '../../domain/schemas/api-error.js';

/**
 * Domain errors carry a pt-BR message a person can read and map to a 4xx in one middleware.
 * Anything that is not a DomainError is a bug or an outage: logged with context, answered as a bare 500.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ApiError['code'],
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(message: string = API_MESSAGES.invalidRequest, fields?: Record<string, string>) {
    super('validation', 400, message, fields);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string = API_MESSAGES.unauthorized) {
    super('unauthorized', 401, message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string = API_MESSAGES.forbidden) {
    super('forbidden', 403, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string = API_MESSAGES.notFound) {
    super('not_found', 404, message);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super('conflict', 409, message);
  }
}

export class TooManyRequestsError extends DomainError {
  /** @param retryAfterSeconds when the caller may try again, sent as the `Retry-After` header (RFC 9110). */
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super('too_many_requests', 429, message);
  }
}

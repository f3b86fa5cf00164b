import type middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type { ParsedBody, ParsedParams, ParsedQuery, ResponseInput, RouteContract } from '../../domain/api/route.js';
import { API_MESSAGES } from '../../domain/messages.js';
import type { ApiError } from '../../domain/schemas/api-error.js';
import '../../domain/zod-locale.js';
import { adminMembershipFromEnvironment, type AdminMembership } from './admin-membership.js';
import { callerOf, type Caller } from './caller.js';
import { DomainError, TooManyRequestsError, ValidationError } from './errors.js';
import { logger } from './logger.js';
import { ROUTE_SUCCESS_METRICS } from './metric-names.js';
import { countMetric, countRouteFailure, METRIC } from './metrics.js';
import { observed } from './observability.js';
import { assertFromOrigin, ORIGIN_VERIFY_HEADER } from './origin.js';
import { lazySecret } from './secrets.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** What a handler receives: input parsed by its contract, and a caller that is never null on a private route. */
export type ApiRequest<C extends RouteContract> = {
  caller: C['access'] extends 'public' ? null : Caller;
  params: ParsedParams<C>;
  query: ParsedQuery<C>;
  body: ParsedBody<C>;
  /** Lower-cased, as API Gateway hands them over. */
  headers: Readonly<Record<string, string | undefined>>;
  /** The raw event, for what a contract does not describe (the request context: source IP, viewer headers). */
  event: ApiEvent;
};
export type ApiResponse<C extends RouteContract> = {
  status?: number;
  body: ResponseInput<C>;
  headers?: Record<string, string>;
};

/** API Gateway refuses payloads over 10 MB; no route of ours takes more than a form. */
const MAX_BODY_BYTES = 64 * 1024;

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/** Field → message, in Portuguese (the domain's own messages, else zod's pt locale). */
function zodFields(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    // The first problem of a field is the one a person should fix first.
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Maps whatever a handler threw to an HTTP answer: domain errors → 4xx with pt-BR text, the rest → bare 500. */
export function errorToResponse(error: unknown, context?: Partial<Context>): APIGatewayProxyResultV2 {
  if (error instanceof z.ZodError) {
    const body: ApiError = { code: 'validation', message: API_MESSAGES.invalidRequest, fields: zodFields(error) };
    return json(400, body);
  }
  if (error instanceof DomainError) {
    const body: ApiError = {
      code: error.code,
      ...(error.reason ? { reason: error.reason } : {}),
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
    const retryAfter = error instanceof TooManyRequestsError ? error.retryAfterSeconds : undefined;
    return json(error.statusCode, body, retryAfter ? { 'retry-after': String(retryAfter) } : {});
  }
  logger.error('Unhandled error', { error: error as Error, requestId: context?.awsRequestId });
  const body: ApiError = { code: 'internal', message: API_MESSAGES.unexpected };
  return json(500, body);
}

/** Reads a JSON body; malformed or oversized input is a 400, never a 500. An empty body reads as `{}`. */
export function readJsonBody(event: Pick<ApiEvent, 'body' | 'isBase64Encoded'>): unknown {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new ValidationError();
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ValidationError();
  }
}

/**
 * A handler's answer that breaks its route's response schema: a defect of ours, so a logged 500 (through the error
 * mapper's "anything else") rather than a 400 or a body the SPA would refuse. The message names the route and the
 * fields, never their values, which may be personal data.
 */
export class ResponseContractError extends Error {
  constructor(routeId: string, error: z.ZodError) {
    const problems = error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    super(`The response of ${routeId} breaks its contract: ${problems.join('; ')}`);
    this.name = 'ResponseContractError';
  }
}

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (!result.success) throw result.error;
  return result.data;
}

/** Middy middleware: the one place errors become HTTP answers. */
export function domainErrorMapper(): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> {
  return {
    onError: async (request) => {
      request.response = errorToResponse(request.error, request.context);
    },
  };
}

/**
 * Middy middleware: the counts every route shares — a call refused by a rate limit, a failure answered as a bare 500
 * (by route), and the routes whose success is itself the business event (ROUTE_SUCCESS_METRICS). Runs before the error mapper turns the error into an answer.
 */
export function routeMetrics(routeId: string): middy.MiddlewareObj<ApiEvent, APIGatewayProxyResultV2> {
  const success = ROUTE_SUCCESS_METRICS[routeId];
  return {
    after: async (request) => {
      const status = typeof request.response === 'object' ? request.response?.statusCode : undefined;
      if (success && status !== undefined && status >= 200 && status < 300) countMetric(success);
    },
    onError: async (request) => {
      if (request.error instanceof TooManyRequestsError) countMetric(METRIC.rateLimited);
      else if (!(request.error instanceof DomainError) && !(request.error instanceof z.ZodError)) {
        countRouteFailure(routeId);
      }
    },
  };
}

/**
 * A thin API handler: resolves the caller for the contract's access level, parses path parameters, query and body
 * with the contract's schemas (any mismatch is a 400 naming the fields in Portuguese), runs the domain call and maps
 * its result or error to HTTP; the result's body is parsed by the contract's response schema too.
 */
export function apiHandler<C extends RouteContract>(
  contract: C,
  // NoInfer: C comes from the contract alone, so the handler's literals ('ok', true) are checked against it.
  run: (request: ApiRequest<NoInfer<C>>) => Promise<ApiResponse<NoInfer<C>>>,
  options: {
    /** For public routes that authenticate themselves (a webhook's token): runs before any input is parsed. */
    authorize?: (event: ApiEvent) => void | Promise<void>;
    /**
     * Admin routes: who is still in the `admin` group (the token's claim may be an hour old). Defaults to the
     * container's one check against the user pool (`adminMembership` grant); tests pass their own.
     */
    adminMembership?: AdminMembership;
  } = {},
) {
  // Read at the first admin call only: other routes have no pool in their configuration.
  const stillAdmin = (userId: string) =>
    (options.adminMembership ?? adminMembershipFromEnvironment()).assertStillAdmin(userId);
  // Started at the cold start, like every other dependency; a failure surfaces as a logged 500 rather than as an
  // unhandled rejection that would take the container down, and the next request reads it again.
  const currentOriginSecret = lazySecret('originVerify', { minLength: 32 });
  currentOriginSecret().catch(() => undefined);
  return observed<ApiEvent, APIGatewayProxyResultV2>()
    .use(domainErrorMapper())
    .use(routeMetrics(contract.id))
    .handler(async (event) => {
      // The Lambda request id and trace id are on every line already (observed()); API Gateway's own request id joins
      // this line to the access log, whose `integrationRequestId` is the Lambda request id.
      logger.appendKeys({ route: contract.id, apiRequestId: event.requestContext?.requestId });
      // Only CloudFront may call the API; then who is asking: an anonymous caller learns nothing about the input.
      assertFromOrigin(event.headers?.[ORIGIN_VERIFY_HEADER], await currentOriginSecret());
      const caller = callerOf(event, contract.access);
      // The token says admin; the group must say so now (a demoted admin is refused at once, docs/decisions.md).
      if (contract.access === 'admin' && caller) await stillAdmin(caller.userId);
      await options.authorize?.(event);
      const request = {
        caller,
        params: parsePart(contract.params, event.pathParameters ?? {}),
        query: parsePart(contract.query, event.queryStringParameters ?? {}),
        body: contract.body ? parsePart(contract.body, readJsonBody(event)) : undefined,
        headers: event.headers ?? {},
        event,
      } as ApiRequest<C>;
      const result = await run(request);
      // The contract, not the handler, decides what leaves: fields it does not declare (a QR image, an internal
      // marker) are stripped, and a body that breaks it is never sent.
      const body = contract.response.safeParse(result.body);
      if (!body.success) throw new ResponseContractError(contract.id, body.error);
      return json(result.status ?? 200, body.data, result.headers);
    });
}

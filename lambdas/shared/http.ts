import middy from '@middy/core';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import { API_MESSAGES } from '../../domain/messages.js';
import type { ApiError } from '../../domain/schemas/api-error.js';
import { API_ROUTES, type RouteAccess } from '../functions.js';
import { callerOf, type Caller } from './caller.js';
import { DomainError, ValidationError } from './errors.js';
import { logger } from './logger.js';

export type ApiEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
type RouteId = (typeof API_ROUTES)[number]['id'];

export type ApiRequest = { event: ApiEvent; caller: Caller | null };
export type ApiResponse = { status?: number; body?: unknown; headers?: Record<string, string> };

const MAX_BODY_BYTES = 64 * 1024;

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

function zodFields(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(error.issues.map((issue) => [issue.path.join('.') || '_', issue.message]));
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
      message: error.message,
      ...(error.fields ? { fields: error.fields } : {}),
    };
    return json(error.statusCode, body);
  }
  logger.error('Unhandled error', { error: error as Error, requestId: context?.awsRequestId });
  const body: ApiError = { code: 'internal', message: API_MESSAGES.unexpected };
  return json(500, body);
}

/** Parses a JSON body with a domain schema; malformed or oversized input is a 400, never a 500. */
export function parseJsonBody<T extends z.ZodType>(event: ApiEvent, schema: T): z.infer<T> {
  const raw = event.body ?? '';
  const text = event.isBase64Encoded ? Buffer.from(raw, 'base64').toString('utf8') : raw;
  if (Buffer.byteLength(text, 'utf8') > MAX_BODY_BYTES) throw new ValidationError();
  let data: unknown;
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new ValidationError();
  }
  return schema.parse(data);
}

function accessOf(routeId: RouteId): RouteAccess {
  const route = API_ROUTES.find((r) => r.id === routeId);
  if (!route) throw new Error(`Unknown route id ${routeId}`);
  return route.access;
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
 * A thin API handler: resolves the caller for the route's access level (declared once in the
 * catalogue), runs the domain call, and maps the result or error to HTTP.
 */
export function apiHandler(routeId: RouteId, run: (request: ApiRequest) => Promise<ApiResponse>) {
  const access = accessOf(routeId);
  return middy<ApiEvent, APIGatewayProxyResultV2>()
    .use(domainErrorMapper())
    .handler(async (event, context) => {
      logger.appendKeys({ route: routeId, requestId: context.awsRequestId });
      const caller = callerOf(event, access);
      const result = await run({ event, caller });
      return json(result.status ?? 200, result.body, result.headers);
    });
}

import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { routePath, type ResponseOf, type RouteContract } from '../domain/api/route.js';
import { apiErrorSchema, type ApiError } from '../domain/schemas/api-error.js';
import { createApiEvent, lambdaContext } from './factories.js';

type Handler = (event: APIGatewayProxyEventV2WithJWTAuthorizer, context: Context) => Promise<unknown>;

export type RouteCallOptions = {
  claims?: Record<string, string>;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** An object is sent as JSON; a string is sent as is (malformed JSON, for example). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Leave out CloudFront's origin header, as a request that bypasses the distribution would. */
  bypassCloudFront?: boolean;
};

export type RouteResult<C extends RouteContract> =
  { status: 200 | 201 | 202; ok: true; body: ResponseOf<C> } | { status: number; ok: false; error: ApiError };

/**
 * Calls a handler the way API Gateway does for its contract (method, concrete path, path parameters, query) and
 * checks the answer: a 2xx body must parse with the contract's response schema, anything else with the API error
 * schema — a handler drifting from its contract fails the test that calls it.
 */
export async function callRoute<C extends RouteContract>(
  contract: C,
  handler: Handler,
  options: RouteCallOptions = {},
): Promise<RouteResult<C>> {
  const event = createApiEvent({
    method: contract.method,
    path: routePath(contract, options.params),
    pathParameters: options.params,
    query: options.query,
    body: options.body,
    headers: options.headers,
    claims: options.claims,
    bypassCloudFront: options.bypassCloudFront,
  });
  event.routeKey = `${contract.method} ${contract.path}`;
  const result = (await handler(event, lambdaContext)) as { statusCode: number; body: string };
  const json: unknown = result.body ? JSON.parse(result.body) : undefined;
  if (result.statusCode >= 200 && result.statusCode < 300) {
    return { status: result.statusCode as 200, ok: true, body: contract.response.parse(json) as ResponseOf<C> };
  }
  return { status: result.statusCode, ok: false, error: apiErrorSchema.parse(json) };
}

/** The 2xx body of a call, or a failure naming what came back instead. */
export function okBody<C extends RouteContract>(result: RouteResult<C>): ResponseOf<C> {
  if (!result.ok) throw new Error(`Expected a 2xx, got ${result.status}: ${JSON.stringify(result.error)}`);
  return result.body;
}

/** The error of a call, or a failure if it succeeded. */
export function errorOf(result: RouteResult<RouteContract>): ApiError & { status: number } {
  if (result.ok) throw new Error(`Expected an error, got ${result.status}: ${JSON.stringify(result.body)}`);
  return { ...result.error, status: result.status };
}

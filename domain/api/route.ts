import type * as z from 'zod';
import '../zod-locale.js';

/**
 * A route contract: everything a caller and a handler must agree on, declared once and imported by both the Lambda
 * (`apiHandler`), the infrastructure (CDK and the local gateway read method, path and access) and the SPA
 * (`apiCall`). Pure zod and strings, so it travels to the browser.
 */

export { API_BASE_PATH, API_STAGE } from './base-path.js';

/** Who may call a route. 'customer' = any signed-in user; 'admin' = member of the Cognito `admin` group. */
export type RouteAccess = 'public' | 'customer' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export type RouteContract = {
  /** Stable id: CDK construct ids, logs, query keys. */
  readonly id: string;
  readonly method: HttpMethod;
  /** API Gateway path syntax, e.g. /admin/clients/{id}; every placeholder is a key of `params`. */
  readonly path: string;
  readonly access: RouteAccess;
  /** Path parameters (strings on the wire). */
  readonly params?: ObjectSchema;
  /** Query string (strings on the wire: use z.coerce for numbers). */
  readonly query?: ObjectSchema;
  /** JSON body. A route without one ignores whatever is sent. */
  readonly body?: z.ZodType;
  /** The 2xx answer's body. */
  readonly response: z.ZodType;
};

/** Declares a contract, keeping its literal types (method, access, schemas) for both sides. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type SchemaOf<C, K extends 'params' | 'query' | 'body'> = C extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;

/** What the handler receives (after parsing: defaults applied, strings coerced). */
export type ParsedParams<C extends RouteContract> = Parsed<SchemaOf<C, 'params'>>;
export type ParsedQuery<C extends RouteContract> = Parsed<SchemaOf<C, 'query'>>;
export type ParsedBody<C extends RouteContract> = Parsed<SchemaOf<C, 'body'>>;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before parsing). */
export type ParamsInput<C extends RouteContract> = Input<SchemaOf<C, 'params'>>;
export type QueryInput<C extends RouteContract> = Input<SchemaOf<C, 'query'>>;
export type BodyInput<C extends RouteContract> = Input<SchemaOf<C, 'body'>>;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

/** The 2xx body as the handler returns it and as the client gets it after parsing. */
export type ResponseInput<C extends RouteContract> = z.input<C['response']>;
export type ResponseOf<C extends RouteContract> = z.output<C['response']>;

/** The placeholders of a path, in order: '/a/{id}/b/{n}' → ['id', 'n']. */
export function pathParameterNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\+?\}/g)].map((match) => match[1]!);
}

/** The path of a call: placeholders replaced by their encoded values. A missing value is a programming error. */
export function routePath(contract: Pick<RouteContract, 'path'>, params: Record<string, unknown> = {}): string {
  return contract.path.replace(/\{(\w+)\+?\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${contract.path}`);
    }
    return encodeURIComponent(String(value));
  });
}

/** The query string of a call (without '?'); undefined and null values are left out. */
export function routeQueryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  return search.toString();
}

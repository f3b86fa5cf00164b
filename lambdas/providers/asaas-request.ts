import * as z from 'zod';
import { httpJson, HttpUnavailableError, type RetryPolicy } from './http-json.js';
import { countMetric, METRIC } from '../shared/metrics.js';

/**
 * The one way to call Asaas's API, shared by its payments (asaas.ts) and its notas fiscais (asaas-invoices.ts): the key
 * (read on the first call), the user agent, a timeout and retries per call, and every answer but a 200 turned into one
 * error type.
 */

const errorsSchema = z.object({
  errors: z.array(z.object({ code: z.string().optional(), description: z.string().optional() }).loose()),
});

export type AsaasErrorKind = 'rejected' | 'unauthorized' | 'not_found' | 'unavailable' | 'unexpected';

/**
 * Everything that can go wrong talking to Asaas, in one type: `rejected` (400, with Asaas's own codes and pt-BR
 * descriptions), `unauthorized` (401, a bad or missing API key), `not_found`, `unavailable` (timeouts, 429 and 5xx
 * after every retry) and `unexpected` (an answer we cannot read). The services turn it into the spec's message.
 */
export class AsaasError extends Error {
  constructor(
    readonly kind: AsaasErrorKind,
    message: string,
    readonly details: { status?: number; errors?: { code?: string; description?: string }[] } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AsaasError';
  }
}

export type AsaasRequestOptions = {
  baseUrl: string;
  /** The key, or how to read it (the Secrets Manager read happens on the first call, not at the cold start). */
  apiKey: string | (() => Promise<string>);
  timeoutMs?: number;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
};

const USER_AGENT = 'baixa-temporaria/1.0';
const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 300, maxDelayMs: 3000 };

export type AsaasMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A caller of Asaas's API at `baseUrl`: `call` answers a 200's body parsed by `schema`, or throws `AsaasError`. `retry`
 * is the client's policy; `once` is the same policy without retries, for a POST whose lost answer may have done it.
 */
export function createAsaasRequest(options: AsaasRequestOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retry = options.retry ?? DEFAULT_RETRY;
  const once: RetryPolicy = { ...retry, attempts: 1 };

  async function call<T extends z.ZodType>(
    method: AsaasMethod,
    path: string,
    schema: T,
    request: { body?: unknown; retry?: RetryPolicy } = {},
  ): Promise<z.output<T>> {
    const apiKey = typeof options.apiKey === 'string' ? options.apiKey : await options.apiKey();
    let response;
    try {
      response = await httpJson(`${baseUrl}${path}`, {
        method,
        headers: { access_token: apiKey, 'user-agent': USER_AGENT },
        body: request.body,
        timeoutMs: options.timeoutMs ?? 10_000,
        retry: request.retry ?? retry,
        fetch: options.fetch,
        sleep: options.sleep,
      });
    } catch (error) {
      if (error instanceof HttpUnavailableError) {
        // After the client's own retries: each count is a call a customer, a webhook or the reconciliation lost.
        countMetric(METRIC.asaasUnavailable);
        throw new AsaasError(
          'unavailable',
          `Asaas unavailable: ${method} ${path}`,
          { status: error.lastStatus },
          { cause: error },
        );
      }
      throw error;
    }
    const { status, body } = response;
    if (status === 200) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return parsed.data;
      throw new AsaasError('unexpected', `Unreadable Asaas answer: ${method} ${path}`, { status });
    }
    const errors = errorsSchema.safeParse(body).data?.errors;
    if (status === 401 || status === 403) {
      throw new AsaasError('unauthorized', `Asaas refused the API key: ${method} ${path}`, { status, errors });
    }
    if (status === 404) throw new AsaasError('not_found', `Asaas: not found: ${method} ${path}`, { status, errors });
    if (status === 400) {
      const text = errors?.map((e) => e.description ?? e.code).join('; ') ?? 'invalid request';
      throw new AsaasError('rejected', `Asaas rejected ${method} ${path}: ${text}`, { status, errors });
    }
    throw new AsaasError('unexpected', `Asaas answered HTTP ${status}: ${method} ${path}`, { status, errors });
  }

  return { call, retry, once };
}

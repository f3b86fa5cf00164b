import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger.js';
import { metrics } from './metrics.js';

/**
 * Writes the invocation's counts as one EMF line when it ends, whichever way it ends. Not Powertools' `logMetrics`:
 * that one warns on every invocation that counted nothing, which is most of them.
 */
function publishMetrics(): middy.MiddlewareObj {
  let coldStart = true;
  const publish = () => {
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  };
  return {
    before: (request) => {
      const { functionName } = request.context as Partial<Context>;
      if (coldStart && functionName) metrics.captureColdStartMetric(functionName);
      coldStart = false;
    },
    after: publish,
    onError: publish,
  };
}

/**
 * The one observability stack every wrapper (API, task, trigger, stream, WebSocket, schedule) puts around its handler:
 * the Lambda context on every log line (function, cold start, request id, and
 * the X-Ray trace id) with the previous invocation's keys reset — a warm container serves many requests; and the
 * counts it made written as metrics. Responses are not added to traces: they carry personal data.
 */
export function observed<E, R>() {
  return middy<E, R>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use(publishMetrics());
}

/**
 * A wrapped handler callable with or without a context: Lambda always passes one; tests and scripts often do not.
 */
export function observedHandler<E, R>(run: (event: E, context: Context) => Promise<R>) {
  const handler = observed<E, R>().handler(run);
  return (event: E, context?: Partial<Context>): Promise<R> => handler(event, (context ?? {}) as Context);
}

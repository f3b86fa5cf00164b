import type { Context, DynamoDBRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '../../../domain/api/route.js';
import { TooManyRequestsError } from '../../../lambdas/shared/errors.js';
import { apiHandler } from '../../../lambdas/shared/http.js';
import { logger } from '../../../lambdas/shared/logger.js';
import { METRICS_NAMESPACE, METRICS_SERVICE } from '../../../lambdas/shared/metric-names.js';
import { countMetric, METRIC } from '../../../lambdas/shared/metrics.js';
import { streamHandler } from '../../../lambdas/shared/stream.js';
import { taskHandler } from '../../../lambdas/shared/task.js';
import { triggerHandler } from '../../../lambdas/shared/trigger.js';
import { createApiEvent, customerClaims } from '../../factories.js';

type Emf = Record<string, unknown> & {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
};

/** Every JSON line the functions write (Powertools writes to the streams, not through `console`), split by kind. */
let lines: Record<string, unknown>[] = [];
const emfLines = () => lines.filter((line): line is Emf => '_aws' in line);
const logLines = () => lines.filter((line) => !('_aws' in line));
/**
 * The counts written, by metric name (summed over lines), each checked to be under the namespace the alarms read. The
 * cold-start count is left out: it is written once per container (module), by whichever test runs first.
 */
function counts(): Record<string, number> {
  const total: Record<string, number> = {};
  for (const line of emfLines()) {
    for (const directive of line._aws.CloudWatchMetrics) {
      expect(directive.Namespace).toBe(METRICS_NAMESPACE);
      for (const { Name } of directive.Metrics) {
        const value = line[Name];
        const sum = Array.isArray(value) ? value.reduce((a: number, b: number) => a + b, 0) : (value as number);
        if (Name !== 'ColdStart') total[Name] = (total[Name] ?? 0) + sum;
      }
    }
  }
  return total;
}

let context: Context;
beforeEach(() => {
  lines = [];
  context = { awsRequestId: `req-${Math.random()}`, functionName: 'fn-under-test' } as Context;
  const capture = (chunk: string | Uint8Array) => {
    for (const text of String(chunk).split('\n')) {
      if (text.trim().startsWith('{')) lines.push(JSON.parse(text) as Record<string, unknown>);
    }
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
});
afterEach(() => {
  vi.restoreAllMocks();
});

const route = (id: string) =>
  defineRoute({ id, method: 'POST', path: '/t', access: 'customer', response: z.object({ ok: z.boolean() }) });
const call = (handler: ReturnType<typeof apiHandler>) =>
  handler(createApiEvent({ claims: customerClaims() }), context) as Promise<{ statusCode: number }>;

describe('the API wrapper', () => {
  it('counts a call refused by a rate limit, under the namespace and service the alarms read', async () => {
    const limited = apiHandler(route('TestLimited'), async () => {
      throw new TooManyRequestsError('Muitas tentativas.', 60);
    });
    expect((await call(limited)).statusCode).toBe(429);
    expect(counts()).toMatchObject({ [METRIC.rateLimited]: 1 });
    const line = emfLines().find((l) => METRIC.rateLimited in l)!;
    expect(line.service).toBe(METRICS_SERVICE);
    expect(line._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service']]);
  });

  it('counts the business event of a route whose success is one (CreateProfile), and only on success', async () => {
    const created = apiHandler(route('CreateProfile'), async () => ({ status: 201, body: { ok: true } }));
    expect((await call(created)).statusCode).toBe(201);
    expect(counts()).toMatchObject({ [METRIC.profilesCreated]: 1 });

    lines = [];
    const refused = apiHandler(route('CreateProfile'), async () => {
      throw new TooManyRequestsError('Muitas tentativas.');
    });
    await call(refused);
    expect(counts()[METRIC.profilesCreated]).toBeUndefined();
  });

  it('writes what the handler counted even when it fails, and the 500 under the route', async () => {
    const failing = apiHandler(route('TestFailing'), async () => {
      countMetric(METRIC.asaasUnavailable);
      throw new Error('Asaas down');
    });
    expect((await call(failing)).statusCode).toBe(500);
    expect(counts()).toEqual({ [METRIC.asaasUnavailable]: 1, [METRIC.routeFailures]: 1 });
    // Under the route's own dimension, which the webhook alarm names.
    const failure = emfLines().find((line) => METRIC.routeFailures in line)!;
    expect(failure).toMatchObject({ route: 'TestFailing', service: METRICS_SERVICE });
    expect(failure._aws.CloudWatchMetrics[0]!.Dimensions).toEqual([['service', 'route']]);
  });

  it('puts the Lambda request id and trace id on every line, and no key of the previous request', async () => {
    process.env._X_AMZN_TRACE_ID = 'Root=1-65f00000-0123456789abcdef01234567;Parent=1;Sampled=1';
    try {
      const noisy = apiHandler(route('TestNoisy'), async ({ body }) => {
        logger.appendKeys({ leaked: 'from-the-first' });
        logger.warn('first');
        return { body: { ok: body === undefined } };
      });
      await call(noisy);
      const quiet = apiHandler(route('TestQuiet'), async () => {
        logger.warn('second');
        return { body: { ok: true } };
      });
      await call(quiet);
    } finally {
      delete process.env._X_AMZN_TRACE_ID;
    }
    const [first, second] = logLines().filter((l) => l.message === 'first' || l.message === 'second');
    expect(first).toMatchObject({
      function_request_id: context.awsRequestId,
      function_name: 'fn-under-test',
      xray_trace_id: '1-65f00000-0123456789abcdef01234567',
      route: 'TestNoisy',
      leaked: 'from-the-first',
    });
    expect(second).toMatchObject({ function_request_id: context.awsRequestId, route: 'TestQuiet' });
    expect(second).not.toHaveProperty('leaked');
  });
});

describe('the task wrapper', () => {
  it('writes no metric line for an invocation that counted nothing (no warning either)', async () => {
    const quiet = taskHandler('StartFiling', z.object({}), async () => 'ok');
    await quiet({}, context);
    await quiet({}, context);
    expect(counts()).toEqual({});
    expect(logLines().filter((l) => l.level === 'WARN')).toEqual([]);
  });

  it('writes the counts of a task that failed, so Step Functions’ retries do not lose them', async () => {
    const failing = taskHandler('ConfirmPayment', z.object({ chargeId: z.string() }), async () => {
      countMetric(METRIC.emailsFailed);
      throw new Error('SES throttled');
    });
    await expect(failing({ chargeId: 'c1' })).rejects.toThrow('SES throttled');
    expect(counts()).toEqual({ [METRIC.emailsFailed]: 1 });
  });
});

describe('the trigger wrapper', () => {
  const postConfirmation = triggerHandler<{ triggerSource: string }>(
    'PostConfirmation',
    { fallbackMessage: 'Ocorreu um erro.' },
    async (event) => event,
  );

  it('counts a confirmed sign-up, and not a confirmed password recovery', async () => {
    await postConfirmation({ triggerSource: 'PostConfirmation_ConfirmForgotPassword' });
    expect(counts()[METRIC.signUps]).toBeUndefined();
    await postConfirmation({ triggerSource: 'PostConfirmation_ConfirmSignUp' });
    expect(counts()[METRIC.signUps]).toBe(1);
  });
});

describe('the stream wrapper', () => {
  const records = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ dynamodb: { SequenceNumber: String(i) } }) as DynamoDBRecord);

  it('counts the records the consumer reported failed', async () => {
    const consumer = streamHandler('publishChanges', async () => ({
      batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '2' }],
    }));
    expect(await consumer({ Records: records(3) }, context)).toEqual({
      batchItemFailures: [{ itemIdentifier: '1' }, { itemIdentifier: '2' }],
    });
    expect(counts()).toMatchObject({ [METRIC.streamRecordsFailed]: 2 });
  });

  it('counts every record of a batch the consumer threw on, and counts nothing for a clean batch', async () => {
    const throwing = streamHandler('publishChanges', async () => {
      throw new Error('table throttled');
    });
    await expect(throwing({ Records: records(4) })).rejects.toThrow('table throttled');
    expect(counts()).toEqual({ [METRIC.streamRecordsFailed]: 4 });

    lines = [];
    const clean = streamHandler('publishChanges', async () => ({ batchItemFailures: [] }));
    await clean({ Records: records(4) });
    expect(counts()).toEqual({});
  });
});

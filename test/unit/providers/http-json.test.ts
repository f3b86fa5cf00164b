import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backoffDelay,
  httpJson,
  HttpUnavailableError,
  type RetryPolicy,
} from '../../../lambdas/providers/http-json.js';
import { sequence, startLoopback, type LoopbackServer } from './loopback.js';

const policy: RetryPolicy = { attempts: 3, baseDelayMs: 100, maxDelayMs: 1000 };

describe('backoffDelay', () => {
  it('doubles the ceiling each attempt, with full jitter', () => {
    expect(backoffDelay(policy, 1, () => 1)).toBe(100);
    expect(backoffDelay(policy, 2, () => 1)).toBe(200);
    expect(backoffDelay(policy, 3, () => 1)).toBe(400);
    expect(backoffDelay(policy, 3, () => 0.5)).toBe(200);
    expect(backoffDelay(policy, 3, () => 0)).toBe(0);
  });
  it('never waits longer than maxDelayMs', () => {
    expect(backoffDelay(policy, 10, () => 1)).toBe(1000);
  });
  it('follows a Retry-After in seconds, capped at maxDelayMs', () => {
    expect(backoffDelay(policy, 1, () => 0, 0.5)).toBe(500);
    expect(backoffDelay(policy, 1, () => 0, 0)).toBe(0);
    expect(backoffDelay(policy, 1, () => 0, 60)).toBe(1000);
  });
  it('ignores an unusable Retry-After (an HTTP date, a negative number)', () => {
    expect(backoffDelay(policy, 2, () => 1, Number.NaN)).toBe(200);
    expect(backoffDelay(policy, 2, () => 1, -1)).toBe(200);
  });
});

describe('httpJson', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopback();
  });
  afterAll(() => server.close());

  const recordSleeps = () => {
    const sleeps: number[] = [];
    return { sleeps, sleep: async (ms: number) => void sleeps.push(ms) };
  };
  const call = (options: Partial<Parameters<typeof httpJson>[1]> = {}) =>
    httpJson(`${server.url}/thing?x=1`, {
      method: 'GET',
      timeoutMs: 2000,
      retry: policy,
      random: () => 1,
      sleep: async () => {},
      ...options,
    });

  it('sends a JSON body with its content type and answers the parsed JSON', async () => {
    server.reset(() => ({ status: 201, body: { ok: true } }));
    const answer = await call({ method: 'POST', body: { a: 'ç' }, headers: { 'x-key': 'k' } });
    expect(answer).toEqual({ status: 201, body: { ok: true } });
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/thing?x=1', body: '{"a":"ç"}' });
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-key': 'k',
    });
  });

  it('sends no body nor content type on a GET, and answers undefined for an empty or non-JSON body', async () => {
    server.reset(sequence({ status: 200 }, { status: 200, body: '<html>nope</html>' }));
    expect(await call()).toEqual({ status: 200, body: undefined });
    expect(await call()).toEqual({ status: 200, body: undefined });
    expect(server.requests[0]?.headers['content-type']).toBeUndefined();
    expect(server.requests[0]?.body).toBe('');
  });

  it('answers a 4xx at once, without retrying', async () => {
    server.reset(() => ({ status: 404, body: { message: 'no' } }));
    const { sleeps, sleep } = recordSleeps();
    expect(await call({ sleep })).toEqual({ status: 404, body: { message: 'no' } });
    expect(server.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('retries 5xx with exponential backoff until an answer comes', async () => {
    server.reset(sequence({ status: 503 }, { status: 502 }, { status: 200, body: [1] }));
    const { sleeps, sleep } = recordSleeps();
    expect(await call({ sleep })).toEqual({ status: 200, body: [1] });
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('waits what a 429’s Retry-After asks', async () => {
    server.reset(sequence({ status: 429, headers: { 'retry-after': '0.3' } }, { status: 200, body: {} }));
    const { sleeps, sleep } = recordSleeps();
    expect((await call({ sleep })).status).toBe(200);
    expect(sleeps).toEqual([300]);
  });

  it('waits Asaas’s RateLimit-Reset on a 429 without Retry-After, but only on a 429', async () => {
    server.reset(sequence({ status: 429, headers: { 'ratelimit-reset': '0.2' } }, { status: 200, body: {} }));
    const { sleeps, sleep } = recordSleeps();
    expect((await call({ sleep })).status).toBe(200);
    expect(sleeps).toEqual([200]);

    server.reset(sequence({ status: 503, headers: { 'ratelimit-reset': '30' } }, { status: 200, body: {} }));
    const other = recordSleeps();
    expect((await call({ sleep: other.sleep })).status).toBe(200);
    expect(other.sleeps).toEqual([100]);

    // Retry-After wins when both are there.
    server.reset(
      sequence({ status: 429, headers: { 'retry-after': '0.1', 'ratelimit-reset': '9' } }, { status: 200, body: {} }),
    );
    const both = recordSleeps();
    await call({ sleep: both.sleep });
    expect(both.sleeps).toEqual([100]);
  });

  it('gives up after every attempt with HttpUnavailableError naming the last status, without a final wait', async () => {
    server.reset(() => ({ status: 500 }));
    const { sleeps, sleep } = recordSleeps();
    const error = await call({ sleep }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpUnavailableError);
    expect(error).toMatchObject({ lastStatus: 500, url: `${server.url}/thing?x=1` });
    expect((error as Error).message).toContain('HTTP 500');
    expect(server.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('retries network failures and keeps the last one as the cause', async () => {
    server.reset(sequence({ destroy: true }, { status: 200, body: { ok: 1 } }));
    expect(await call()).toEqual({ status: 200, body: { ok: 1 } });
    expect(server.requests).toHaveLength(2);

    server.reset(() => ({ destroy: true }));
    const error = await call({ retry: { ...policy, attempts: 2 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpUnavailableError);
    expect((error as HttpUnavailableError).lastStatus).toBeUndefined();
    expect((error as Error).cause).toBeInstanceOf(Error);
    expect(server.requests).toHaveLength(2);
  });

  it('times out each attempt on its own: a hung attempt is abandoned and the next one has its full time', async () => {
    let calls = 0;
    server.reset(async () => {
      calls += 1;
      if (calls === 1) return { hang: true };
      // Slower than half the timeout: a single deadline shared by all attempts would have fired. The margins are wide
      // enough for a loaded machine (the suite's other lanes, Stryker's instrumented run).
      await new Promise((r) => setTimeout(r, 320));
      return { status: 200, body: { late: true } };
    });
    const started = Date.now();
    expect(await call({ timeoutMs: 600 })).toEqual({ status: 200, body: { late: true } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(600 + 320 - 10);
    expect(server.requests).toHaveLength(2);
  });

  it('fails as unavailable when every attempt times out', async () => {
    server.reset(() => ({ hang: true }));
    const error = await call({ timeoutMs: 50, retry: { ...policy, attempts: 2 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpUnavailableError);
    expect(server.requests).toHaveLength(2);
  });
});

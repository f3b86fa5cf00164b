import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { defineRoute } from '../../../domain/api/route.js';
import { API_MESSAGES } from '../../../domain/messages.js';

const session = vi.hoisted(() => {
  // The unit project shares one module graph between files (test/vitest-projects.ts): forget modules another file
  // imported, so the client below is evaluated against this file's mocks.
  vi.resetModules();
  return { idToken: 'id-token' as string | null };
});
vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: async () => ({
    tokens: session.idToken ? { idToken: { toString: () => session.idToken } } : undefined,
  }),
}));
vi.mock('../../../frontend/src/lib/connectivity', () => ({ reportBackendReachable: () => {} }));

const { apiCall, provideIdToken, routeQueryKey, routeQueryPrefix } =
  await import('../../../frontend/src/lib/api-client.js');
const { currentIdToken } = await import('../../../frontend/src/lib/id-token.js');
// As the private root does once Amplify is configured.
provideIdToken(currentIdToken);

const updateRoute = defineRoute({
  id: 'UpdateThing',
  method: 'PUT',
  path: '/things/{id}',
  access: 'customer',
  params: z.object({ id: z.string() }),
  query: z.object({ dryRun: z.enum(['sim', 'nao']).optional() }),
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.string(), name: z.string() }),
});
const publicRoute = defineRoute({
  id: 'Public',
  method: 'GET',
  path: '/public/x',
  access: 'public',
  response: z.object({ ok: z.boolean() }),
});

const calls: { url: string; init: RequestInit }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeEach(() => {
  calls.length = 0;
  session.idToken = 'id-token';
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('apiCall', () => {
  it('builds method, path, query, bearer id token and JSON body from the contract, and parses the answer', async () => {
    answer = { status: 200, body: { id: 'a/b', name: 'Ana', extra: 'dropped' } };
    const result = await apiCall(updateRoute, {
      params: { id: 'a/b' },
      query: { dryRun: 'sim' },
      body: { name: 'Ana' },
    });
    expect(result).toEqual({ id: 'a/b', name: 'Ana' });
    const [call] = calls;
    expect(call!.url).toBe('/api/things/a%2Fb?dryRun=sim');
    expect(call!.init.method).toBe('PUT');
    const headers = call!.init.headers as Headers;
    expect(headers.get('Authorization')).toBe('Bearer id-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(call!.init.body).toBe('{"name":"Ana"}');
  });

  it('calls public routes without a session and private ones never without a token', async () => {
    answer = { status: 200, body: { ok: true } };
    session.idToken = null;
    expect(await apiCall(publicRoute)).toEqual({ ok: true });
    expect((calls[0]!.init.headers as Headers).has('Authorization')).toBe(false);
    await expect(apiCall(updateRoute, { params: { id: '1' }, body: { name: 'x' } })).rejects.toMatchObject({
      status: 401,
      message: API_MESSAGES.unauthorized,
    });
    expect(calls).toHaveLength(1);
  });

  it('turns the API error body into an ApiRequestError with its pt-BR message and fields', async () => {
    answer = {
      status: 400,
      body: { code: 'validation', message: 'Requisição inválida.', fields: { name: 'Informe o nome.' } },
    };
    await expect(apiCall(updateRoute, { params: { id: '1' }, body: { name: '' } })).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Requisição inválida.',
      fields: { name: 'Informe o nome.' },
    });
  });

  it('carries the refusal reason, and reads a reason it does not know as none, keeping the message', async () => {
    answer = { status: 409, body: { code: 'conflict', reason: 'contract_already_signed', message: 'Já assinado.' } };
    await expect(apiCall(updateRoute, { params: { id: '1' }, body: { name: 'a' } })).rejects.toMatchObject({
      status: 409,
      reason: 'contract_already_signed',
      message: 'Já assinado.',
    });
    // A tab opened before a deploy that added a reason: the message still reaches the person.
    answer = { status: 409, body: { code: 'conflict', reason: 'added_after_this_tab_loaded', message: 'Recusado.' } };
    await expect(apiCall(updateRoute, { params: { id: '1' }, body: { name: 'a' } })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      reason: undefined,
      message: 'Recusado.',
    });
  });

  it('refuses an answer that does not match the contract', async () => {
    answer = { status: 200, body: { ok: 'yes' } };
    await expect(apiCall(publicRoute)).rejects.toMatchObject({
      code: 'invalid_response',
      message: API_MESSAGES.unexpected,
    });
  });

  it('keys queries by route id and inputs', () => {
    expect(routeQueryKey(updateRoute, { params: { id: '1' } })).toEqual(['UpdateThing', { id: '1' }, null]);
    expect(routeQueryKey(publicRoute)).toEqual(['Public', null, null]);
  });

  it('invalidates by a prefix every key of the route starts with', () => {
    const prefix = routeQueryPrefix(updateRoute);
    expect(prefix).toEqual(['UpdateThing']);
    expect(routeQueryKey(updateRoute, { params: { id: '1' } }).slice(0, prefix.length)).toEqual(prefix);
  });
});

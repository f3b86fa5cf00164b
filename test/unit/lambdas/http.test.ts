import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { callerOf } from '../../../lambdas/shared/caller.js';
import {
  ConflictError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../../lambdas/shared/errors.js';
import { defineRoute } from '../../../domain/api/route.js';
import {
  ADMIN_ACCESS_MESSAGES,
  API_MESSAGES,
  CONTRACT_MESSAGES,
  RATE_LIMIT_MESSAGES,
  SECOND_FACTOR_MESSAGES,
} from '../../../domain/messages.js';
import { refusal } from '../../../domain/refusals.js';
import { createAdminMembership } from '../../../lambdas/shared/admin-membership.js';
import { apiHandler, errorToResponse, readJsonBody, ResponseContractError } from '../../../lambdas/shared/http.js';
import { logger } from '../../../lambdas/shared/logger.js';
import { adminClaims, createApiEvent, customerClaims, lambdaContext } from '../../factories.js';

const bodyOf = (r: unknown) => JSON.parse((r as { body: string }).body);
const now = new Date('2026-11-24T12:00:00Z');

describe('callerOf', () => {
  it('reads the subject and e-mail of a customer', () => {
    const caller = callerOf(createApiEvent({ claims: { sub: 'u1', email: 'a@b.com' } }), 'customer');
    expect(caller).toEqual({ userId: 'u1', email: 'a@b.com', isAdmin: false });
  });
  it('reads cognito:groups both as API Gateway’s "[a b]" string and as a list', () => {
    const secondFactor = { admin_second_factor: 'totp' };
    expect(
      callerOf(createApiEvent({ claims: { sub: 'u1', 'cognito:groups': '[editors admin]', ...secondFactor } }), 'admin')
        ?.isAdmin,
    ).toBe(true);
    const listClaims = { sub: 'u1', 'cognito:groups': ['admin'], ...secondFactor } as unknown as Record<string, string>;
    expect(callerOf(createApiEvent({ claims: listClaims }), 'admin')?.isAdmin).toBe(true);
  });
  it('refuses admin routes to an admin without the second-factor claim, saying why', () => {
    const withoutTotp: Record<string, string>[] = [{}, { admin_second_factor: 'sms' }, { admin_second_factor: '' }];
    for (const secondFactor of withoutTotp) {
      const event = createApiEvent({ claims: { sub: 'u1', 'cognito:groups': '[admin]', ...secondFactor } });
      expect(() => callerOf(event, 'admin')).toThrow(SECOND_FACTOR_MESSAGES.required);
      expect(callerOf(event, 'customer')?.isAdmin).toBe(false);
    }
  });
  it('refuses admin routes to non-admins, including look-alike groups', () => {
    expect(() =>
      callerOf(createApiEvent({ claims: { sub: 'u1', 'cognito:groups': '[administrators]' } }), 'admin'),
    ).toThrow(ForbiddenError);
    expect(() => callerOf(createApiEvent({ claims: { sub: 'u1' } }), 'admin')).toThrow(ForbiddenError);
  });
  it('refuses a Cognito access token (the authorizer lets it through by its client_id)', () => {
    const access = createApiEvent({ claims: { sub: 'u1', token_use: 'access', 'cognito:groups': '[admin]' } });
    expect(() => callerOf(access, 'customer')).toThrow(UnauthorizedError);
    expect(callerOf(createApiEvent({ claims: { sub: 'u1', token_use: 'id' } }), 'customer')?.userId).toBe('u1');
  });
  it('refuses a private route without a subject', () => {
    expect(() => callerOf(createApiEvent(), 'customer')).toThrow(UnauthorizedError);
  });
  it('asks nothing of public routes', () => {
    expect(callerOf(createApiEvent(), 'public')).toBeNull();
  });
});

describe('errorToResponse', () => {
  it('maps domain errors to their 4xx with the pt-BR message', () => {
    const result = errorToResponse(new ConflictError('Este CPF já está cadastrado.'));
    expect(result).toMatchObject({ statusCode: 409 });
    expect(bodyOf(result)).toEqual({ code: 'conflict', message: 'Este CPF já está cadastrado.' });
  });
  it('adds the stable reason of a refusal beside its message, and every 429 is rate_limited', () => {
    const refused = errorToResponse(
      new ConflictError(refusal('contract_already_signed', CONTRACT_MESSAGES.alreadySigned)),
    );
    expect(refused).toMatchObject({ statusCode: 409 });
    expect(bodyOf(refused)).toEqual({
      code: 'conflict',
      reason: 'contract_already_signed',
      message: CONTRACT_MESSAGES.alreadySigned,
    });
    expect(bodyOf(errorToResponse(new TooManyRequestsError(RATE_LIMIT_MESSAGES.tooManyLookups, 30)))).toEqual({
      code: 'too_many_requests',
      reason: 'rate_limited',
      message: RATE_LIMIT_MESSAGES.tooManyLookups,
    });
  });
  it('maps schema failures to 400 with a message per field', () => {
    const error = z.object({ consulta: z.string().min(1, 'Campo obrigatório') }).safeParse({ consulta: '' }).error!;
    const result = errorToResponse(error);
    expect(result).toMatchObject({ statusCode: 400 });
    expect(bodyOf(result).fields).toEqual({ consulta: 'Campo obrigatório' });
  });
  it('answers anything else with a bare 500 that leaks nothing', () => {
    const result = errorToResponse(new Error('connect ECONNREFUSED 10.0.0.1:8000 secret-table'));
    expect(result).toMatchObject({ statusCode: 500 });
    expect((result as { body: string }).body).not.toContain('secret-table');
    expect(bodyOf(result)).toEqual({ code: 'internal', message: 'Ocorreu um erro inesperado. Tente novamente.' });
  });
});

describe('readJsonBody', () => {
  it('parses JSON, including base64-encoded bodies; an empty body reads as {}', () => {
    expect(readJsonBody(createApiEvent({ body: { a: 'x' } }))).toEqual({ a: 'x' });
    const event = { ...createApiEvent(), body: Buffer.from('{"a":"y"}').toString('base64'), isBase64Encoded: true };
    expect(readJsonBody(event)).toEqual({ a: 'y' });
    expect(readJsonBody(createApiEvent())).toEqual({});
  });
  it('refuses malformed and oversized bodies as validation errors', () => {
    expect(() => readJsonBody(createApiEvent({ body: '{' }))).toThrow(API_MESSAGES.invalidRequest);
    expect(() => readJsonBody(createApiEvent({ body: { a: 'x'.repeat(70_000) } }))).toThrow(
      API_MESSAGES.invalidRequest,
    );
  });
});

describe('apiHandler', () => {
  const route = defineRoute({
    id: 'TestUpdate',
    method: 'POST',
    path: '/things/{id}',
    access: 'customer',
    params: z.object({ id: z.string().regex(/^[0-9A-Z]{26}$/, 'Identificador inválido.') }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
    body: z.object({ name: z.string().min(2, 'Informe o nome.') }),
    response: z.object({ id: z.string(), name: z.string(), limit: z.number(), userId: z.string() }),
  });
  const id = '01J00000000000000000000000';
  const handler = apiHandler(route, async ({ caller, params, query, body }) => ({
    body: { id: params.id, name: body.name, limit: query.limit, userId: caller.userId },
  }));
  const call = (options: Parameters<typeof createApiEvent>[0]) =>
    handler(
      createApiEvent({ method: 'POST', path: '/things/x', claims: customerClaims('u1'), ...options }),
      lambdaContext,
    ) as Promise<{ statusCode: number; body: string }>;

  it('hands the handler its parsed params, query (coerced, defaults applied), body and caller', async () => {
    const result = await call({ pathParameters: { id }, query: { limit: '5' }, body: { name: 'Ana' } });
    expect(result.statusCode).toBe(200);
    expect(route.response.parse(bodyOf(result))).toEqual({ id, name: 'Ana', limit: 5, userId: 'u1' });
    const defaults = await call({ pathParameters: { id }, body: { name: 'Ana' } });
    expect(bodyOf(defaults).limit).toBe(20);
  });

  it.each([
    [
      'a bad path parameter',
      { pathParameters: { id: 'nope' }, body: { name: 'Ana' } },
      { id: 'Identificador inválido.' },
    ],
    ['a bad query value', { pathParameters: { id }, query: { limit: 'muitos' }, body: { name: 'Ana' } }, 'limit'],
    ['a bad body field', { pathParameters: { id }, body: { name: 'A' } }, { name: 'Informe o nome.' }],
    ['a body of the wrong type', { pathParameters: { id }, body: { name: ['Ana'] } }, 'name'],
    ['malformed JSON', { pathParameters: { id }, body: '{"name":' }, undefined],
  ] as const)('answers %s with 400, the pt-BR message and the fields', async (_case, options, fields) => {
    const result = await call(options);
    expect(result.statusCode).toBe(400);
    const body = bodyOf(result);
    expect(body).toMatchObject({ code: 'validation', message: API_MESSAGES.invalidRequest });
    if (typeof fields === 'string') {
      // zod's own message, in Portuguese (domain/zod-locale.ts), never its English default.
      expect(body.fields[fields]).toMatch(/[Ee]sperado|[Ii]nválid/);
      expect(body.fields[fields]).not.toMatch(/Invalid input|expected/);
    } else if (fields) expect(body.fields).toEqual(fields);
  });

  it('checks who is asking before looking at the input: anonymous → 401, non-admin on an admin route → 403', async () => {
    const anonymous = await call({ claims: {}, pathParameters: { id: 'nope' } });
    expect(anonymous.statusCode).toBe(401);
    const admin = adminClaims();
    // The group says yes for this admin only: a token's claim alone is not enough (a demoted admin keeps it).
    const adminMembership = createAdminMembership({
      isAdmin: async (userId) => userId === admin.sub,
      clock: () => now,
    });
    const adminOnly = apiHandler(
      { ...route, access: 'admin' },
      async () => ({ body: { id, name: 'x', limit: 1, userId: 'u' } }),
      { adminMembership },
    );
    const refused = (await adminOnly(
      createApiEvent({ claims: customerClaims(), pathParameters: { id: 'nope' } }),
      lambdaContext,
    )) as { statusCode: number };
    expect(refused.statusCode).toBe(403);
    const allowed = (await adminOnly(
      createApiEvent({ claims: admin, pathParameters: { id }, body: { name: 'Ana' } }),
      lambdaContext,
    )) as { statusCode: number };
    expect(allowed.statusCode).toBe(200);
    const demoted = (await adminOnly(
      createApiEvent({ claims: adminClaims('removed-admin'), pathParameters: { id }, body: { name: 'Ana' } }),
      lambdaContext,
    )) as { statusCode: number; body: string };
    expect(demoted.statusCode).toBe(403);
    expect(bodyOf(demoted)).toEqual({ code: 'forbidden', message: ADMIN_ACCESS_MESSAGES.removed });
  });

  it.each([
    ['no origin header', {}],
    ['a wrong origin header', { 'x-origin-verify': 'test-origin-verify-secret-0123456789abcdeX' }],
    ['a shorter prefix of the secret', { 'x-origin-verify': 'test-origin-verify' }],
  ])('refuses a request that bypassed CloudFront (%s) with 403 before anything else', async (_case, headers) => {
    const result = await call({ bypassCloudFront: true, headers, claims: {}, body: '{' });
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toEqual({ code: 'forbidden', message: API_MESSAGES.forbidden });
  });

  it('answers a logged 500 when the origin secret cannot be read (a function without its grant)', async () => {
    const saved = process.env.ORIGIN_VERIFY_SECRET;
    delete process.env.ORIGIN_VERIFY_SECRET;
    try {
      const ungranted = apiHandler(route, async () => ({ body: { id, name: 'x', limit: 1, userId: 'u' } }));
      const result = (await ungranted(
        createApiEvent({ claims: customerClaims(), pathParameters: { id }, body: { name: 'Ana' } }),
        lambdaContext,
      )) as { statusCode: number };
      expect(result.statusCode).toBe(500);
      // A transient failure does not break the container for good: the next request reads the secret again.
      process.env.ORIGIN_VERIFY_SECRET = saved;
      const retried = (await ungranted(
        createApiEvent({ claims: customerClaims(), pathParameters: { id }, body: { name: 'Ana' } }),
        lambdaContext,
      )) as { statusCode: number };
      expect(retried.statusCode).toBe(200);
    } finally {
      process.env.ORIGIN_VERIFY_SECRET = saved;
    }
  });

  it('sends what the response schema keeps: fields the contract does not declare never leave', async () => {
    const leaky = apiHandler(route, async ({ params }) => ({
      body: Object.assign({ id: params.id, name: 'Ana', limit: 1, userId: 'u1' }, { qr_code: 'data:image/png…' }),
    }));
    const result = (await leaky(
      createApiEvent({ claims: customerClaims('u1'), pathParameters: { id }, body: { name: 'Ana' } }),
      lambdaContext,
    )) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ id, name: 'Ana', limit: 1, userId: 'u1' });
  });

  it('answers a logged 500 naming the route and field, never the body, when a response breaks its contract', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      const broken = apiHandler(route, async () => ({
        body: { id: 'cpf 123.456.789-09', name: 'Ana', limit: 'muitos', userId: 'u1' } as never,
      }));
      const result = (await broken(
        createApiEvent({ claims: customerClaims('u1'), pathParameters: { id }, body: { name: 'Ana' } }),
        lambdaContext,
      )) as { statusCode: number; body: string };
      expect(result.statusCode).toBe(500);
      expect(bodyOf(result)).toEqual({ code: 'internal', message: API_MESSAGES.unexpected });
      expect(result.body).not.toContain('123.456.789-09');
      const error = logged.mock.calls[0]?.[1] as { error: Error } | undefined;
      expect(error?.error).toBeInstanceOf(ResponseContractError);
      expect(error?.error.message).toContain('TestUpdate');
      expect(error?.error.message).toContain('limit:');
      expect(error?.error.message).not.toContain('123.456.789-09');
    } finally {
      logged.mockRestore();
    }
  });

  it('runs `authorize` before parsing, so a forged call learns nothing about the body', async () => {
    const hook = apiHandler(
      { ...route, access: 'public' },
      async () => ({ body: { id, name: 'x', limit: 1, userId: 'u' } }),
      {
        authorize: () => {
          throw new UnauthorizedError(API_MESSAGES.invalidWebhookToken);
        },
      },
    );
    const result = (await hook(createApiEvent({ body: '{' }), lambdaContext)) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(401);
    expect(bodyOf(result).message).toBe(API_MESSAGES.invalidWebhookToken);
  });
});

import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { callerOf } from '../../../lambdas/shared/caller.js';
import { ConflictError, ForbiddenError, UnauthorizedError } from '../../../lambdas/shared/errors.js';
import { errorToResponse, parseJsonBody } from '../../../lambdas/shared/http.js';
import { createApiEvent } from '../../factories.js';

const bodyOf = (r: unknown) => JSON.parse((r as { body: string }).body);

describe('callerOf', () => {
  it('reads the subject and e-mail of a customer', () => {
    const caller = callerOf(createApiEvent({ claims: { sub: 'u1', email: 'a@b.com' } }), 'customer');
    expect(caller).toEqual({ userId: 'u1', email: 'a@b.com', isAdmin: false });
  });
  it('reads cognito:groups both as API Gateway’s "[a b]" string and as a list', () => {
    expect(
      callerOf(createApiEvent({ claims: { sub: 'u1', 'cognito:groups': '[editors admin]' } }), 'admin')?.isAdmin,
    ).toBe(true);
    const listClaims = { sub: 'u1', 'cognito:groups': ['admin'] } as unknown as Record<string, string>;
    expect(callerOf(createApiEvent({ claims: listClaims }), 'admin')?.isAdmin).toBe(true);
  });
  it('refuses admin routes to non-admins, including look-alike groups', () => {
    expect(() =>
      callerOf(createApiEvent({ claims: { sub: 'u1', 'cognito:groups': '[administrators]' } }), 'admin'),
    ).toThrow(ForbiddenError);
    expect(() => callerOf(createApiEvent({ claims: { sub: 'u1' } }), 'admin')).toThrow(ForbiddenError);
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

describe('parseJsonBody', () => {
  const schema = z.object({ a: z.string() });
  it('parses JSON, including base64-encoded bodies', () => {
    expect(parseJsonBody(createApiEvent({ body: { a: 'x' } }), schema)).toEqual({ a: 'x' });
    const event = { ...createApiEvent(), body: Buffer.from('{"a":"y"}').toString('base64'), isBase64Encoded: true };
    expect(parseJsonBody(event, schema)).toEqual({ a: 'y' });
  });
  it('refuses malformed and oversized bodies as validation errors', () => {
    expect(() => parseJsonBody(createApiEvent({ body: '{' }), schema)).toThrow('Requisição inválida');
    expect(() => parseJsonBody(createApiEvent({ body: { a: 'x'.repeat(70_000) } }), schema)).toThrow(
      'Requisição inválida',
    );
  });
});

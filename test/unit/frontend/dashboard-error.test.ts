import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { dashboardSchema } from '../../../domain/schemas/dashboard.js';
import { ApiRequestError, errorFromStatus, isRetryableApiError } from '../../../frontend/src/lib/api-error.js';
import { dashboardErrorView } from '../../../frontend/src/features/dashboard/lib/dashboard-error.js';

describe('dashboardErrorView (spec 01 §8)', () => {
  it('reads a 401 as an expired session', () => {
    expect(dashboardErrorView(errorFromStatus(401))).toEqual({
      message: 'Sessão expirada. Faça login novamente.',
      sessionExpired: true,
    });
  });

  it('reads a profile the schema rejects as a profile load failure', () => {
    const parsed = dashboardSchema.safeParse({
      email: 'a@b.c',
      profile: { id: 1 },
      contracts: [],
      charges: [],
      processes: [],
    });
    const error = new ApiRequestError(200, 'invalid_response', 'x', { cause: parsed.error });
    expect(dashboardErrorView(error).message).toBe('Erro ao carregar perfil. Tente recarregar a página.');
  });

  it.each([
    errorFromStatus(500),
    new ApiRequestError(0, 'network', 'x'),
    new ApiRequestError(200, 'invalid_response', 'x', { cause: new z.ZodError([]) }),
    new Error('boom'),
  ])('reads anything else as a data load failure', (error) => {
    expect(dashboardErrorView(error)).toEqual({
      message: 'Erro ao carregar dados. Tente recarregar a página.',
      sessionExpired: false,
    });
  });
});

describe('ApiRequestError', () => {
  it('maps bare API Gateway statuses to the error codes of domain/schemas/api-error', () => {
    expect(errorFromStatus(401)).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(errorFromStatus(403)).toMatchObject({ status: 403, code: 'forbidden' });
    expect(errorFromStatus(404)).toMatchObject({ status: 404, code: 'not_found' });
    expect(errorFromStatus(429)).toMatchObject({ status: 429, code: 'too_many_requests' });
    expect(errorFromStatus(502)).toMatchObject({ status: 502, code: 'internal' });
  });

  it('retries only server and network failures', () => {
    expect(isRetryableApiError(errorFromStatus(503))).toBe(true);
    expect(isRetryableApiError(new ApiRequestError(0, 'network', 'x'))).toBe(true);
    expect(isRetryableApiError(errorFromStatus(401))).toBe(false);
    expect(isRetryableApiError(errorFromStatus(404))).toBe(false);
  });
});

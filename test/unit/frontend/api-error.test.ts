import { describe, expect, it } from 'vitest';
import { ADMIN_PROCESS_MESSAGES } from '../../../domain/messages.js';
import { ApiRequestError, failureWithReason } from '../../../frontend/src/lib/api-error.js';

describe('failureWithReason (an action’s failure in the spec’s words, then the server’s)', () => {
  const fixed = ADMIN_PROCESS_MESSAGES.markPaidFailed;

  it('adds the reason a refusal (4xx) gave', () => {
    const refusal = new ApiRequestError(409, 'conflict', 'Esta cobrança foi substituída por um novo PIX.');
    expect(failureWithReason(fixed, refusal)).toBe(`${fixed} Esta cobrança foi substituída por um novo PIX.`);
  });

  it('says only the fixed words for a server error, a network failure or anything else', () => {
    expect(failureWithReason(fixed, new ApiRequestError(500, 'internal', 'Ocorreu um erro inesperado.'))).toBe(fixed);
    expect(failureWithReason(fixed, new ApiRequestError(0, 'network', 'Ocorreu um erro inesperado.'))).toBe(fixed);
    expect(failureWithReason(fixed, new Error('boom'))).toBe(fixed);
  });

  it('does not repeat the fixed words when the server used them', () => {
    expect(failureWithReason(fixed, new ApiRequestError(409, 'conflict', fixed))).toBe(fixed);
  });
});

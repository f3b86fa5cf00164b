import { describe, expect, it } from 'vitest';
import { assertWebhookToken } from '../../../lambdas/payments/asaas-webhook-service.js';
import { UnauthorizedError } from '../../../lambdas/shared/errors.js';

describe('assertWebhookToken', () => {
  const expected = 'a'.repeat(40);
  it('accepts the configured token', () => {
    expect(() => assertWebhookToken(expected, expected)).not.toThrow();
  });
  it('refuses a missing, shorter or different token', () => {
    for (const received of [undefined, '', 'a'.repeat(39), 'b'.repeat(40)]) {
      expect(() => assertWebhookToken(received, expected)).toThrow(UnauthorizedError);
    }
  });
});

import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseAuthActionLink, parseEmailChangeLink } from '../../../domain/auth-links.js';

let handler: (event: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;

beforeAll(async () => {
  vi.stubEnv('APP_URL', 'https://baixa.example.com');
  // Recovery e-mails claim their slot in the table: that case runs against DynamoDB Local
  // (test/integration/recovery-email.test.ts); the cases here never reach it.
  vi.stubEnv('TABLE_NAME', 'unused-by-these-cases');
  // The unit project shares one module graph between files: evaluate the handler against this file's environment.
  vi.resetModules();
  ({ handler } = await import('../../../lambdas/auth/custom-message.js'));
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const eventFor = (triggerSource: string) =>
  ({
    triggerSource,
    userName: 'user-1',
    request: { codeParameter: '{####}', userAttributes: { email: 'ana@example.com' } },
    response: { emailSubject: null, emailMessage: null, smsMessage: null },
  }) as unknown as CustomMessageTriggerEvent;

function linkIn(html: string): URL {
  const href = /href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('no link in message');
  // As a mail client reads the attribute: the e-mails escape every value, `&` in a query included.
  const decoded = href.replace(/&#(\d+);/g, (_entity, code: string) => String.fromCharCode(Number(code)));
  return new URL(decoded.replace('{####}', '654321'));
}

describe('CustomMessage trigger', () => {
  it('writes a pt-BR sign-up e-mail whose link confirms in the SPA', async () => {
    const { response } = await handler(eventFor('CustomMessage_SignUp'));
    expect(response.emailSubject).toBe('Confirme seu cadastro');
    expect(response.emailMessage).toContain('{####}');
    const link = linkIn(response.emailMessage!);
    expect(link.origin).toBe('https://baixa.example.com');
    expect(parseAuthActionLink(link.hash)).toEqual({ action: 'confirmar', email: 'ana@example.com', code: '654321' });
  });
  it.each(['CustomMessage_UpdateUserAttribute', 'CustomMessage_VerifyUserAttribute'])(
    '%s: a pt-BR e-mail whose link confirms the new address on the profile',
    async (source) => {
      const { response } = await handler(eventFor(source));
      expect(response.emailSubject).toBe('Confirme seu novo email');
      const link = linkIn(response.emailMessage!);
      expect(link.pathname).toBe('/app/perfil');
      expect(parseEmailChangeLink(link.hash)).toBe('654321');
      expect(parseAuthActionLink(link.hash)).toBeNull();
    },
  );
  it('leaves other messages to Cognito', async () => {
    const { response } = await handler(eventFor('CustomMessage_AdminCreateUser'));
    expect(response.emailMessage).toBeNull();
  });
});

import { ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { parseAuthActionLink } from '../../domain/auth-links.js';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import { readTriggerError } from '../../domain/refusals.js';
import { allowRecoveryEmail, RECOVERY_MIN_INTERVAL_SECONDS } from '../../lambdas/auth/recovery.js';
import { createEmailAddress } from '../factories.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { firstHref } from './mail.js';

const db = testDb();

describe('password-recovery e-mail (CustomMessage_ForgotPassword)', () => {
  const c = useCognitoWithTriggers();
  const forgotPassword = (email: string) =>
    c.client.send(new ForgotPasswordCommand({ ClientId: c.pool.userPoolClientId, Username: email }));
  const recoveryEmailsTo = (email: string) =>
    c.cognitoOutbox.filter((m) => m.to === email && m.subject === 'Recuperação de senha');

  it('is a pt-BR e-mail whose link opens /auth in recovery mode, with the code in the fragment', async () => {
    const email = createEmailAddress();
    await c.signUpConfirmed(email);
    await forgotPassword(email);
    const [message] = recoveryEmailsTo(email);
    const link = firstHref(message?.html);
    expect(link.pathname).toBe('/auth');
    expect(link.search).toBe('');
    expect(parseAuthActionLink(link.hash)).toEqual({ action: 'redefinir', email, code: expect.any(String) });
  });

  it('goes at most once a minute: a second request is refused by the server and sends nothing', async () => {
    const email = createEmailAddress();
    await c.signUpConfirmed(email);
    await forgotPassword(email);
    const refusal = await forgotPassword(email).catch((error: unknown) => error as Error);
    expect(refusal).toMatchObject({ name: 'UserLambdaValidationException' });
    // The SPA recognises the refusal by its reason (and answers it like a sent e-mail).
    expect(readTriggerError((refusal as Error).message)).toEqual({
      message: AUTH_MESSAGES.recoveryTooSoon,
      reason: 'rate_limited',
    });
    expect(recoveryEmailsTo(email)).toHaveLength(1);
  });

  it('answers an unknown address exactly like a known one and e-mails nobody', async () => {
    const known = createEmailAddress();
    await c.signUpConfirmed(known);
    const unknown = createEmailAddress();
    const answers = [await forgotPassword(known), await forgotPassword(unknown)].map(
      ({ CodeDeliveryDetails }) => CodeDeliveryDetails,
    );
    // Both addresses start with 'c' and end in example.com, so the masked destinations are the same.
    expect(answers[0]).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'c***@e***' });
    expect(answers[1]).toEqual(answers[0]);
    expect(c.cognitoOutbox.filter((m) => m.to === unknown)).toEqual([]);
  });
});

describe('recovery interval (pattern 32)', () => {
  it('allows the next e-mail once the minute has passed, and only one of two concurrent requests', async () => {
    const userId = ulid();
    let now = new Date('2026-11-21T12:00:00Z');
    const deps = { db, clock: () => now };
    const results = await Promise.allSettled([allowRecoveryEmail(deps, userId), allowRecoveryEmail(deps, userId)]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { statusCode: 429, message: AUTH_MESSAGES.recoveryTooSoon },
    });

    now = new Date(now.getTime() + (RECOVERY_MIN_INTERVAL_SECONDS - 1) * 1000);
    await expect(allowRecoveryEmail(deps, userId)).rejects.toMatchObject({ statusCode: 429 });
    now = new Date(now.getTime() + 1000);
    await expect(allowRecoveryEmail(deps, userId)).resolves.toBeUndefined();
  });
});

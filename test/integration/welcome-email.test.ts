import { ConfirmForgotPasswordCommand, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { parseAuthActionLink } from '../../domain/auth-links.js';
import { handler as postConfirmation } from '../../lambdas/auth/post-confirmation.js';
import { sendWelcomeOnce } from '../../lambdas/auth/welcome.js';
import { createEmailAddress } from '../factories.js';
import { useCognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { emailsTo, firstHref } from './mail.js';

const db = testDb();
const WELCOME = 'Bem-vindo(a)! Seu cadastro foi confirmado';
const welcomesTo = async (email: string) => (await emailsTo(email)).filter((m) => m.subject === WELCOME);

const confirmationEvent = (sub: string, email: string): PostConfirmationTriggerEvent => ({
  version: '1',
  region: 'us-east-1',
  userPoolId: 'us-east-1_test',
  triggerSource: 'PostConfirmation_ConfirmSignUp',
  userName: sub,
  callerContext: { awsSdkVersion: 'test', clientId: 'client' },
  request: { userAttributes: { sub, email, 'cognito:user_status': 'CONFIRMED' } },
  response: {},
});

describe('welcome e-mail (PostConfirmation)', () => {
  const c = useCognitoWithTriggers();

  it('goes once, in pt-BR, when cognito-local confirms a sign-up, and marks the account', async () => {
    const email = createEmailAddress();
    const sub = await c.signUpConfirmed(email);
    const [welcome, ...more] = await welcomesTo(email);
    expect(more).toEqual([]);
    expect(welcome?.body?.html).toContain('Seu cadastro foi confirmado');
    expect(firstHref(welcome?.body?.html).pathname).toBe('/app/dashboard');

    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: { pk: `CUSTOMER#${sub}`, sk: 'ACCOUNT' } }),
    );
    expect(Item).toMatchObject({ type: 'ACCOUNT', user_id: sub, welcome_sent_at: expect.any(String) });
  });

  it('is not sent again by retried or repeated confirmations, even concurrent ones', async () => {
    const email = createEmailAddress();
    const sub = await c.signUpConfirmed(email);
    const event = confirmationEvent(sub, email);
    await Promise.all([postConfirmation(structuredClone(event)), postConfirmation(structuredClone(event))]);
    await postConfirmation(structuredClone(event));
    expect(await welcomesTo(email)).toHaveLength(1);
  });

  it('is not sent for a password reset (PostConfirmation_ConfirmForgotPassword)', async () => {
    const email = createEmailAddress();
    await c.signUpConfirmed(email);
    await c.client.send(new ForgotPasswordCommand({ ClientId: c.pool.userPoolClientId, Username: email }));
    const link = parseAuthActionLink(firstHref(c.cognitoOutbox.findLast((m) => m.to === email)?.html).hash);
    await c.client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: c.pool.userPoolClientId,
        Username: email,
        ConfirmationCode: link?.code,
        Password: 'novasenha1',
      }),
    );
    expect(await welcomesTo(email)).toHaveLength(1);
  });

  it('gives the claim back when sending fails, so a later attempt still sends it once', async () => {
    const account = { userId: ulid(), email: createEmailAddress() };
    const sent: string[] = [];
    const deps = {
      db,
      appUrl: 'https://baixa.example.com',
      sendEmail: async (to: string) => void sent.push(to),
      clock: () => new Date(),
    };
    const failing = { ...deps, sendEmail: () => Promise.reject(new Error('SES throttled')) };

    await expect(sendWelcomeOnce(failing, account)).rejects.toThrow('SES throttled');
    expect(await sendWelcomeOnce(deps, account)).toBe('sent');
    expect(await sendWelcomeOnce(deps, account)).toBe('already-sent');
    expect(sent).toEqual([account.email]);
  });
});

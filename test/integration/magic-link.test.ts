import {
  AdminAddUserToGroupCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  type InitiateAuthCommandOutput,
} from '@aws-sdk/client-cognito-identity-provider';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAGIC_LINK_PATH, MAGIC_LINK_REQUEST_ANSWER, magicLinkClientMetadata } from '../../domain/auth-links.js';
import { readTriggerError } from '../../domain/refusals.js';
import { ADMIN_GROUP } from '../../domain/auth.js';
import { AUTH_MESSAGES } from '../../domain/messages.js';
import {
  MAGIC_LINK_MIN_INTERVAL_SECONDS,
  MAGIC_LINK_TTL_SECONDS,
  requestMagicLink,
  verifyMagicLink,
  type MagicLinkDeps,
  type MagicLinkUser,
} from '../../lambdas/auth/magic-link.js';
import { signMagicLinkToken, type MagicLinkClaims } from '../../lambdas/auth/magic-link-token.js';
import type { OutgoingEmail } from '../../lambdas/providers/email.js';
import { TooManyRequestsError } from '../../lambdas/shared/errors.js';
import { createEmailAddress } from '../factories.js';
import { startCognitoWithTriggers, type CognitoWithTriggers } from './cognito.js';
import { testDb } from './db.js';
import { emailsTo, firstHref, magicTokenIn } from './mail.js';

const db = testDb();
const secret = Buffer.from('integration-test-magic-link-key-0123456789');
const T0 = new Date('2026-11-21T12:00:00Z');
const at = (secondsAfterT0: number) => new Date(T0.getTime() + secondsAfterT0 * 1000);

/** The service with a clock the test moves and an outbox it reads. */
function harness() {
  let clock = T0;
  const outbox: { to: string; email: OutgoingEmail }[] = [];
  const deps: MagicLinkDeps = {
    db,
    secret: async () => secret,
    appUrl: 'https://baixa.example.com',
    sendEmail: async (to, email) => void outbox.push({ to, email }),
    clock: () => clock,
  };
  return {
    deps,
    outbox,
    setTime: (secondsAfterT0: number) => (clock = at(secondsAfterT0)),
    /** Asks for a link for `user` at the current time and returns the token of the e-mail it produced. */
    async linkFor(user: MagicLinkUser): Promise<string> {
      await requestMagicLink(deps, { kind: 'user', user });
      const sent = outbox.at(-1);
      expect(sent?.to).toBe(user.email);
      return magicTokenIn(sent?.email.html);
    },
  };
}

const newUser = (): MagicLinkUser => ({ userId: ulid(), email: createEmailAddress() });

describe('magic link against DynamoDB Local', () => {
  it('e-mails a link to /auth/link-magico with the token in the fragment; the token signs in once', async () => {
    const h = harness();
    const user = newUser();
    const token = await h.linkFor(user);
    const link = firstHref(h.outbox[0]?.email.html);
    expect(link.origin + link.pathname).toBe(`https://baixa.example.com${MAGIC_LINK_PATH}`);
    expect(link.search).toBe('');
    expect(h.outbox[0]?.email.subject).toBe('Seu link de acesso');

    h.setTime(30);
    expect(await verifyMagicLink(h.deps, user, token)).toBe(true);
    expect(await verifyMagicLink(h.deps, user, token)).toBe(false);
  });

  it('expires after 15 minutes', async () => {
    const h = harness();
    const early = newUser();
    const late = newUser();
    const earlyToken = await h.linkFor(early);
    const lateToken = await h.linkFor(late);
    h.setTime(MAGIC_LINK_TTL_SECONDS - 1);
    expect(await verifyMagicLink(h.deps, early, earlyToken)).toBe(true);
    h.setTime(MAGIC_LINK_TTL_SECONDS);
    expect(await verifyMagicLink(h.deps, late, lateToken)).toBe(false);
  });

  it('keeps one live link per user: a second link supersedes the first', async () => {
    const h = harness();
    const user = newUser();
    const first = await h.linkFor(user);
    h.setTime(MAGIC_LINK_MIN_INTERVAL_SECONDS);
    const second = await h.linkFor(user);
    expect(second).not.toBe(first);
    expect(await verifyMagicLink(h.deps, user, first)).toBe(false);
    expect(await verifyMagicLink(h.deps, user, second)).toBe(true);
  });

  it('refuses a wrong signature, a forged payload and another user’s token, without spending the live link', async () => {
    const h = harness();
    const user = newUser();
    const other = newUser();
    const token = await h.linkFor(user);
    const otherToken = await h.linkFor(other);
    const [payload] = token.split('.') as [string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as MagicLinkClaims;

    expect(await verifyMagicLink({ ...h.deps, secret: async () => Buffer.from('x'.repeat(40)) }, user, token)).toBe(
      false,
    );
    expect(await verifyMagicLink(h.deps, user, `${payload}.${'A'.repeat(43)}`)).toBe(false);
    const forged = signMagicLinkToken(Buffer.from('attacker-key-of-sufficient-length-000'), {
      ...claims,
      exp: claims.exp + 3600,
    });
    expect(await verifyMagicLink(h.deps, user, forged)).toBe(false);
    expect(await verifyMagicLink(h.deps, user, otherToken)).toBe(false);
    expect(await verifyMagicLink(h.deps, user, MAGIC_LINK_REQUEST_ANSWER)).toBe(false);

    expect(await verifyMagicLink(h.deps, user, token)).toBe(true);
    expect(await verifyMagicLink(h.deps, other, otherToken)).toBe(true);
  });

  it('needs 60 s between requests (unless the last link was used), with the pt-BR message', async () => {
    const h = harness();
    const user = newUser();
    await h.linkFor(user);
    h.setTime(MAGIC_LINK_MIN_INTERVAL_SECONDS - 1);
    const refused = requestMagicLink(h.deps, { kind: 'user', user });
    await expect(refused).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(refused).rejects.toThrow(AUTH_MESSAGES.magicLinkTooSoon);
    expect(h.outbox).toHaveLength(1);

    h.setTime(MAGIC_LINK_MIN_INTERVAL_SECONDS);
    const token = await h.linkFor(user);
    expect(await verifyMagicLink(h.deps, user, token)).toBe(true);
    // Signed in with it: asking again straight away is fine.
    await h.linkFor(user);
    expect(h.outbox).toHaveLength(3);
  });

  it('gives a link back when its e-mail fails, so asking again at once works and the failed one never signs in', async () => {
    const h = harness();
    const user = newUser();
    let failedToken = '';
    const failing: MagicLinkDeps = {
      ...h.deps,
      sendEmail: async (_to, email) => {
        failedToken = magicTokenIn(email.html);
        throw new Error('SES throttled');
      },
    };
    await expect(requestMagicLink(failing, { kind: 'user', user })).rejects.toThrow('SES throttled');

    h.setTime(1);
    const token = await h.linkFor(user);
    expect(await verifyMagicLink(h.deps, user, failedToken)).toBe(false);
    expect(await verifyMagicLink(h.deps, user, token)).toBe(true);
  });

  it('answers an unknown e-mail exactly like a known one, interval included, and e-mails nothing', async () => {
    const h = harness();
    const email = createEmailAddress('desconhecido');
    await expect(requestMagicLink(h.deps, { kind: 'unknown', email })).resolves.toBeUndefined();
    const again = requestMagicLink(h.deps, { kind: 'unknown', email: email.toUpperCase() });
    await expect(again).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(again).rejects.toThrow(AUTH_MESSAGES.magicLinkTooSoon);
    expect(h.outbox).toEqual([]);
  });
});

describe('magic link through cognito-local (the same trigger handlers, CUSTOM_AUTH)', () => {
  let c: CognitoWithTriggers;
  const logged: string[] = [];

  beforeAll(async () => {
    c = await startCognitoWithTriggers();
    // Whatever the handlers or cognito-local print while links travel; checked for tokens below.
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      vi.spyOn(stream, 'write').mockImplementation(((...args: unknown[]) => {
        logged.push(String(args[0]));
        return write(...args);
      }) as typeof stream.write);
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await c?.stop();
  });

  const initiate = (email: string, clientMetadata?: Record<string, string>) =>
    c.client.send(
      new InitiateAuthCommand({
        ClientId: c.pool.userPoolClientId,
        AuthFlow: 'CUSTOM_AUTH',
        AuthParameters: { USERNAME: email },
        ClientMetadata: clientMetadata,
      }),
    );
  const answer = (challenge: InitiateAuthCommandOutput, value: string, clientMetadata?: Record<string, string>) =>
    c.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: c.pool.userPoolClientId,
        ChallengeName: 'CUSTOM_CHALLENGE',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: challenge.ChallengeParameters?.USERNAME ?? '', ANSWER: value },
        ClientMetadata: clientMetadata,
      }),
    );
  /** What the SPA does on 'Entrar com Link Mágico'. */
  const askForLink = async (email: string) =>
    answer(await initiate(email), MAGIC_LINK_REQUEST_ANSWER, magicLinkClientMetadata(false));
  /** What the SPA does on /auth/link-magico#<token>, in any browser. */
  const openLink = async (email: string, token: string) =>
    answer(await initiate(email), token, magicLinkClientMetadata(true));
  const failure = (attempt: Promise<unknown>): Promise<Error> =>
    attempt.then(
      () => {
        throw new Error('expected the call to fail');
      },
      (error: Error) => error,
    );
  const shape = (res: { ChallengeName?: string; Session?: string; ChallengeParameters?: Record<string, string> }) => ({
    ChallengeName: res.ChallengeName,
    hasSession: typeof res.Session === 'string' && res.Session.length > 20,
    parameters: Object.keys(res.ChallengeParameters ?? {}).sort(),
    usernameIsUuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(
      res.ChallengeParameters?.USERNAME ?? '',
    ),
  });

  it('e-mails a link, signs in with it (tokens for that user), and refuses it the second time', async () => {
    const email = createEmailAddress();
    const sub = await c.signUpConfirmed(email);

    const requested = await askForLink(email);
    expect(requested).toMatchObject({
      ChallengeName: 'CUSTOM_CHALLENGE',
      ChallengeParameters: { challenge: 'MAGIC_LINK' },
    });
    const magic = (await emailsTo(email)).filter((message) => message.subject === 'Seu link de acesso');
    expect(magic).toHaveLength(1);
    const token = magicTokenIn(magic[0]?.body?.html);
    expect(firstHref(magic[0]?.body?.html).pathname).toBe(MAGIC_LINK_PATH);

    const signedIn = await openLink(email, token);
    const jwks = (await (await fetch(`${c.pool.issuer}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(signedIn.AuthenticationResult?.IdToken ?? '', createLocalJWKSet(jwks), {
      issuer: c.pool.issuer,
      audience: c.pool.userPoolClientId,
    });
    expect(payload).toMatchObject({ sub, email, token_use: 'id' });
    expect(signedIn.AuthenticationResult?.RefreshToken).toBeTruthy();

    await expect(openLink(email, token)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(logged.join('')).not.toContain(token);
    expect(logged.join('')).not.toContain(token.split('.')[1]);
  });

  it('needs no ClientMetadata to open a link, but InitiateAuth’s ClientMetadata alone sends nothing (as on AWS)', async () => {
    const email = createEmailAddress();
    await c.signUpConfirmed(email);
    const started = await initiate(email, magicLinkClientMetadata(false));
    expect(started.ChallengeParameters?.challenge).toBe('PROVIDE_AUTH_PARAMETERS');
    expect((await emailsTo(email)).filter((m) => m.subject === 'Seu link de acesso')).toHaveLength(0);

    await askForLink(email);
    const token = magicTokenIn((await emailsTo(email)).at(-1)?.body?.html);
    const signedIn = await answer(await initiate(email), token);
    expect(signedIn.AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('fails the sign-in on a wrong token without spending the link, and reports the 60 s interval in pt-BR', async () => {
    const email = createEmailAddress();
    await c.signUpConfirmed(email);
    await askForLink(email);
    const first = magicTokenIn((await emailsTo(email)).at(-1)?.body?.html);

    const tooSoon = await failure(askForLink(email));
    expect(tooSoon).toMatchObject({ name: 'UserLambdaValidationException' });
    expect(readTriggerError(tooSoon.message)).toEqual({
      message: AUTH_MESSAGES.magicLinkTooSoon,
      reason: 'rate_limited',
    });

    await expect(openLink(email, `${first.split('.')[0]}.${'A'.repeat(43)}`)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
    // The wrong attempt did not spend the real link.
    expect((await openLink(email, first)).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('answers an unknown e-mail with the same challenges and the same interval, and sends it nothing', async () => {
    const known = createEmailAddress();
    await c.signUpConfirmed(known);
    const unknown = createEmailAddress('ninguem');

    const [knownStart, unknownStart] = [await initiate(known), await initiate(unknown)];
    expect(shape(unknownStart)).toEqual(shape(knownStart));
    const [knownAsked, unknownAsked] = [
      await answer(knownStart, MAGIC_LINK_REQUEST_ANSWER, magicLinkClientMetadata(false)),
      await answer(unknownStart, MAGIC_LINK_REQUEST_ANSWER, magicLinkClientMetadata(false)),
    ];
    expect(shape(unknownAsked)).toEqual(shape(knownAsked));
    expect(await emailsTo(unknown)).toEqual([]);

    const knownAgain = await failure(askForLink(known));
    const unknownAgain = await failure(askForLink(unknown));
    expect(readTriggerError(knownAgain.message).reason).toBe('rate_limited');
    expect({ name: unknownAgain.name, message: unknownAgain.message }).toEqual({
      name: knownAgain.name,
      message: knownAgain.message,
    });
    await expect(openLink(unknown, 'eyJ9.AAAA')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('sends an admin no link (the same answer as anyone), and refuses a link issued before its user became an admin', async () => {
    const customer = createEmailAddress();
    await c.signUpConfirmed(customer);
    const admin = 'admin@baixa.test';
    const [customerAsked, adminAsked] = [await askForLink(customer), await askForLink(admin)];
    expect(shape(adminAsked)).toEqual(shape(customerAsked));
    expect((await emailsTo(admin)).filter((m) => m.subject === 'Seu link de acesso')).toEqual([]);

    const promoted = createEmailAddress('promovido');
    await c.signUpConfirmed(promoted);
    await askForLink(promoted);
    const token = magicTokenIn((await emailsTo(promoted)).at(-1)?.body?.html);
    await c.client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: c.pool.userPoolId, Username: promoted, GroupName: ADMIN_GROUP }),
    );
    await expect(openLink(promoted, token)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import * as http from 'node:http';
import * as net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authActionLink, parseAuthActionLink, type ParsedAuthLink } from '../../domain/auth-links.js';
import { provisionUserPool, type ProvisionedUserPool } from '../../local/cognito/provision-user-pool.js';
import { startCognitoLocal, type CognitoEmail, type CognitoLocal } from '../../local/cognito/start-cognito-local.js';

const APP_URL = 'http://127.0.0.1:5173';
const SPEC = {
  poolName: 'test-pool',
  clientName: 'test-web',
  adminEmail: 'admin@example.com',
  adminPassword: 'admin123',
};

const outbox: CognitoEmail[] = [];
const triggerEvents: CustomMessageTriggerEvent[] = [];

/** Stands in for lambdas/auth/custom-message.ts: a link to the SPA carrying Cognito's code placeholder. */
async function customMessage(event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> {
  triggerEvents.push(structuredClone(event));
  const email = event.request.userAttributes.email ?? '';
  if (email.startsWith('boom')) throw new Error('template exploded');
  const action = event.triggerSource === 'CustomMessage_ForgotPassword' ? 'redefinir' : 'confirmar';
  const link = authActionLink(APP_URL, action, email, event.request.codeParameter);
  event.response.emailSubject = action === 'confirmar' ? 'Confirme seu cadastro' : 'Redefina sua senha';
  event.response.emailMessage = `<p><a href="${link}">Abrir</a></p><p>Código: ${event.request.codeParameter}</p>`;
  return event;
}

function linkIn(email: CognitoEmail): ParsedAuthLink {
  const href = /href="([^"]+)"/.exec(email.html)?.[1];
  expect(href).toBeDefined();
  const parsed = parseAuthActionLink(new URL(href ?? '').hash);
  expect(parsed).not.toBeNull();
  return parsed as ParsedAuthLink;
}

function takeOnlyEmail(): CognitoEmail {
  expect(outbox).toHaveLength(1);
  return outbox.splice(0)[0] as CognitoEmail;
}

let dataDir: string;
let cognito: CognitoLocal;
let pool: ProvisionedUserPool;
let client: CognitoIdentityProviderClient;

async function start(port = 0): Promise<void> {
  cognito = await startCognitoLocal({
    port,
    dataDir,
    triggers: { customMessage },
    deliverEmail: async (email) => void outbox.push(email),
    logLevel: 'error',
  });
  pool = await provisionUserPool(cognito.endpoint, SPEC);
  client?.destroy();
  client = new CognitoIdentityProviderClient({
    endpoint: cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

const login = (username: string, password: string) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: pool.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: username, PASSWORD: password },
    }),
  );

function preflight(headers: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: { origin: APP_URL, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res);
    });
    req.on('error', reject).end();
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

describe('cognito-local in-process', () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cognito-local-test-'));
    await start();
  });

  afterAll(async () => {
    client?.destroy();
    await cognito?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('binds 127.0.0.1 and provisions a pool whose issuer matches the tokens it signs', async () => {
    expect(cognito.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(pool.issuer).toBe(`${cognito.endpoint}/${pool.userPoolId}`);

    const { AuthenticationResult } = await login(SPEC.adminEmail, SPEC.adminPassword);
    const jwks = (await (await fetch(`${pool.issuer}/.well-known/jwks.json`)).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(AuthenticationResult?.IdToken ?? '', createLocalJWKSet(jwks), {
      issuer: pool.issuer,
      audience: pool.userPoolClientId,
    });
    expect(payload).toMatchObject({
      email: SPEC.adminEmail,
      email_verified: true,
      'cognito:groups': ['admin'],
      token_use: 'id',
    });
    expect(decodeJwt(AuthenticationResult?.AccessToken ?? '')).toMatchObject({
      iss: pool.issuer,
      client_id: pool.userPoolClientId,
      'cognito:groups': ['admin'],
    });

    const discovery = (await (await fetch(`${pool.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      string
    >;
    expect(discovery).toMatchObject({ issuer: pool.issuer, jwks_uri: `${pool.issuer}/.well-known/jwks.json` });
  });

  it('answers a browser SPA on another origin, preflight included', async () => {
    const res = await preflight(
      'content-type,x-amz-target,x-amz-user-agent,amz-sdk-invocation-id,amz-sdk-request,cache-control',
    );
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']).toContain('x-amz-target');
    expect(res.headers['access-control-allow-headers']).toContain('amz-sdk-request');

    const post = await fetch(`${cognito.endpoint}/`, {
      method: 'POST',
      headers: {
        origin: APP_URL,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      body: JSON.stringify({
        ClientId: pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: SPEC.adminEmail, PASSWORD: SPEC.adminPassword },
      }),
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('signs up through the CustomMessage trigger: one e-mail whose link confirms the user', async () => {
    const email = 'maria@example.com';
    const { UserSub, UserConfirmed } = await client.send(
      new SignUpCommand({ ClientId: pool.userPoolClientId, Username: email, Password: 'segredo1' }),
    );
    expect(UserConfirmed).toBe(false);

    const sent = takeOnlyEmail();
    expect(sent.to).toBe(email);
    expect(sent.subject).toBe('Confirme seu cadastro');
    expect(sent.html).not.toContain('{####}');
    const link = linkIn(sent);
    expect(link).toMatchObject({ action: 'confirmar', email });
    expect(link.code).toMatch(/^\d{6}$/);
    expect(sent.html).toContain(`Código: ${link.code}`);

    expect(triggerEvents.at(-1)).toMatchObject({
      version: '1',
      region: 'us-east-1',
      triggerSource: 'CustomMessage_SignUp',
      userPoolId: pool.userPoolId,
      userName: UserSub,
      callerContext: { clientId: pool.userPoolClientId },
      request: { codeParameter: '{####}', usernameParameter: null, userAttributes: { email, sub: UserSub } },
      response: { emailSubject: null, emailMessage: null, smsMessage: null },
    });

    await expect(login(email, 'segredo1')).rejects.toMatchObject({ name: 'UserNotConfirmedException' });
    await expect(
      client.send(
        new ConfirmSignUpCommand({ ClientId: pool.userPoolClientId, Username: email, ConfirmationCode: '000000x' }),
      ),
    ).rejects.toMatchObject({ name: 'CodeMismatchException' });
    await client.send(
      new ConfirmSignUpCommand({ ClientId: pool.userPoolClientId, Username: link.email, ConfirmationCode: link.code }),
    );

    const { AuthenticationResult } = await login(email, 'segredo1');
    const claims = decodeJwt(AuthenticationResult?.IdToken ?? '');
    expect(claims).toMatchObject({ email, email_verified: true, sub: UserSub, iss: pool.issuer });
    expect(claims['cognito:groups']).toBeUndefined();
    expect(outbox).toHaveLength(0);
  });

  it('resets a forgotten password with the code from the e-mailed link', async () => {
    const email = 'maria@example.com';
    await client.send(new ForgotPasswordCommand({ ClientId: pool.userPoolClientId, Username: email }));

    const sent = takeOnlyEmail();
    expect(sent).toMatchObject({ to: email, subject: 'Redefina sua senha' });
    const link = linkIn(sent);
    expect(link.action).toBe('redefinir');
    expect(triggerEvents.at(-1)?.triggerSource).toBe('CustomMessage_ForgotPassword');

    await client.send(
      new ConfirmForgotPasswordCommand({
        ClientId: pool.userPoolClientId,
        Username: link.email,
        ConfirmationCode: link.code,
        Password: 'novasenha',
      }),
    );
    await expect(login(email, 'segredo1')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect((await login(email, 'novasenha')).AuthenticationResult?.IdToken).toBeTruthy();
  });

  it('refreshes a session with GetTokensFromRefreshToken (Amplify v6), and refuses an unknown refresh token', async () => {
    const { AuthenticationResult: first } = await login('maria@example.com', 'novasenha');
    const refresh = (RefreshToken: string) =>
      client.send(new GetTokensFromRefreshTokenCommand({ ClientId: pool.userPoolClientId, RefreshToken }));
    const { AuthenticationResult: renewed } = await refresh(first!.RefreshToken!);
    expect(renewed).toMatchObject({ TokenType: 'Bearer', ExpiresIn: 3600 });
    expect(decodeJwt(renewed!.IdToken!)).toMatchObject({ email: 'maria@example.com', token_use: 'id' });
    expect(decodeJwt(renewed!.AccessToken!).token_use).toBe('access');
    await expect(refresh('revogado')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Invalid Refresh Token',
    });
  });

  it('fails the call like Cognito when the trigger throws', async () => {
    await expect(
      client.send(
        new SignUpCommand({ ClientId: pool.userPoolClientId, Username: 'boom@example.com', Password: 'segredo1' }),
      ),
    ).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: 'CustomMessage failed with error template exploded.',
    });
    expect(outbox).toHaveLength(0);
  });

  it('stops cleanly and reuses the same pool, client, group and users after a restart', async () => {
    const before = pool;
    const { port } = cognito;
    await cognito.stop();
    expect(await portIsFree(port)).toBe(true);

    await start(port);
    expect(pool).toEqual(before);

    const admin = decodeJwt((await login(SPEC.adminEmail, SPEC.adminPassword)).AuthenticationResult?.IdToken ?? '');
    expect(admin).toMatchObject({ email: SPEC.adminEmail, 'cognito:groups': ['admin'], iss: before.issuer });
    expect((await login('maria@example.com', 'novasenha')).AuthenticationResult?.IdToken).toBeTruthy();
    expect(outbox).toHaveLength(0);
  });
});

import net from 'node:net';
import { resolve } from 'node:path';
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_STAGE, pathParameterNames } from '../../domain/api/route.js';
import { ADMIN_SECOND_FACTOR_CLAIM } from '../../domain/auth.js';
import { API_MESSAGES, SECOND_FACTOR_MESSAGES } from '../../domain/messages.js';
import { API_ROUTES, type ApiFunction } from '../../lambdas/functions.js';
import { ENV } from '../../lambdas/grants.js';
import { startGateway } from '../../local/services/gateway.js';
import { ORIGIN_HEADERS, adminClaims, customerClaims, lambdaContext } from '../factories.js';
import { enrolAuthenticator, signInWithAuthenticator } from '../totp.js';
import { callRoute, errorOf } from '../route-call.js';
import { startCognitoWithTriggers, type CognitoWithTriggers } from './cognito.js';

/**
 * Bad input and abuse: every admin route refuses non-admins (403) whatever the browser shows, and a
 * customer's token whose `cognito:groups` claim was forged never reaches a handler. The routes come from the
 * catalogue, so an admin route added later is covered without touching this file.
 */

type Handler = Parameters<typeof callRoute>[1];

const ADMIN_ROUTES = API_ROUTES.filter((route) => route.contract.access === 'admin');

const handlerOf = async (route: ApiFunction): Promise<Handler> =>
  ((await import(/* @vite-ignore */ resolve(process.cwd(), route.entry))) as { handler: Handler }).handler;

/** A placeholder value for every path parameter (the route must refuse before it looks anything up). */
const paramsOf = (route: ApiFunction) =>
  Object.fromEntries(pathParameterNames(route.contract.path).map((name) => [name, '01HZZZZZZZZZZZZZZZZZZZZZZZ']));

describe('every admin route', () => {
  it('covers the clients routes at least', () => {
    expect(ADMIN_ROUTES.map((route) => route.contract.id)).toEqual(
      expect.arrayContaining(['GetAdminSummary', 'ListAdminClients', 'GetAdminClient', 'DeleteAdminClient']),
    );
  });

  it.each(ADMIN_ROUTES.map((route) => [`${route.contract.method} ${route.contract.path}`, route] as const))(
    '%s refuses a customer with 403 and a request without a subject with 401',
    async (_name, route) => {
      const handler = await handlerOf(route);
      const options = { params: paramsOf(route), body: {} };
      expect(errorOf(await callRoute(route.contract, handler, { ...options, claims: customerClaims() }))).toMatchObject(
        { status: 403, code: 'forbidden', reason: 'admin_only', message: API_MESSAGES.forbidden },
      );
      // A groups claim that merely contains the word is not membership.
      const lookalike = { ...customerClaims(), 'cognito:groups': '[administrators]' };
      expect(errorOf(await callRoute(route.contract, handler, { ...options, claims: lookalike }))).toMatchObject({
        status: 403,
      });
      expect(errorOf(await callRoute(route.contract, handler, options))).toMatchObject({ status: 401 });
      // A member of the admin group whose token lacks the second-factor claim (no authenticator app yet).
      const { [ADMIN_SECOND_FACTOR_CLAIM]: _secondFactor, ...withoutSecondFactor } = adminClaims();
      expect(
        errorOf(await callRoute(route.contract, handler, { ...options, claims: withoutSecondFactor })),
      ).toMatchObject({
        status: 403,
        code: 'forbidden',
        reason: 'second_factor_required',
        message: SECOND_FACTOR_MESSAGES.required,
      });
    },
  );
});

describe('a forged cognito:groups claim at the gateway (JWT authorizer)', () => {
  let cognito: CognitoWithTriggers;
  let gateway: { url: string; stop(): Promise<void> };
  const invoked: string[] = [];
  let customerToken = '';
  let adminTokenWithoutSecondFactor = '';

  const freePort = () =>
    new Promise<number>((done, fail) => {
      const probe = net.createServer();
      probe.once('error', fail);
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => done(port));
      });
    });

  const idTokenOf = async (username: string, password: string) => {
    const { AuthenticationResult } = await cognito.client.send(
      new InitiateAuthCommand({
        ClientId: cognito.pool.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return AuthenticationResult!.IdToken!;
  };

  beforeAll(async () => {
    cognito = await startCognitoWithTriggers();
    // The admin routes of this file are configured with this pool (the one that signs these tokens): they ask it
    // whether the caller is still an admin. Read at their first admin call, which comes after this.
    vi.stubEnv(ENV.userPoolId, cognito.pool.userPoolId);
    vi.stubEnv('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER', cognito.cognito.endpoint);
    gateway = await startGateway({
      port: await freePort(),
      stage: API_STAGE,
      routes: ADMIN_ROUTES,
      authorizer: {
        issuer: cognito.pool.issuer,
        jwksUri: `${cognito.pool.issuer}/.well-known/jwks.json`,
        audience: cognito.pool.userPoolClientId,
      },
      invoke: async (route, event) => {
        invoked.push(route.contract.id);
        return (await handlerOf(route))(event, lambdaContext);
      },
    });
    const email = `cliente.forjado.${Date.now()}@example.com`;
    await cognito.signUpConfirmed(email, 'segredo123');
    customerToken = await idTokenOf(email, 'segredo123');
    adminTokenWithoutSecondFactor = await idTokenOf('admin@baixa.test', 'admin123');
  }, 60_000);

  afterAll(async () => {
    vi.unstubAllEnvs();
    await gateway?.stop();
    await cognito?.stop();
  });

  const get = async (token: string) => {
    invoked.length = 0;
    const response = await fetch(`${gateway.url}/admin/clients/search`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...ORIGIN_HEADERS },
    });
    return { status: response.status, reachedHandler: invoked.length > 0 };
  };

  const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('lets the customer’s real token through to the handler, which answers 403; the admin’s gets 200 only with a second factor', async () => {
    expect(decodeJwt(customerToken)['cognito:groups']).toBeUndefined();
    expect(await get(customerToken)).toEqual({ status: 403, reachedHandler: true });

    // The seeded admin has no authenticator app yet: the group is in the token, the second-factor claim is not.
    expect(decodeJwt(adminTokenWithoutSecondFactor)).toMatchObject({ 'cognito:groups': ['admin'] });
    expect(decodeJwt(adminTokenWithoutSecondFactor)[ADMIN_SECOND_FACTOR_CLAIM]).toBeUndefined();
    expect(await get(adminTokenWithoutSecondFactor)).toEqual({ status: 403, reachedHandler: true });

    const pool = {
      client: cognito.client,
      userPoolId: cognito.pool.userPoolId,
      clientId: cognito.pool.userPoolClientId,
    };
    const secret = await enrolAuthenticator(pool, 'admin@baixa.test', 'admin123');
    // From now on the password alone is not enough: Cognito asks for the app's code.
    await expect(idTokenOf('admin@baixa.test', 'admin123')).rejects.toThrow();
    const tokens = await signInWithAuthenticator(pool, 'admin@baixa.test', 'admin123', secret);
    expect(decodeJwt(tokens.IdToken!)[ADMIN_SECOND_FACTOR_CLAIM]).toBe('totp');
    expect(await get(tokens.IdToken!)).toEqual({ status: 200, reachedHandler: true });

    // A refreshed token keeps the claim (the trigger runs on refresh too).
    const { AuthenticationResult: refreshed } = await cognito.client.send(
      new InitiateAuthCommand({
        ClientId: cognito.pool.userPoolClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken! },
      }),
    );
    expect(decodeJwt(refreshed!.IdToken!)[ADMIN_SECOND_FACTOR_CLAIM]).toBe('totp');
    expect(await get(refreshed!.IdToken!)).toEqual({ status: 200, reachedHandler: true });
  });

  it('never gives a customer the second-factor claim, even one with an authenticator app', async () => {
    const email = `cliente.totp.${Date.now()}@example.com`;
    await cognito.signUpConfirmed(email, 'segredo123');
    const pool = {
      client: cognito.client,
      userPoolId: cognito.pool.userPoolId,
      clientId: cognito.pool.userPoolClientId,
    };
    const secret = await enrolAuthenticator(pool, email, 'segredo123');
    const tokens = await signInWithAuthenticator(pool, email, 'segredo123', secret);
    expect(decodeJwt(tokens.IdToken!)[ADMIN_SECOND_FACTOR_CLAIM]).toBeUndefined();
    expect(await get(tokens.IdToken!)).toEqual({ status: 403, reachedHandler: true });
  });

  it('refuses the same token with cognito:groups added (its signature no longer matches)', async () => {
    const [header, , signature] = customerToken.split('.');
    const forged = `${header}.${base64url({ ...decodeJwt(customerToken), 'cognito:groups': ['admin'] })}.${signature}`;
    expect(await get(forged)).toEqual({ status: 401, reachedHandler: false });
  });

  it('refuses a token re-signed by someone else’s key under the pool’s key id, and an unsigned one', async () => {
    const { kid } = decodeProtectedHeader(customerToken);
    const { privateKey } = await generateKeyPair('RS256');
    const resigned = await new SignJWT({ ...decodeJwt(customerToken), 'cognito:groups': ['admin'] })
      .setProtectedHeader({ alg: 'RS256', kid: kid! })
      .sign(privateKey);
    expect(await get(resigned)).toEqual({ status: 401, reachedHandler: false });
    const unsigned = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
      ...decodeJwt(customerToken),
      'cognito:groups': ['admin'],
    })}.`;
    expect(await get(unsigned)).toEqual({ status: 401, reachedHandler: false });
  });
});

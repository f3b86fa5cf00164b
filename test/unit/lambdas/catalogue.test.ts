import { EXAMPLE_COMPANY } from '../../../domain/company.js';
import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { pathParameterNames, routePath, routeQueryString } from '../../../domain/api/route.js';
import { ALL_FUNCTIONS, API_ROUTES } from '../../../lambdas/functions.js';
import {
  ENV,
  environmentFor,
  MissingGrantValueError,
  SECRET_ENV,
  SECRET_NAMES,
  secretsOf,
  type CompleteGrantValues,
} from '../../../lambdas/grants.js';

// Complete by type: a value added to GrantValues must be added here too, so every grant below is exercised.
const EVERY_VALUE: CompleteGrantValues = {
  tableName: 'table',
  documentsBucket: 'bucket',
  documentsPathStyle: true,
  stateMachineArn: 'arn:aws:states:us-east-1:1:stateMachine:sm',
  emailFrom: 'nao-responda@example.com',
  emailConfigurationSet: 'baixa-test',
  appUrl: 'https://app.example.com',
  company: JSON.stringify(EXAMPLE_COMPANY),
  pushEndpoint: 'https://ws.example.com/prod',
  tokenIssuer: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_pool',
  tokenAudience: 'client',
  userPoolId: 'us-east-1_pool',
  asaasApiUrl: 'https://api-sandbox.asaas.com/v3',
  postalCodeApiUrl: 'https://viacep.com.br',
  datajudApiUrl: 'https://api-publica.datajud.cnj.jus.br',
  conversions: {
    metaApiUrl: 'https://graph.facebook.com/v21.0',
    metaPixelId: '100000000000001',
    googleAdsApiUrl: 'https://googleads.googleapis.com/v21',
    googleOAuthTokenUrl: 'https://oauth2.googleapis.com/token',
    googleAdsCustomerId: '1234567890',
    googleAdsConversionActions: 'purchase=1',
  },
  whatsapp: { apiUrl: 'https://graph.facebook.com', phoneNumberId: '100000000000002' },
  secret: (name) => ({ arn: `arn:aws:secretsmanager:us-east-1:1:secret:${name}` }),
};

describe('route contracts of the catalogue', () => {
  it.each(API_ROUTES.map((r) => [r.contract.id, r.contract] as const))(
    '%s: its path placeholders are exactly the keys of its params schema',
    (_id, contract) => {
      const placeholders = pathParameterNames(contract.path).sort();
      const params = 'params' in contract && contract.params ? Object.keys((contract.params as z.ZodObject).shape) : [];
      expect(placeholders).toEqual(params.sort());
    },
  );

  it('gives every route a unique id and a unique method + path', () => {
    const ids = API_ROUTES.map((r) => r.contract.id);
    const keys = API_ROUTES.map((r) => `${r.contract.method} ${r.contract.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('gives every function a unique name and an entry under lambdas/', () => {
    const names = ALL_FUNCTIONS.map((fn) => fn.name);
    expect(new Set(names).size).toBe(names.length);
    for (const fn of ALL_FUNCTIONS) expect(fn.entry).toMatch(/^lambdas\/[\w/-]+\.ts$/);
  });
});

describe('the catalogue by area', () => {
  // The map a newcomer reads: lambdas/<area>/functions.ts declares exactly the functions whose handlers are in that
  // folder (the CDK's nested stack of the area), and lambdas/functions.ts joins every area file, leaving none out.
  const areaFiles = readdirSync('lambdas', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`lambdas/${entry.name}/functions.ts`))
    .map((entry) => entry.name);

  it.each(areaFiles)('lambdas/%s/functions.ts declares only handlers of its own folder', async (area) => {
    const declared = Object.values(await import(`../../../lambdas/${area}/functions.ts`)).flatMap((value) =>
      Array.isArray(value) ? value : Object.values(value as Record<string, unknown>),
    ) as { entry: string }[];
    expect(declared.length).toBeGreaterThan(0);
    for (const fn of declared) expect(fn.entry).toMatch(new RegExp(`^lambdas/${area}/`));
  });

  it('joins every area file, and every function of the catalogue comes from one', async () => {
    const fromAreas = new Set<string>();
    for (const area of areaFiles) {
      for (const value of Object.values(await import(`../../../lambdas/${area}/functions.ts`))) {
        const list = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
        for (const fn of list as { entry: string }[]) fromAreas.add(fn.entry);
      }
    }
    expect([...new Set(ALL_FUNCTIONS.map((fn) => fn.entry))].sort()).toEqual([...fromAreas].sort());
  });
});

describe('routePath and routeQueryString', () => {
  it('fills placeholders with encoded values and refuses a missing one', () => {
    expect(routePath({ path: '/admin/clients/{id}/x/{n}' }, { id: 'a b/ç', n: 2 })).toBe(
      '/admin/clients/a%20b%2F%C3%A7/x/2',
    );
    expect(() => routePath({ path: '/a/{id}' }, {})).toThrow('Missing path parameter "id" for /a/{id}');
    expect(() => routePath({ path: '/a/{id}' }, { id: '' })).toThrow('Missing path parameter');
    expect(pathParameterNames('/a/{id}/b/{rest+}')).toEqual(['id', 'rest']);
  });

  it('leaves undefined and null out of the query string', () => {
    expect(routeQueryString({ q: 'Maria José', cursor: undefined, status: null, limit: 20 })).toBe(
      'q=Maria+Jos%C3%A9&limit=20',
    );
    expect(routeQueryString()).toBe('');
  });
});

describe('environmentFor over the whole catalogue', () => {
  it.each(ALL_FUNCTIONS.map((fn) => [fn.name, fn] as const))('%s', (name, fn) => {
    const env = environmentFor(name, fn.grants, EVERY_VALUE);
    const { grants } = fn as { grants: Record<string, unknown> };
    const expected = new Set<string>();
    if (grants.table || grants.tableItems) expected.add(ENV.tableName);
    if (grants.documents) expected.add(ENV.documentsBucket).add(ENV.documentsPathStyle);
    if (grants.workflow) expected.add(ENV.stateMachineArn);
    if (grants.email) expected.add(ENV.emailFrom).add(ENV.emailConfigurationSet);
    if (grants.email || grants.appLinks) expected.add(ENV.appUrl);
    if (grants.email || grants.appLinks || grants.asaas) expected.add(ENV.company);
    if (grants.push) expected.add(ENV.pushEndpoint);
    if (grants.tokens) expected.add(ENV.tokenIssuer).add(ENV.tokenAudience);
    if (grants.userPool || grants.adminMembership) expected.add(ENV.userPoolId);
    if (grants.asaas) expected.add(ENV.asaasApiUrl);
    if (grants.postalCode) expected.add(ENV.postalCodeApiUrl);
    if (grants.datajud) expected.add(ENV.datajudApiUrl);
    if (grants.whatsapp) expected.add(ENV.whatsappApiUrl).add(ENV.whatsappPhoneNumberId);
    if (grants.conversions) {
      for (const name of [
        ENV.metaConversionsApiUrl,
        ENV.metaPixelId,
        ENV.googleAdsApiUrl,
        ENV.googleOAuthTokenUrl,
        ENV.googleAdsCustomerId,
        ENV.googleAdsConversionActions,
      ]) {
        expected.add(name);
      }
    }
    for (const secret of secretsOf(fn.grants)) expected.add(SECRET_ENV[secret].arn);
    expect(Object.keys(env).sort()).toEqual([...expected].sort());
    // Every variable holds the value its grant points at; no secret value ever travels in the environment on AWS.
    for (const secret of SECRET_NAMES) expect(env).not.toHaveProperty(SECRET_ENV[secret].value);
  });

  it('maps each grant to its variables and values', () => {
    const env = environmentFor(
      'all',
      {
        table: 'read',
        documents: 'readwrite',
        workflow: 'start',
        email: true,
        push: true,
        tokens: true,
        userPool: 'manage',
        asaas: true,
        postalCode: true,
        secrets: ['magicLinkKey'],
      },
      EVERY_VALUE,
    );
    expect(env).toEqual({
      TABLE_NAME: 'table',
      DOCUMENTS_BUCKET: 'bucket',
      DOCUMENTS_FORCE_PATH_STYLE: 'true',
      STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:1:stateMachine:sm',
      EMAIL_FROM: 'nao-responda@example.com',
      EMAIL_CONFIGURATION_SET: 'baixa-test',
      APP_URL: 'https://app.example.com',
      COMPANY_IDENTITY: JSON.stringify(EXAMPLE_COMPANY),
      PUSH_ENDPOINT: 'https://ws.example.com/prod',
      TOKEN_ISSUER: 'https://cognito-idp.us-east-1.amazonaws.com/us-east-1_pool',
      TOKEN_AUDIENCE: 'client',
      USER_POOL_ID: 'us-east-1_pool',
      ASAAS_API_URL: 'https://api-sandbox.asaas.com/v3',
      POSTAL_CODE_API_URL: 'https://viacep.com.br',
      MAGIC_LINK_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:magicLinkKey',
      // The asaas grant implies its API key.
      ASAAS_API_KEY_SECRET_ARN: 'arn:aws:secretsmanager:us-east-1:1:secret:asaasApiKey',
    });
  });

  it('passes secrets inline where the values say so (the local runtime), and leaves path style off on AWS', () => {
    const env = environmentFor(
      'local',
      { documents: 'read', secrets: ['asaasWebhookToken'] },
      { ...EVERY_VALUE, documentsPathStyle: false, secret: () => ({ value: 'inline-token' }) },
    );
    expect(env).toEqual({ DOCUMENTS_BUCKET: 'bucket', ASAAS_WEBHOOK_TOKEN: 'inline-token' });
  });

  it('gives every API route the origin secret (CloudFront → API), and only API routes', () => {
    for (const route of API_ROUTES) expect(secretsOf(route.grants)).toContain('originVerify');
    for (const fn of ALL_FUNCTIONS.filter((f) => !API_ROUTES.some((r) => r.contract.id === f.name))) {
      expect(secretsOf(fn.grants), fn.name).not.toContain('originVerify');
    }
  });

  it('gives a function without grants nothing', () => {
    expect(environmentFor('none', {}, EVERY_VALUE)).toEqual({});
  });

  it.each([
    ['tableName', { table: 'read' }],
    ['documentsBucket', { documents: 'read' }],
    ['stateMachineArn', { workflow: 'callback' }],
    ['emailFrom', { email: true }],
    ['appUrl', { appLinks: true }],
    ['pushEndpoint', { push: true }],
    ['userPoolId', { userPool: 'read' }],
    ['userPoolId', { adminMembership: true }],
    ['asaasApiUrl', { asaas: true }],
    ['postalCodeApiUrl', { postalCode: true }],
    ['datajudApiUrl', { datajud: true }],
  ] as const)('fails loudly, naming the function and "%s", when a grant’s value is missing', (value, grants) => {
    const values = { ...EVERY_VALUE, [value]: undefined };
    expect(() => environmentFor('Fn', grants, values)).toThrow(MissingGrantValueError);
    expect(() => environmentFor('Fn', grants, values)).toThrow(`Fn: its grants need "${value}"`);
    expect(() => environmentFor('Fn', grants, { ...EVERY_VALUE, [value]: '' })).toThrow(MissingGrantValueError);
  });

  it('fails loudly when a granted secret has no source', () => {
    expect(() => environmentFor('Fn', { secrets: ['magicLinkKey'] }, { secret: () => undefined })).toThrow(
      'Fn: its grants need "secret magicLinkKey"',
    );
    expect(() => environmentFor('Fn', { asaas: true }, { asaasApiUrl: 'https://x', company: '{}' })).toThrow(
      'secret asaasApiKey',
    );
  });

  it('orders and deduplicates secrets, adding the ones a service implies', () => {
    expect(secretsOf({ secrets: ['asaasApiKey', 'magicLinkKey', 'magicLinkKey'] })).toEqual([
      'magicLinkKey',
      'asaasApiKey',
    ]);
    expect(secretsOf({ asaas: true })).toEqual(['asaasApiKey']);
    expect(secretsOf({})).toEqual([]);
  });
});

import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { cnjCheckDigits, formatCnjNumber } from '../domain/cnj-number.js';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { ulid } from 'ulid';
import type { ProfileInput } from '../domain/schemas/profile-input.js';
import { ADMIN_SECOND_FACTOR_CLAIM, ADMIN_SECOND_FACTOR_TOTP } from '../domain/auth.js';
import { CONTRACT_MESSAGES } from '../domain/messages.js';

/** Test data factories: valid by default, overridable field by field. */
export function createProfileInput(overrides: Partial<ProfileInput> = {}): ProfileInput {
  return {
    tipo_documento: 'cpf',
    nome_completo: 'Maria da Conceição Souza',
    email: `maria.${ulid().toLowerCase()}@example.com`,
    whatsapp: '(35) 99876-5432',
    cpf: generateCpf(),
    cep: '37470-000',
    endereco: 'Rua Dr. Olavo Gomes Pinto',
    numero: '120',
    complemento: null,
    bairro: 'Centro',
    cidade: 'São Lourenço',
    estado: 'MG',
    ...overrides,
  };
}

export const createCnpj = () => generateCnpj();

/** What 'Assinar Contrato Digitalmente' sends once 'Li e concordo com os termos do contrato' is ticked. */
export const SIGNING_CONSENT = { aceite: CONTRACT_MESSAGES.consentLabel } as const;

/**
 * The origin secret every test environment gives the API functions (unit setup, integration global setup), and the
 * header CloudFront would add with it: test events carry it unless a test leaves it out on purpose.
 */
export const TEST_ORIGIN_VERIFY_SECRET = 'test-origin-verify-secret-0123456789abcdef';
export const ORIGIN_HEADERS = { 'x-origin-verify': TEST_ORIGIN_VERIFY_SECRET } as const;

type EventOptions = {
  method?: string;
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Path parameters as API Gateway passes them (decoded strings). */
  pathParameters?: Record<string, string>;
  /** Query string parameters as API Gateway passes them (repeated keys joined by commas). */
  query?: Record<string, string>;
  /** Claims as API Gateway's JWT authorizer passes them (strings; lists as "[a b]"). */
  claims?: Record<string, string>;
  /** Leave out CloudFront's origin header, as a request that bypasses the distribution would. */
  bypassCloudFront?: boolean;
};

export function createApiEvent(options: EventOptions = {}): APIGatewayProxyEventV2WithJWTAuthorizer {
  const method = options.method ?? 'GET';
  const path = options.path ?? '/';
  return {
    version: '2.0',
    routeKey: `${method} ${path}`,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers: { ...(options.bypassCloudFront ? {} : ORIGIN_HEADERS), ...options.headers },
    ...(options.pathParameters ? { pathParameters: options.pathParameters } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    body:
      options.body === undefined
        ? undefined
        : typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body),
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'test',
      domainName: 'test',
      domainPrefix: 'test',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: ulid(),
      routeKey: `${method} ${path}`,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: options.claims ?? {}, scopes: [] } },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

export function customerClaims(
  userId: string = ulid(),
  email = `${userId.toLowerCase()}@example.com`,
): Record<string, string> {
  return { sub: userId, email, 'cognito:groups': '' };
}

/** The seeded admin of the integration setup's user pool (test/integration/global-setup.ts): e-mail, and its `sub`. */
export const TEST_ADMIN_EMAIL = 'admin@example.com';
export const TEST_ADMIN_SUB_ENV = 'BAIXA_TEST_ADMIN_SUB';

/**
 * An admin's id token claims. Admin routes check that `sub` is in the pool's `admin` group now, so by default they
 * speak for the integration pool's seeded admin (a random id elsewhere: unit tests inject their own check).
 */
export function adminClaims(userId: string = process.env[TEST_ADMIN_SUB_ENV] ?? ulid()): Record<string, string> {
  // As the PreTokenGeneration trigger leaves an admin's token once their authenticator app is enrolled.
  return {
    sub: userId,
    email: TEST_ADMIN_EMAIL,
    'cognito:groups': '[admin]',
    [ADMIN_SECOND_FACTOR_CLAIM]: ADMIN_SECOND_FACTOR_TOTP,
  };
}

export const lambdaContext = { awsRequestId: 'test-request', functionName: 'test' } as Context;

export type HttpResult = { statusCode: number; body: string; headers?: Record<string, string> };
export const jsonOf = (result: unknown) =>
  JSON.parse((result as HttpResult).body) as Record<string, unknown> & { message?: string; code?: string };

/** A fresh address per test, so tests sharing the table and the SES store never see each other's data. */
export const createEmailAddress = (name = 'cliente') => `${name}.${ulid().toLowerCase()}@example.com`;

/**
 * A valid CNJ case number (check digits computed per Resolução 65/2008), formatted: a state court by default
 * (J.TR = 8.13, TJMG), with a random sequence so each test has its own case.
 */
export function createCnjNumber(options: { justice?: string; court?: string; year?: string; origin?: string } = {}) {
  const parts = {
    sequence: String(Math.floor(Math.random() * 9_999_999)).padStart(7, '0'),
    year: options.year ?? '2026',
    justice: options.justice ?? '8',
    court: options.court ?? '13',
    origin: options.origin ?? '0637',
  };
  return formatCnjNumber(
    `${parts.sequence}${cnjCheckDigits(parts)}${parts.year}${parts.justice}${parts.court}${parts.origin}`,
  );
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ENV, environmentFor, type GrantValues, type SecretName } from '../../lambdas/grants.js';
import { synthesizeLocalDefinitions } from '../../local/cdk-definitions.js';
import { provisionUserPool } from '../../local/cognito/provision-user-pool.js';
import { startCognitoLocal } from '../../local/cognito/start-cognito-local.js';
import { ensureTable, startDynamoDbLocal } from '../../local/services/dynamodb.js';
import { conversionsSettingsFor } from '../../local/services/conversions-recorder.js';
import { startLocalPostalCode } from '../../local/services/postal-code.js';
import { startLocalS3 } from '../../local/services/s3.js';
import { startLocalSes } from '../../local/services/ses.js';
import { TEST_ADMIN_SUB_ENV, TEST_ADMIN_EMAIL, TEST_ORIGIN_VERIFY_SECRET } from '../factories.js';

export const INTEGRATION_TABLE = 'baixa-integration';
/**
 * BAIXA_TEST_PORT_SHIFT moves every port of the integration and e2e runs, so two checkouts (git worktrees) can run their
 * suites side by side on one machine. CI leaves it unset.
 */
export const TEST_PORT_SHIFT = Number(process.env.BAIXA_TEST_PORT_SHIFT ?? 0);
const DYNAMODB_PORT = 18_400 + TEST_PORT_SHIFT;
export const STEP_FUNCTIONS_PORT = 18_401 + TEST_PORT_SHIFT;
const SES_PORT = 18_402 + TEST_PORT_SHIFT;
export const POSTAL_CODE_PORT = 18_403 + TEST_PORT_SHIFT;
const S3_PORT = 18_404 + TEST_PORT_SHIFT;
/** The Asaas simulator's port, for tests that start one (lambdas read its URL from the environment). */
export const ASAAS_PORT = 18_405 + TEST_PORT_SHIFT;
/** The conversions recorder's port, for tests that start one (the conversions grant points at it). */
export const CONVERSIONS_PORT = 18_406 + TEST_PORT_SHIFT;
/** The DataJud stand-in's port, for tests that start one (the court sync's datajud grant points at it). */
export const DATAJUD_PORT = 18_407 + TEST_PORT_SHIFT;
/** The WhatsApp Graph API stand-in's port, for tests that start one (the whatsapp grant points at it). */
export const WHATSAPP_PORT = 18_408 + TEST_PORT_SHIFT;
export const INTEGRATION_WHATSAPP_PHONE_NUMBER_ID = '100000000000002';
export const INTEGRATION_PIXEL_ID = '100000000000001';
export const INTEGRATION_GOOGLE_ADS_CUSTOMER = '1234567890';
export const INTEGRATION_BUCKET = 'baixa-integration-documents';
export const INTEGRATION_SENDER = 'nao-responda@baixa.test';
export const INTEGRATION_SECRETS: Record<SecretName, string> = {
  magicLinkKey: 'integration-magic-link-secret-0123456789abcdef',
  rateLimitKey: 'integration-rate-limit-key-0123456789abcdef',
  contractLinkKey: 'integration-contract-link-key-0123456789abcdef',
  asaasWebhookToken: 'integration-webhook-token-0123456789abcdef',
  asaasApiKey: 'integration-asaas-api-key-0123456789abcdef',
  datajudApiKey: 'integration-datajud-api-key-0123456789abcdef',
  whatsappAccessToken: 'integration-whatsapp-access-token-0123456789abcdef',
  whatsappAppSecret: 'integration-whatsapp-app-secret-0123456789abcdef',
  whatsappVerifyToken: 'integration-whatsapp-verify-token-0123456789abcdef',
  originVerify: TEST_ORIGIN_VERIFY_SECRET,
  metaConversionsToken: 'integration-meta-conversions-token',
  googleAdsDeveloperToken: 'integration-google-ads-developer-token',
  googleAdsOAuth: JSON.stringify({
    client_id: 'integration-client',
    client_secret: 'integration-client-secret',
    refresh_token: 'integration-refresh-token',
  }),
};
export const INTEGRATION_VALUES: GrantValues = {
  tableName: INTEGRATION_TABLE,
  documentsBucket: INTEGRATION_BUCKET,
  documentsPathStyle: true,
  stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:integration',
  emailFrom: INTEGRATION_SENDER,
  appUrl: 'http://127.0.0.1:5173',
  company: JSON.stringify(EXAMPLE_COMPANY),
  postalCodeApiUrl: `http://127.0.0.1:${POSTAL_CODE_PORT}`,
  asaasApiUrl: `http://127.0.0.1:${ASAAS_PORT}/v3`,
  datajudApiUrl: `http://127.0.0.1:${DATAJUD_PORT}`,
  whatsapp: { apiUrl: `http://127.0.0.1:${WHATSAPP_PORT}`, phoneNumberId: INTEGRATION_WHATSAPP_PHONE_NUMBER_ID },
  conversions: conversionsSettingsFor(`http://127.0.0.1:${CONVERSIONS_PORT}`, {
    metaPixelId: INTEGRATION_PIXEL_ID,
    googleAdsCustomerId: INTEGRATION_GOOGLE_ADS_CUSTOMER,
    googleAdsConversionActions: 'lead=1001,sign_up=1002,login=1003,checkout=1004,purchase=1005',
  }),
  // The pool of the setup's cognito-local (its seeded admin is the one `adminClaims()` speaks for: admin routes check
  // the caller's groups there). Tests that need triggers start their own cognito-local and pass its client.
  userPoolId: process.env[ENV.userPoolId] ?? 'us-east-1_integration',
  // The live channel's tests start their own WebSocket stand-in and token keys; these only complete the environment.
  pushEndpoint: 'http://127.0.0.1:9/live',
  tokenIssuer: 'http://127.0.0.1:9/integration_pool',
  tokenAudience: 'integration-client',
  secret: (name) => ({ value: INTEGRATION_SECRETS[name] }),
};

/**
 * Starts a real DynamoDB Local (in memory) with the table CDK defines and a local SES whose `/store` the tests
 * read, and points every handler's configuration at them. Test workers inherit this environment.
 */
export default async function setup(project: TestProject) {
  // Computed first: a catalogue entry this setup cannot serve fails before any emulator is left running.
  // Handlers are imported straight into the test workers, so they share one environment: the union of what every
  // function's grants give, from the same mapping CDK and the local runtime use.
  const functionEnv = ALL_FUNCTIONS.map((fn) => environmentFor(fn.name, fn.grants, INTEGRATION_VALUES));
  const dataDir = mkdtempSync(join(tmpdir(), 'baixa-it-'));
  const definitions = synthesizeLocalDefinitions(INTEGRATION_TABLE);
  const dynamodb = await startDynamoDbLocal({ port: DYNAMODB_PORT, dataDir: null });
  await ensureTable(dynamodb.endpoint, definitions.table, definitions.ttlAttribute);
  const ses = await startLocalSes({ port: SES_PORT });
  const postalCode = await startLocalPostalCode({ port: POSTAL_CODE_PORT });
  const s3 = await startLocalS3({ port: S3_PORT, dataDir: join(dataDir, 's3'), buckets: [INTEGRATION_BUCKET] });
  // A user pool without triggers (those tests start their own), on a free port of 127.0.0.1: admin routes ask it
  // whether their caller is still in the `admin` group (docs/decisions.md, "A demoted admin").
  const cognito = await startCognitoLocal({
    port: 0,
    dataDir: join(dataDir, 'cognito'),
    triggers: {},
    deliverEmail: async () => undefined,
    logLevel: 'silent',
  });
  const pool = await provisionUserPool(cognito.endpoint, {
    poolName: 'integration',
    clientName: 'integration-spa',
    adminEmail: TEST_ADMIN_EMAIL,
    adminPassword: 'admin123',
  });
  const adminSub = await subOf(cognito.endpoint, pool.userPoolId, TEST_ADMIN_EMAIL);
  Object.assign(process.env, ...functionEnv, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
    AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${STEP_FUNCTIONS_PORT}`,
    AWS_ENDPOINT_URL_SESV2: ses.endpoint,
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    [ENV.userPoolId]: pool.userPoolId,
    [TEST_ADMIN_SUB_ENV]: adminSub,
    STAGE: 'test',
    POWERTOOLS_DEV: 'true',
    // As the local runtime: metrics printed (EMF on console.log), tracing a no-op.
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_TRACE_ENABLED: 'false',
    LOG_LEVEL: 'ERROR',
  });
  project.provide('stateMachineDefinition', definitions.stateMachine);
  project.provide('sesUrl', ses.endpoint);
  return async () => {
    await cognito.stop();
    await s3.stop();
    await postalCode.stop();
    await ses.stop();
    await dynamodb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The `sub` of a user of the pool, found by e-mail. */
async function subOf(endpoint: string, userPoolId: string, email: string): Promise<string> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const { Users = [] } = await client.send(
      new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = "${email}"` }),
    );
    const sub = Users[0]?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error(`cognito-local has no user ${email}`);
    return sub;
  } finally {
    client.destroy();
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    stateMachineDefinition: Record<string, unknown>;
    /** aws-ses-v2-local: `GET /store` lists sent e-mails, `POST /clear-store` empties it. */
    sesUrl: string;
  }
}

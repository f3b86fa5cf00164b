import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { synthesizeLocalDefinitions } from '../../local/cdk-definitions.js';
import { ensureTable, startDynamoDbLocal } from '../../local/services/dynamodb.js';
import { startLocalSes } from '../../local/services/ses.js';

export const INTEGRATION_TABLE = 'baixa-integration';
const DYNAMODB_PORT = 18_400;
export const STEP_FUNCTIONS_PORT = 18_401;
const SES_PORT = 18_402;
export const INTEGRATION_SENDER = 'nao-responda@baixa.test';

/**
 * Starts a real DynamoDB Local (in memory) with the table CDK defines and a local SES whose `/store` the tests
 * read, and points every handler's configuration at them. Test workers inherit this environment.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'baixa-it-'));
  const definitions = synthesizeLocalDefinitions(INTEGRATION_TABLE);
  const dynamodb = await startDynamoDbLocal({ port: DYNAMODB_PORT, dataDir: null });
  await ensureTable(dynamodb.endpoint, definitions.table, definitions.ttlAttribute);
  const ses = await startLocalSes({ port: SES_PORT });
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamodb.endpoint,
    AWS_ENDPOINT_URL_SFN: `http://127.0.0.1:${STEP_FUNCTIONS_PORT}`,
    AWS_ENDPOINT_URL_SESV2: ses.endpoint,
    EMAIL_FROM: INTEGRATION_SENDER,
    MAGIC_LINK_SECRET: 'integration-magic-link-secret-0123456789abcdef',
    TABLE_NAME: INTEGRATION_TABLE,
    STAGE: 'test',
    APP_URL: 'http://127.0.0.1:5173',
    ASAAS_WEBHOOK_TOKEN: 'integration-webhook-token-0123456789abcdef',
    STATE_MACHINE_ARN: 'arn:aws:states:us-east-1:000000000000:stateMachine:integration',
    POWERTOOLS_DEV: 'true',
    LOG_LEVEL: 'ERROR',
  });
  project.provide('stateMachineDefinition', definitions.stateMachine);
  project.provide('sesUrl', ses.endpoint);
  return async () => {
    await ses.stop();
    await dynamodb.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    stateMachineDefinition: Record<string, unknown>;
    /** aws-ses-v2-local: `GET /store` lists sent e-mails, `POST /clear-store` empties it. */
    sesUrl: string;
  }
}

import { CognitoIdentityProviderClient, ListUserPoolsCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { GrantValues } from '../lambdas/grants.js';
import { loadCompanyIdentity } from '../lib/company-config.js';
import { LOCAL_ACCOUNT, LOCAL_REGION } from './cdk-definitions.js';
import type { LocalSettings } from './settings.js';
import { LOCAL_TABLE, LOCAL_WHATSAPP_PHONE_NUMBER_ID } from './settings.js';

/** The names `npm start` gives what it provisions (local/runtime.ts), so a second process can find them. */
export const LOCAL_USER_POOL_NAME = 'baixa-local';
export const LOCAL_USER_POOL_CLIENT_NAME = 'baixa-local-spa';
export const LOCAL_DOCUMENTS_BUCKET = 'baixa-local-documents';
export const LOCAL_SENDER = 'nao-responda@baixa.local';
export const LOCAL_STATE_MACHINE_ARN = `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:baixa-local-payment`;

/**
 * What Lambda's runtime gives a local function besides its grants: region, credentials, and the SDK's standard endpoint
 * variables pointing at `npm start`'s emulators — for the runtime's own functions and for a script's alike.
 */
export function localFunctionRuntimeEnv(settings: LocalSettings): Record<string, string> {
  const at = (port: number) => `http://127.0.0.1:${port}`;
  return {
    AWS_REGION: LOCAL_REGION,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: at(settings.ports.dynamodb),
    AWS_ENDPOINT_URL_S3: at(settings.ports.s3),
    AWS_ENDPOINT_URL_SESV2: at(settings.ports.ses),
    AWS_ENDPOINT_URL_SFN: at(settings.ports.stepFunctions),
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: at(settings.ports.cognito),
    POWERTOOLS_DEV: 'true',
    // The same code as on AWS: metrics are written as EMF lines (printed here; CloudWatch reads them there), and X-Ray
    // has no daemon to send to, so tracing is a no-op (Powertools would also turn it off outside Lambda by itself).
    POWERTOOLS_METRICS_DISABLED: 'false',
    POWERTOOLS_TRACE_ENABLED: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
  };
}

export class LocalRuntimeNotRunningError extends Error {
  constructor(what: string) {
    super(`${what} does not answer: start the local runtime first (npm start), with the same PORT_OFFSET.`);
    this.name = 'LocalRuntimeNotRunningError';
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * For a process that runs a catalogue function against a running `npm start` (e.g. `npm run reconcile`): the grant
 * values and runtime environment the runtime itself gives its functions, with the user pool it provisioned found by
 * name. Fails with a clear message when the runtime is not up.
 */
export async function attachToLocalRuntime(
  settings: LocalSettings,
): Promise<{ values: GrantValues; runtimeEnv: Record<string, string> }> {
  const runtimeEnv = localFunctionRuntimeEnv(settings);
  const asaasUrl = `http://127.0.0.1:${settings.ports.asaas}`;
  if (!(await answers(`${asaasUrl}/__control/webhooks`)))
    throw new LocalRuntimeNotRunningError(`Asaas simulator (${asaasUrl})`);
  if (!(await answers(runtimeEnv.AWS_ENDPOINT_URL_DYNAMODB!))) {
    throw new LocalRuntimeNotRunningError(`DynamoDB Local (${runtimeEnv.AWS_ENDPOINT_URL_DYNAMODB})`);
  }
  const cognito = new CognitoIdentityProviderClient({
    endpoint: runtimeEnv.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let userPoolId: string | undefined;
  try {
    const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    // As provisionUserPool: the oldest pool of that name is the runtime's.
    userPoolId = UserPools.filter((pool) => pool.Name === LOCAL_USER_POOL_NAME).sort(
      (a, b) => (a.CreationDate?.getTime() ?? 0) - (b.CreationDate?.getTime() ?? 0),
    )[0]?.Id;
  } catch {
    throw new LocalRuntimeNotRunningError(`cognito-local (${runtimeEnv.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER})`);
  }
  if (!userPoolId) throw new LocalRuntimeNotRunningError(`The user pool ${LOCAL_USER_POOL_NAME}`);
  return {
    runtimeEnv,
    values: {
      tableName: LOCAL_TABLE,
      documentsBucket: LOCAL_DOCUMENTS_BUCKET,
      documentsPathStyle: true,
      stateMachineArn: LOCAL_STATE_MACHINE_ARN,
      emailFrom: LOCAL_SENDER,
      appUrl: `http://127.0.0.1:${settings.ports.app}`,
      asaasApiUrl: `${asaasUrl}/v3`,
      postalCodeApiUrl: `http://127.0.0.1:${settings.ports.postalCode}`,
      datajudApiUrl: `http://127.0.0.1:${settings.ports.datajud}`,
      whatsapp: {
        apiUrl: `http://127.0.0.1:${settings.ports.whatsapp}`,
        phoneNumberId: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      },
      userPoolId,
      // As the runtime gives its functions (local/runtime.ts): config/company/local.json, else the examples.
      company: JSON.stringify(loadCompanyIdentity('local').identity),
      secret: (name) => ({ value: settings.secrets[name] }),
    },
  };
}

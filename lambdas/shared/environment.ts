import * as z from 'zod';
import { createCognitoAdminDirectory, type AdminDirectory } from '../providers/admins.js';
import {
  createGoogleAdsConversions,
  createMetaConversions,
  googleOAuthSecretSchema,
  parseConversionActions,
  type ConversionsProvider,
} from '../providers/conversions.js';
import { createAsaasClient, type AsaasClient, type AsaasClientOptions } from '../providers/asaas.js';
import { createAsaasInvoices, type AsaasInvoices } from '../providers/asaas-invoices.js';
import {
  createS3DocumentEraser,
  createS3Documents,
  type DocumentEraser,
  type Documents,
} from '../providers/documents.js';
import { createSesEmailSender, type SendEmail } from '../providers/email.js';
import { createViaCepLookup, type PostalCodeLookup } from '../providers/postal-code.js';
import { createDataJud, type DataJud } from '../providers/datajud.js';
import { createWebSocketPush, type Push } from '../providers/push.js';
import { createWhatsApp, type WhatsApp } from '../providers/whatsapp.js';
import { createCognitoTokenVerifier, type TokenVerifier } from '../providers/tokens.js';
import { createCognitoUserAccounts, type UserAccounts } from '../providers/user-accounts.js';
import { createStepFunctionsWorkflow, type Workflow } from '../providers/workflow.js';
import { loadConfig, required } from './config.js';
import type { Db } from './data/table.js';
import { recordingSentEmails } from './sent-email-log.js';
import { logger } from './logger.js';
import { memoizedUntilFailure } from './memoized.js';
import { grantedSecret, lazySecret, readSecret, type SecretFetcher } from './secrets.js';

/**
 * Outside services built from the configuration a function's grants give it, one factory each, called at module
 * scope (once per cold start). A factory for something the function was not granted fails at once, naming the
 * missing variable — on this machine exactly as on AWS.
 */

/**
 * `email` grant: SES as the verified sender. A function that e-mails customers passes its table (`caseFile`), so each
 * message naming its customer is recorded in their case file (pattern 84).
 */
export function emailFromEnvironment(env: NodeJS.ProcessEnv = process.env, options: { caseFile?: Db } = {}): SendEmail {
  const config = loadConfig({ emailFrom: required, emailConfigurationSet: z.string().optional() }, env);
  const ses = createSesEmailSender({
    from: config.emailFrom,
    configurationSet: config.emailConfigurationSet,
  });
  return options.caseFile ? recordingSentEmails(ses, options.caseFile) : ses;
}

/** `workflow` grant: the charge → payment → filing state machine. */
export function workflowFromEnvironment(env: NodeJS.ProcessEnv = process.env): Workflow {
  const config = loadConfig({ stateMachineArn: required }, env);
  return createStepFunctionsWorkflow({ stateMachineArn: config.stateMachineArn });
}

/** `documents` grant: the private documents bucket. */
export function documentsFromEnvironment(env: NodeJS.ProcessEnv = process.env): Documents {
  const config = loadConfig({ documentsBucket: required, documentsPathStyle: z.enum(['true']).optional() }, env);
  return createS3Documents({
    bucket: config.documentsBucket,
    pathStyle: config.documentsPathStyle === 'true',
  });
}

/** `documents: 'erase'` grant: list and delete a client's objects (pattern 28). */
export function documentEraserFromEnvironment(env: NodeJS.ProcessEnv = process.env): DocumentEraser {
  const config = loadConfig({ documentsBucket: required, documentsPathStyle: z.enum(['true']).optional() }, env);
  return createS3DocumentEraser({
    bucket: config.documentsBucket,
    pathStyle: config.documentsPathStyle === 'true',
  });
}

/** `userPool: 'manage'` grant: a customer's sign-in account (group check, deletion). */
export function userAccountsFromEnvironment(env: NodeJS.ProcessEnv = process.env): UserAccounts {
  const config = loadConfig({ userPoolId: required }, env);
  return createCognitoUserAccounts({ userPoolId: config.userPoolId });
}

/**
 * `ownUserPool` grant (Cognito triggers): the pool that invoked the trigger, named by each event. A trigger cannot be
 * given its pool's id in configuration, as the pool is created after (and from) its triggers.
 */
export function userAccountsOfEventPool(): (userPoolId: string) => UserAccounts {
  // One account object (and one client, loaded at its first call) per pool: a trigger's container serves one pool.
  const byPool = new Map<string, UserAccounts>();
  return (userPoolId) => {
    let accounts = byPool.get(userPoolId);
    if (!accounts) byPool.set(userPoolId, (accounts = createCognitoUserAccounts({ userPoolId })));
    return accounts;
  };
}

/** `push` grant: the WebSocket API's management endpoint. */
export function pushFromEnvironment(env: NodeJS.ProcessEnv = process.env): Push {
  const config = loadConfig({ pushEndpoint: z.url() }, env);
  return createWebSocketPush({ endpoint: config.pushEndpoint });
}

/** `tokens` grant: the user pool's id tokens, verified like API Gateway's JWT authorizer does. */
export function tokenVerifierFromEnvironment(env: NodeJS.ProcessEnv = process.env): TokenVerifier {
  const config = loadConfig({ tokenIssuer: z.url(), tokenAudience: required }, env);
  return createCognitoTokenVerifier({
    issuer: config.tokenIssuer,
    audience: config.tokenAudience,
  });
}

/** `userPool` grant: the members of the `admin` group (who gets the back office's alerts). */
export function adminDirectoryFromEnvironment(env: NodeJS.ProcessEnv = process.env): AdminDirectory {
  const config = loadConfig({ userPoolId: required }, env);
  return createCognitoAdminDirectory({ userPoolId: config.userPoolId });
}

/** `postalCode` grant: ViaCEP (or the local stand-in). */
export function postalCodeFromEnvironment(env: NodeJS.ProcessEnv = process.env): PostalCodeLookup {
  const config = loadConfig({ postalCodeApiUrl: z.url() }, env);
  return createViaCepLookup({ baseUrl: config.postalCodeApiUrl });
}

/** `datajud` grant: the CNJ's DataJud public API with its key, read on the first call and kept (as Asaas's). */
export function datajudFromEnvironment(env: NodeJS.ProcessEnv = process.env, fetchSecret?: SecretFetcher): DataJud {
  const config = loadConfig({ datajudApiUrl: z.url() }, env);
  return createDataJud({ baseUrl: config.datajudApiUrl, apiKey: grantedSecret('datajudApiKey', { env, fetchSecret }) });
}

/**
 * `asaas` grant: the Asaas API with its key, read on the first call and kept (Secrets Manager on AWS, inline locally):
 * no top-level await, so a transient Secrets Manager error costs one request, never the container's cold start.
 */
export function asaasFromEnvironment(
  options: {
    env?: NodeJS.ProcessEnv;
    fetchSecret?: SecretFetcher;
  } & /** A caller's own patience (timeout, retries); the client's defaults otherwise. */ Pick<
    AsaasClientOptions,
    'retry' | 'timeoutMs'
  > = {},
): AsaasClient {
  const { env = process.env, fetchSecret, ...patience } = options;
  const config = loadConfig({ asaasApiUrl: z.url() }, env);
  const apiKey = grantedSecret('asaasApiKey', { env, fetchSecret });
  return createAsaasClient({ ...patience, baseUrl: config.asaasApiUrl, apiKey });
}

/** `asaas` grant: Asaas's notas fiscais (`/v3/invoices`), with the same base URL and key as its payments. */
export function asaasInvoicesFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  fetchSecret?: SecretFetcher,
): AsaasInvoices {
  const config = loadConfig({ asaasApiUrl: z.url() }, env);
  return createAsaasInvoices({
    baseUrl: config.asaasApiUrl,
    apiKey: grantedSecret('asaasApiKey', { env, fetchSecret }),
  });
}

/**
 * `conversions` grant: Meta's Conversions API and Google Ads. Secrets are read when the first event goes out (and read
 * again after a failure), never at cold start: tracking must not break a function that also does real work
 * (ConfirmPayment). A platform without its account id is a no-op.
 */
export function conversionsFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  fetchSecret?: SecretFetcher,
): ConversionsProvider[] {
  const optional = z.string().min(1).optional();
  const config = loadConfig(
    {
      metaConversionsApiUrl: z.url(),
      metaPixelId: optional,
      googleAdsApiUrl: z.url(),
      googleOAuthTokenUrl: z.url(),
      googleAdsCustomerId: optional,
      googleAdsConversionActions: optional,
    },
    env,
  );
  const log = (message: string) => logger.info(message);
  return [
    createMetaConversions({
      apiUrl: config.metaConversionsApiUrl,
      pixelId: config.metaPixelId,
      accessToken: lazySecret('metaConversionsToken', { env, fetchSecret }),
      log,
    }),
    createGoogleAdsConversions({
      apiUrl: config.googleAdsApiUrl,
      oauthTokenUrl: config.googleOAuthTokenUrl,
      customerId: config.googleAdsCustomerId,
      conversionActions: parseConversionActions(config.googleAdsConversionActions),
      developerToken: lazySecret('googleAdsDeveloperToken', { env, fetchSecret }),
      oauth: memoizedUntilFailure(async () =>
        googleOAuthSecretSchema.parse(JSON.parse(await readSecret('googleAdsOAuth', { env, fetchSecret }))),
      ),
      log,
    }),
  ];
}

/**
 * `whatsapp` grant: Meta's Cloud API with the access token, read on the first message. Null on a stage without a
 * phone-number id: nothing is sent by WhatsApp there (the e-mails go as always).
 */
export function whatsAppFromEnvironment(
  env: NodeJS.ProcessEnv = process.env,
  fetchSecret?: SecretFetcher,
): WhatsApp | null {
  const config = loadConfig({ whatsappApiUrl: z.url(), whatsappPhoneNumberId: z.string().min(1).optional() }, env);
  if (!config.whatsappPhoneNumberId) return null;
  return createWhatsApp({
    baseUrl: config.whatsappApiUrl,
    phoneNumberId: config.whatsappPhoneNumberId,
    accessToken: grantedSecret('whatsappAccessToken', { env, fetchSecret }),
  });
}

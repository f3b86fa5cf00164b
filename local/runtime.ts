import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { API_BASE_PATH, API_STAGE } from '../domain/api/route.js';
import type { RuntimeConfig } from '../domain/schemas/runtime-config.js';
import {
  ALL_FUNCTIONS,
  API_ROUTES,
  AUTH_TRIGGERS,
  LIVE_FUNCTIONS,
  WORKFLOW_TASKS,
  type AuthTriggerName,
  type WorkflowTaskName,
} from '../lambdas/functions.js';
import { LIVE_STAGE } from '../lib/constructs/live.js';
import type { GrantValues } from '../lambdas/grants.js';
import {
  localFunctionRuntimeEnv,
  LOCAL_DOCUMENTS_BUCKET,
  LOCAL_SENDER,
  LOCAL_STATE_MACHINE_ARN,
  LOCAL_USER_POOL_CLIENT_NAME,
  LOCAL_USER_POOL_NAME,
} from './attach.js';
import { LOCAL_REGION, synthesizeLocalDefinitions } from './cdk-definitions.js';
import { provisionUserPool } from './cognito/provision-user-pool.js';
import { startCognitoLocal } from './cognito/start-cognito-local.js';
import type { CognitoTriggers } from './cognito/triggers.js';
import { assertJava, assertPortsFree } from './preflight.js';
import { ensureTable, startDynamoDbLocal } from './services/dynamodb.js';
import { localDeadLetterQueue } from './services/dead-letters.js';
import { ensureTableStream, startStreamPoller } from './services/dynamodb-streams.js';
import { startFunctionHost, type FunctionHost } from './functions/function-host.js';
import { startGateway } from './services/gateway.js';
import { startAsaasSimulator } from './services/asaas-simulator.js';
import { conversionsSettingsFor, startConversionsRecorder } from './services/conversions-recorder.js';
import { startLocalPostalCode } from './services/postal-code.js';
import { startDataJudStandIn } from './services/datajud.js';
import { startWhatsAppStandIn } from './services/whatsapp.js';
import { startLocalS3 } from './services/s3.js';
import { startLocalSes } from './services/ses.js';
import { startSiteServer } from './services/site.js';
import { startWebServer } from './services/web.js';
import { startWebSocketGateway } from './services/websocket-gateway.js';
import { LOCAL_TABLE, LOCAL_WHATSAPP_PHONE_NUMBER_ID, type LocalSettings } from './settings.js';
import { loadCompanyIdentity } from '../lib/company-config.js';
import { startLocalStepFunctions } from './workflow/step-functions.js';

export { LOCAL_TABLE };
export { LOCAL_DOCUMENTS_BUCKET, LOCAL_SENDER };
/** How long after the app's pages are warm the functions' cold starts begin (see startLocalRuntime). */
const FUNCTION_WARM_DELAY_MS = 30_000;
const STATE_MACHINE_ARN = LOCAL_STATE_MACHINE_ARN;

export type LocalRuntime = {
  appUrl: string;
  /** The API as the SPA reaches it: the app's own origin + /api, through the local edge. */
  apiUrl: string;
  /** The local API Gateway itself, which refuses requests that bypass the edge (no origin header). */
  gatewayUrl: string;
  liveUrl: string;
  /** The Asaas sandbox simulator: its page lists charges with 'Pagar'; its API is `<asaasUrl>/v3`. */
  asaasUrl: string;
  asaasWebhookToken: string;
  /** The DataJud stand-in: its page adds court movements to a case; its API is `<datajudUrl>/api_publica_<tribunal>`. */
  datajudUrl: string;
  /** The WhatsApp Cloud API stand-in: its page is the inbox of every WhatsApp sent, where a tester replies. */
  whatsappUrl: string;
  /** The ad platforms' stand-in: what the conversions would have sent, at `<url>/__recorded`. */
  conversionsUrl: string;
  inboxUrl: string;
  sesUrl: string;
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  adminEmail: string;
  adminPassword: string;
  /** With the `meter` option: what each function used, and the workflow's state transitions (`npm run cost`). */
  usage(): { functions: ReturnType<FunctionHost['usage']>; stateTransitions: number };
  /** The CPU seconds DynamoDB Local's Java process has used so far, null where unreadable (`npm run bench:load`). */
  dynamoDbCpuSeconds(): number | null;
  /** With the `durations` option: each invocation's handler time of one function (`npm run bench`). */
  durations: FunctionHost['durations'];
  stop(): Promise<void>;
};

export type LocalRuntimeOptions = {
  /**
   * Serve the SPA: Vite's dev server, which is also the local edge in front of the API (`appUrl`, `apiUrl`). Default
   * true. Without it only the gateway (`gatewayUrl`) answers the API, to callers that add the edge's headers themselves
   * (local/services/edge.ts), and no Vite cache is shared with another `npm start` or e2e run.
   */
  app?: boolean;
  /** Cold-start every function in the background once everything runs, before a person's first click. Default true. */
  warm?: boolean;
  /** Measure each function's invocations, durations and DynamoDB units for the cost model. Default false. */
  meter?: boolean;
  /** Keep each invocation's handler time, as Lambda reports its Duration (`npm run bench`). Default false. */
  durations?: boolean;
};

/** A catalogue function as a plain async function of its event, run in its own local container. */
function invoker<E, R = E>(host: FunctionHost, name: string, fn: { entry: string; grants: object }) {
  return (event: E) => host.invoke({ name, ...fn }, event) as Promise<R>;
}

/**
 * Brings the whole product up on this machine: real emulators for every AWS service, wired by
 * configuration to the very same handler modules that CDK deploys. Every started piece is stopped
 * by `stop()`, in reverse order, whatever failed half-way.
 */
export async function startLocalRuntime(
  settings: LocalSettings,
  log: (line: string) => void = console.log,
  /** Ctrl-C during start-up: what already runs is stopped and the start rejects with the abort reason. */
  signal?: AbortSignal,
  { app: serveApp = true, warm = true, meter = false, durations = false }: LocalRuntimeOptions = {},
): Promise<LocalRuntime> {
  assertJava();
  await assertPortsFree(settings.ports, settings.host);
  mkdirSync(settings.dataDir, { recursive: true });

  const stoppers: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stoppers.reverse()) {
      try {
        await stopOne();
      } catch (error) {
        log(`while stopping: ${(error as Error).message}`);
      }
    }
    stoppers.length = 0;
  };
  const started = (stopOne: () => Promise<void>) => {
    stoppers.push(stopOne);
    signal?.throwIfAborted();
  };

  try {
    const { ports } = settings;
    const appUrl = `http://127.0.0.1:${ports.app}`;
    const apiUrl = `${appUrl}${API_BASE_PATH}`;

    const definitions = synthesizeLocalDefinitions(LOCAL_TABLE);
    // config/company/local.json when someone writes one, else the examples (domain/company.ts): the functions, the
    // SPA and the simulator's PIX codes all name the same company.
    const company = loadCompanyIdentity('local').identity;

    const dynamodb = await startDynamoDbLocal({ port: ports.dynamodb, dataDir: join(settings.dataDir, 'dynamodb') });
    started(dynamodb.stop);
    await ensureTable(dynamodb.endpoint, definitions.table, definitions.ttlAttribute);
    // A table kept from before the live channel existed gets its stream now.
    await ensureTableStream(dynamodb.endpoint, LOCAL_TABLE);

    const s3 = await startLocalS3({
      port: ports.s3,
      dataDir: join(settings.dataDir, 's3'),
      buckets: [LOCAL_DOCUMENTS_BUCKET],
      corsOrigins: [appUrl],
    });
    started(s3.stop);
    const ses = await startLocalSes({ port: ports.ses });
    started(ses.stop);

    const postalCode = await startLocalPostalCode({ port: ports.postalCode });
    started(postalCode.stop);

    // The CNJ's DataJud public API: court movements, added by hand on its page (kept in the data folder).
    const datajud = await startDataJudStandIn({
      port: ports.datajud,
      apiKey: settings.secrets.datajudApiKey,
      dataFile: join(settings.dataDir, 'datajud', 'cases.json'),
      log,
    });
    started(datajud.stop);

    // Asaas's sandbox, delivering its webhooks through the local edge as Asaas does through CloudFront.
    const asaas = await startAsaasSimulator({
      port: ports.asaas,
      apiKey: settings.secrets.asaasApiKey,
      webhook: { url: `${apiUrl}/webhooks/asaas`, token: settings.secrets.asaasWebhookToken },
      accountHolderName: company.pixPayeeName,
      log,
    });
    started(asaas.stop);

    // Meta's Conversions API and Google Ads: a recorder that checks their credentials and keeps what it receives.
    const conversions = await startConversionsRecorder({
      port: ports.conversions,
      metaAccessToken: settings.secrets.metaConversionsToken,
      googleDeveloperToken: settings.secrets.googleAdsDeveloperToken,
      googleOAuth: settings.secrets.googleAdsOAuth,
      log,
    });
    started(conversions.stop);

    // Meta's WhatsApp Cloud API: an inbox of every message, whose statuses and replies come back as signed webhooks
    // through the local edge, as Meta's do through CloudFront.
    const whatsapp = await startWhatsAppStandIn({
      port: ports.whatsapp,
      accessToken: settings.secrets.whatsappAccessToken,
      appSecret: settings.secrets.whatsappAppSecret,
      phoneNumberId: LOCAL_WHATSAPP_PHONE_NUMBER_ID,
      webhookUrl: `${apiUrl}/webhooks/whatsapp`,
      autoDeliver: true,
      log,
    });
    started(whatsapp.stop);

    // Functions read only configuration, and only what their grants give them: the same grants → environment
    // mapping as CDK's, with the emulators' names and endpoints as values (lambdas/grants.ts).
    // The user pool's issuer and the live channel's endpoint exist only once those emulators run (below); a container
    // reads its values at its cold start, after they are filled in.
    const values: { -readonly [K in keyof GrantValues]: GrantValues[K] } = {
      tableName: LOCAL_TABLE,
      documentsBucket: LOCAL_DOCUMENTS_BUCKET,
      documentsPathStyle: true,
      stateMachineArn: STATE_MACHINE_ARN,
      emailFrom: LOCAL_SENDER,
      appUrl,
      company: JSON.stringify(company),
      postalCodeApiUrl: postalCode.url,
      datajudApiUrl: datajud.url,
      whatsapp: { apiUrl: whatsapp.url, phoneNumberId: LOCAL_WHATSAPP_PHONE_NUMBER_ID },
      asaasApiUrl: asaas.apiUrl,
      conversions: conversionsSettingsFor(conversions.url, {
        metaPixelId: settings.marketing.serverPixelId,
        googleAdsCustomerId: settings.marketing.googleAdsCustomerId,
        googleAdsConversionActions: settings.marketing.googleAdsConversionActions,
      }),
      secret: (name) => ({ value: settings.secrets[name] }),
    };
    const host = startFunctionHost({
      stage: 'local',
      values,
      // What Lambda's runtime provides on AWS, plus the SDK's standard endpoint variables pointing at the emulators.
      runtimeEnv: localFunctionRuntimeEnv(settings),
      log,
      meter,
      durations,
    });
    started(host.stop);

    const stepFunctions = await startLocalStepFunctions({
      port: ports.stepFunctions,
      stateMachineArn: STATE_MACHINE_ARN,
      definition: definitions.stateMachine,
      tasks: Object.fromEntries(
        (Object.keys(WORKFLOW_TASKS) as WorkflowTaskName[]).map((name) => [
          name,
          invoker<unknown>(host, name, WORKFLOW_TASKS[name]),
        ]),
      ),
      log,
    });
    started(stepFunctions.stop);

    // Cognito e-mails go through SES, as on AWS (UserPoolEmail.withSES), so the inbox shows them.
    const sesClient = new SESv2Client({
      endpoint: ses.endpoint,
      region: LOCAL_REGION,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const cognito = await startCognitoLocal({
      port: ports.cognito,
      dataDir: join(settings.dataDir, 'cognito'),
      triggers: Object.fromEntries(
        (Object.keys(AUTH_TRIGGERS) as AuthTriggerName[]).map((name) => [
          name,
          invoker(host, name, AUTH_TRIGGERS[name]),
        ]),
      ) as CognitoTriggers,
      deliverEmail: async (email) => {
        await sesClient.send(
          new SendEmailCommand({
            FromEmailAddress: LOCAL_SENDER,
            Destination: { ToAddresses: [email.to] },
            Content: {
              Simple: {
                Subject: { Data: email.subject, Charset: 'UTF-8' },
                Body: { Html: { Data: email.html, Charset: 'UTF-8' } },
              },
            },
          }),
        );
      },
    });
    started(cognito.stop);
    const pool = await provisionUserPool(cognito.endpoint, {
      poolName: LOCAL_USER_POOL_NAME,
      clientName: LOCAL_USER_POOL_CLIENT_NAME,
      adminEmail: settings.adminEmail,
      adminPassword: settings.adminPassword,
    });

    values.userPoolId = pool.userPoolId;
    values.tokenIssuer = pool.issuer;
    values.tokenAudience = pool.userPoolClientId;

    const live = await startWebSocketGateway({
      port: ports.live,
      stage: LIVE_STAGE,
      invoke: (route, event) => {
        const name = route === '$connect' ? 'connectLive' : 'disconnectLive';
        return host.invoke({ name, ...LIVE_FUNCTIONS[name] }, event);
      },
      log: process.env.LOG_LEVEL === 'DEBUG' ? log : undefined,
    });
    started(live.stop);
    values.pushEndpoint = live.managementEndpoint;

    // Lambda's event source mapping on the table's stream, with the same consumer and its dead-letter queue.
    const deadLetters = localDeadLetterQueue(join(settings.dataDir, 'dead-letters', 'publish-changes.jsonl'), log);
    const streamPoller = await startStreamPoller({
      endpoint: dynamodb.endpoint,
      tableName: LOCAL_TABLE,
      consume: (event) =>
        host.invoke(
          { name: 'publishChanges', ...LIVE_FUNCTIONS.publishChanges },
          event,
        ) as Promise<DynamoDBBatchResponse | void>,
      onFailure: deadLetters.send,
      log,
    });
    started(streamPoller.stop);

    const gateway = await startGateway({
      port: ports.api,
      stage: API_STAGE,
      routes: API_ROUTES,
      invoke: (route, event, requestId) =>
        host.invoke({ name: route.contract.id, entry: route.entry, grants: route.grants }, event, { requestId }),
      authorizer: {
        issuer: pool.issuer,
        jwksUri: `${pool.issuer}/.well-known/jwks.json`,
        audience: pool.userPoolClientId,
      },
      log: process.env.LOG_LEVEL === 'DEBUG' ? log : undefined,
    });
    started(gateway.stop);

    let appWarmed: Promise<void> = Promise.resolve();
    if (serveApp) {
      const runtimeConfig = {
        stage: 'local',
        apiUrl,
        liveUrl: live.url,
        region: LOCAL_REGION,
        userPoolId: pool.userPoolId,
        userPoolClientId: pool.userPoolClientId,
        userPoolEndpoint: cognito.endpoint,
        passwordAuthFlow: 'USER_PASSWORD_AUTH',
        inboxUrl: ses.inboxUrl,
        paymentSimulatorUrl: asaas.url,
        ...(settings.marketing.metaPixelId ? { metaPixelId: settings.marketing.metaPixelId } : {}),
      } satisfies RuntimeConfig;
      const edge = {
        port: ports.app,
        apiOrigin: `http://127.0.0.1:${ports.api}`,
        viewer: settings.viewer,
        originSecret: settings.secrets.originVerify,
        runtimeConfig,
      };
      // A production build when one is named (the browser tests), else Vite's dev server with hot reload.
      if (settings.siteDir) {
        const site = await startSiteServer({ ...edge, siteDir: settings.siteDir, uploadsOrigin: s3.endpoint });
        started(site.stop);
      } else {
        const dev = await startWebServer({ ...edge, company, cacheDir: settings.viteCacheDir });
        started(dev.stop);
        appWarmed = dev.app.then(() => undefined);
      }
    }

    // Cold starts happen before a person's first click, but after the app's pages are warm and the first visit has had
    // the machine to itself (each cold start compiles a handler's modules: on 2 cores that doubles the first page).
    if (warm) {
      const afterFirstVisit = appWarmed
        .catch(() => undefined)
        .then(() => new Promise((resolve) => setTimeout(resolve, FUNCTION_WARM_DELAY_MS).unref()));
      void afterFirstVisit.then(() => host.warm(ALL_FUNCTIONS));
    }

    return {
      appUrl,
      apiUrl,
      gatewayUrl: gateway.url,
      liveUrl: live.url,
      asaasUrl: asaas.url,
      asaasWebhookToken: settings.secrets.asaasWebhookToken,
      datajudUrl: datajud.url,
      whatsappUrl: whatsapp.url,
      conversionsUrl: conversions.url,
      inboxUrl: ses.inboxUrl,
      sesUrl: ses.endpoint,
      cognitoEndpoint: cognito.endpoint,
      userPoolId: pool.userPoolId,
      userPoolClientId: pool.userPoolClientId,
      adminEmail: settings.adminEmail,
      adminPassword: settings.adminPassword,
      usage: () => ({ functions: host.usage(), stateTransitions: stepFunctions.transitions() }),
      durations: (functionName) => host.durations(functionName),
      dynamoDbCpuSeconds: () => dynamodb.cpuSeconds(),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { signContractRoute } from '../../domain/api/contracts.js';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { lookupProcessRoute } from '../../domain/api/lookup.js';
import { CONTRACT_MESSAGES } from '../../domain/messages.js';
import { createChargeRoute } from '../../domain/api/payments.js';
import { createProfileRoute } from '../../domain/api/profile.js';
import { keys } from '../../lambdas/shared/data/keys.js';
import { LOCAL_REGION } from '../../local/cdk-definitions.js';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_TABLE, startLocalRuntime } from '../../local/runtime.js';
import { edgeHeaders } from '../../local/services/edge.js';
import { localSettings } from '../../local/settings.js';
import type { JourneyCounts } from './model.js';

/** One customer's journey through the local runtime, metered. */
export async function measureJourney(portOffset: number): Promise<JourneyCounts> {
  const dataDir = mkdtempSync(join(tmpdir(), 'baixa-cost-'));
  const settings = localSettings({
    ...process.env,
    PORT_OFFSET: String(portOffset),
    BAIXA_DATA_DIR: dataDir,
    LOG_LEVEL: 'ERROR',
  });
  const runtime = await startLocalRuntime(settings, () => {}, undefined, { app: false, warm: false, meter: true });
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const journey: string[] = [];
  let httpApiRequests = 0;
  try {
    const edge = edgeHeaders({ remoteAddress: '127.0.0.1' }, settings.viewer, settings.secrets.originVerify);
    let idToken = '';
    const call = async (method: string, path: string, body?: unknown, extra: Record<string, string> = {}) => {
      httpApiRequests++;
      const response = await fetch(`${runtime.gatewayUrl}${path}`, {
        method,
        headers: {
          ...edge,
          ...(idToken ? { authorization: `Bearer ${idToken}` } : {}),
          'content-type': 'application/json',
          ...extra,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
      return response.json() as Promise<Record<string, unknown>>;
    };
    const sesStore = async () =>
      (
        (await (await fetch(`${runtime.sesUrl}/store`)).json()) as {
          emails: { subject?: string; body?: { html?: string } }[];
        }
      ).emails;

    // Sign-up through cognito-local with its triggers, confirmed by the code Cognito e-mails.
    const cognito = new CognitoIdentityProviderClient({
      region: LOCAL_REGION,
      endpoint: runtime.cognitoEndpoint,
      credentials,
    });
    const email = `custo.${ulid().toLowerCase()}@example.com`;
    const password = 'segredo123';
    await cognito.send(
      new SignUpCommand({
        ClientId: runtime.userPoolClientId,
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const codeMail = (await sesStore()).find((mail) => /\b\d{6}\b/.test(mail.body?.html ?? ''));
    const code = /\b(\d{6})\b/.exec(codeMail?.body?.html ?? '')?.[1];
    if (!code) throw new Error('No confirmation code e-mailed');
    await cognito.send(
      new ConfirmSignUpCommand({ ClientId: runtime.userPoolClientId, Username: email, ConfirmationCode: code }),
    );
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: runtime.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    cognito.destroy();
    idToken = auth.AuthenticationResult!.IdToken!;
    const userId = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub as string;
    journey.push('sign-up, confirmation code, sign-in');

    // The live channel, open for the whole journey as a dashboard tab would be.
    let webSocketMessages = 0;
    const socket = new WebSocket(`${runtime.liveUrl}?token=${idToken}`);
    socket.on('message', () => webSocketMessages++);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    await call(getDashboardRoute.method, getDashboardRoute.path);
    const created = await call(createProfileRoute.method, createProfileRoute.path, {
      tipo_documento: 'cpf',
      cpf: generateCpf(),
      nome_completo: 'Cliente do Modelo de Custo',
      whatsapp: '(35) 99876-5432',
      cep: '37470-000',
      endereco: 'Rua Dr. Olavo Gomes Pinto',
      numero: '120',
      bairro: 'Centro',
      cidade: 'São Lourenço',
      estado: 'MG',
    });
    const contractId = (created.contract as { id: string }).id;
    journey.push('profile');
    await call(signContractRoute.method, signContractRoute.path.replace('{contractId}', contractId), {
      aceite: CONTRACT_MESSAGES.consentLabel,
    });
    journey.push('contract signed');
    // Asaas's delivery is held and handed to the API here: no SPA server (the local edge) runs in this measurement.
    await fetch(`${runtime.asaasUrl}/__control/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ holdNext: 10 }),
    });
    let charge: { asaas_id?: string } | null = null;
    for (let attempt = 0; attempt < 20 && !charge; attempt++) {
      const answer = await call(createChargeRoute.method, createChargeRoute.path.replace('{contractId}', contractId));
      charge = answer.charge as { asaas_id?: string } | null;
      if (!charge) await sleep(500);
    }
    journey.push("'Gerar PIX'");
    const payments = (await (await fetch(`${runtime.asaasUrl}/__control/payments`)).json()) as { id: string }[];
    const paymentId = payments.at(-1)!.id;
    await fetch(`${runtime.asaasUrl}/__control/payments/${paymentId}/pay`, { method: 'POST' });
    const events = (await (await fetch(`${runtime.asaasUrl}/__control/events`)).json()) as {
      payment?: { id: string };
    }[];
    for (const event of events.filter((e) => e.payment?.id === paymentId)) {
      await call('POST', '/webhooks/asaas', event, { 'asaas-access-token': runtime.asaasWebhookToken });
    }
    journey.push('paid by PIX, webhook delivered');
    // The workflow confirms the payment and the stream consumer tells the customer: let both finish.
    await sleep(8000);
    for (let visit = 0; visit < 10; visit++) await call(getDashboardRoute.method, getDashboardRoute.path);
    journey.push('10 dashboard visits');
    for (let lookup = 0; lookup < 2; lookup++) {
      await call(lookupProcessRoute.method, lookupProcessRoute.path, { consulta: generateCpf() });
    }
    journey.push('2 public lookups');
    await sleep(2000);
    socket.close();

    const emails = (await sesStore()).length;
    const s3 = new S3Client({
      region: LOCAL_REGION,
      endpoint: `http://127.0.0.1:${settings.ports.s3}`,
      forcePathStyle: true,
      credentials,
    });
    const objects = (await s3.send(new ListObjectsV2Command({ Bucket: LOCAL_DOCUMENTS_BUCKET }))).Contents ?? [];
    s3.destroy();
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({
        region: LOCAL_REGION,
        endpoint: `http://127.0.0.1:${settings.ports.dynamodb}`,
        credentials,
      }),
    );
    const { Items = [] } = await db.send(
      new QueryCommand({
        TableName: LOCAL_TABLE,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.customer(userId) },
      }),
    );
    db.destroy();
    const usage = runtime.usage();
    return {
      measuredAt: new Date().toISOString().slice(0, 10),
      journey,
      functions: usage.functions,
      httpApiRequests,
      stateTransitions: usage.stateTransitions,
      emails,
      s3Objects: objects.length,
      s3Bytes: objects.reduce((sum, object) => sum + (object.Size ?? 0), 0),
      webSocketMessages,
      tableBytes: Items.reduce((sum, item) => sum + Buffer.byteLength(JSON.stringify(item)) + 100, 0),
    };
  } finally {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

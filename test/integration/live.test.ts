import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import WebSocket from 'ws';
import { formatDateTime } from '../../domain/dates.js';
import { changeOf } from '../../lambdas/live/changes.js';
import { connectHandler, disconnectHandler, type WebSocketEvent } from '../../lambdas/live/connection-service.js';
import { publishChanges, type PublishDeps } from '../../lambdas/live/publish-changes-service.js';
import { createSesEmailSender } from '../../lambdas/providers/email.js';
import { createWebSocketPush } from '../../lambdas/providers/push.js';
import { createCognitoTokenVerifier } from '../../lambdas/providers/tokens.js';
import { systemClock } from '../../lambdas/shared/clock.js';
import { raiseAdminAlert } from '../../lambdas/shared/data/admin-alerts.js';
import { saveChargeTaskToken } from '../../lambdas/shared/data/charges.js';
import { recordChargeStatus } from '../../lambdas/shared/data/charge-moves.js';
import { connectionsOf, saveConnection } from '../../lambdas/shared/data/connections.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { changeProcessStatus } from '../../lambdas/shared/data/processes.js';
import { startStreamPoller, type StreamPoller } from '../../local/services/dynamodb-streams.js';
import { startWebSocketGateway } from '../../local/services/websocket-gateway.js';
import { testDb } from './db.js';
import { INTEGRATION_SENDER } from './global-setup.js';
import { emailsTo } from './mail.js';
import { seedCustomer, seedPendingCharge } from './seed.js';

const db = testDb();
const alertedAdmin = `alertas.${ulid().toLowerCase()}@baixa.test`;
const ISSUER = 'http://127.0.0.1:9/local_pool';
const CLIENT_ID = 'spa-client';

/**
 * The live channel end to end on this machine: DynamoDB Local's stream → the consumer → the WebSocket stand-in →
 * a real socket, with the same handlers Lambda runs; and the status-update e-mail exactly once per change.
 */
describe('live channel', () => {
  let gateway: Awaited<ReturnType<typeof startWebSocketGateway>>;
  let poller: StreamPoller;
  let signToken: (sub: string, overrides?: Record<string, unknown>) => Promise<string>;
  let deps: PublishDeps;
  /** Every record the stream delivered, and the consumer's answers. */
  const delivered: DynamoDBRecord[] = [];
  let failNextEmails = 0;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwks = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256' }] });
    signToken = (sub, overrides = {}) =>
      new SignJWT({ token_use: 'id', email: `${sub}@example.com`, ...overrides })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience((overrides.aud as string | undefined) ?? CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    const live = {
      db,
      clock: systemClock,
      verifyToken: createCognitoTokenVerifier({ issuer: ISSUER, audience: CLIENT_ID, keys: jwks }),
    };
    const connect = connectHandler(live);
    const disconnect = disconnectHandler(live);
    gateway = await startWebSocketGateway({
      port: 0,
      stage: 'live',
      invoke: (route, event) => (route === '$connect' ? connect(event) : disconnect(event)),
    });
    const sendEmail = createSesEmailSender({ from: INTEGRATION_SENDER });
    deps = {
      db,
      clock: systemClock,
      push: createWebSocketPush({ endpoint: gateway.managementEndpoint }),
      sendEmail: async (to, email) => {
        if (failNextEmails > 0) {
          failNextEmails -= 1;
          throw new Error('SES throttled');
        }
        await sendEmail(to, email);
      },
      admins: { adminEmails: async () => [alertedAdmin] },
      appUrl: 'http://127.0.0.1:5173',
    };
    poller = await startStreamPoller({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
      tableName: db.tableName,
      pollIntervalMs: 50,
      consume: async (event): Promise<DynamoDBBatchResponse> => {
        delivered.push(...event.Records);
        return publishChanges(deps, event.Records);
      },
    });
  });
  afterAll(async () => {
    await poller?.stop();
    await gateway?.stop();
  });

  /** A browser tab: a socket opened with the customer's id token, collecting what it is told. */
  async function openTab(userId: string) {
    const socket = new WebSocket(`${gateway.url}?token=${await signToken(userId)}`);
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data)) as Record<string, unknown>));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    });
    return { socket, messages };
  }

  it("pushes an admin's status change to the customer's open tab and e-mails it once, even when redelivered", async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const tab = await openTab(userId);
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'peticionado',
      byUser: 'admin-1',
      obs: 'Petição protocolada no fórum de São Lourenço.',
      now: new Date().toISOString(),
    });
    await expect
      .poll(() => tab.messages, { timeout: 5000 })
      .toEqual([{ type: 'process-status', contractId: contract.id, from: 'cadastro', to: 'peticionado', self: false }]);
    await expect.poll(async () => (await emailsTo(profile.email)).length, { timeout: 5000 }).toBe(1);
    const [email] = await emailsTo(profile.email);
    expect(email?.subject).toBe(`Atualização do processo ${contract.protocolo}: Peticionado`);
    // In the customer's words first, then the spec's previous and new status names.
    expect(email?.body?.html).toContain('O seu pedido foi protocolado na Justiça pelo nosso advogado.');
    expect(email?.body?.html).toContain('Etapa anterior: Cadastro · Etapa atual: <strong>Peticionado</strong>');
    expect(email?.body?.html).toContain('Petição protocolada no fórum de São Lourenço.');

    // Lambda delivers at least once: the same record again changes nothing for the inbox.
    const record = delivered.find((r) => r.dynamodb?.NewImage?.pk?.S === keys.customer(userId));
    expect(await publishChanges(deps, [record!])).toEqual({ batchItemFailures: [] });
    expect(await emailsTo(profile.email)).toHaveLength(1);
    tab.socket.close();
  });

  it('pushes a new charge and its payment to the open tab, without e-mail; a task token saved is not news', async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const tab = await openTab(userId);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
    const ref = { userId, contractId: contract.id, chargeId: charge.id };
    await saveChargeTaskToken(db, ref, 'task-token');
    await recordChargeStatus(db, ref, 'PENDING', 'RECEIVED', new Date().toISOString());
    const expected = { type: 'charge-status', contractId: contract.id, chargeId: charge.id };
    await expect
      .poll(() => tab.messages, { timeout: 5000 })
      .toEqual([
        { ...expected, status: 'PENDING' },
        { ...expected, status: 'RECEIVED' },
      ]);
    expect(await emailsTo(profile.email)).toEqual([]);
    tab.socket.close();
  });

  it("e-mails a payment's move to 'Pago' as a receipt: amount, date and time, method and protocol", async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id });
    const paidAt = new Date();
    await recordChargeStatus(
      db,
      { userId, contractId: contract.id, chargeId: charge.id },
      'PENDING',
      'RECEIVED',
      paidAt.toISOString(),
    );
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'pago',
      byUser: 'sistema',
      now: new Date().toISOString(),
    });
    await expect.poll(async () => (await emailsTo(profile.email)).length, { timeout: 5000 }).toBe(1);
    const [email] = await emailsTo(profile.email);
    expect(email?.subject).toBe(`Atualização do processo ${contract.protocolo}: Pago`);
    expect(email?.body?.text).toContain(
      `Recibo\n\nValor: R$ 399,00\n\nData e hora: ${formatDateTime(paidAt.toISOString())} (horário de Brasília)\n\nForma de pagamento: PIX\n\nProtocolo: ${contract.protocolo}`,
    );
  });

  it("pushes the customer's own step (self) without a status-update e-mail", async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    const tab = await openTab(userId);
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'contrato_assinado',
      byUser: userId,
      now: new Date().toISOString(),
    });
    await expect
      .poll(() => tab.messages, { timeout: 5000 })
      .toEqual([
        { type: 'process-status', contractId: contract.id, from: 'cadastro', to: 'contrato_assinado', self: true },
      ]);
    expect(await emailsTo(profile.email)).toEqual([]);
    tab.socket.close();
  });

  it('e-mails an admin alert to the admins once, however often it is raised or its record delivered', async () => {
    const alert = {
      id: `teste#${ulid()}`,
      userId: null,
      subject: 'Estorno em processo já peticionado — 20261124-0001',
      paragraphs: ['O pagamento do processo foi estornado depois da petição.'],
      actionPath: '/admin/processos',
      actionLabel: 'Abrir Processos',
    };
    const now = new Date().toISOString();
    expect(await raiseAdminAlert(db, alert, now)).toBe('raised');
    expect(await raiseAdminAlert(db, { ...alert, subject: 'outro' }, now)).toBe('already-raised');
    const ofAlert = async () => (await emailsTo(alertedAdmin)).filter((mail) => mail.subject === alert.subject);
    await expect.poll(async () => (await ofAlert()).length, { timeout: 5000 }).toBe(1);
    expect((await ofAlert())[0]?.body?.html).toContain('/admin/processos');
    const record = delivered.find((r) => r.dynamodb?.NewImage?.pk?.S === keys.adminAlert(alert.id));
    expect(await publishChanges(deps, [record!])).toEqual({ batchItemFailures: [] });
    expect(await ofAlert()).toHaveLength(1);
  });

  it('retries a change whose e-mail failed, and sends it once when the retry succeeds', async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    failNextEmails = 1;
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'pago',
      byUser: 'sistema',
      now: new Date().toISOString(),
    });
    // The poller retries the batch the consumer reported, as Lambda's event source mapping does.
    await expect.poll(async () => (await emailsTo(profile.email)).length, { timeout: 8000 }).toBe(1);
    expect(failNextEmails).toBe(0);
  });

  it('re-sends the e-mail of a sender that crashed after claiming it, once its lease lapsed, never while held', async () => {
    const { userId, profile, contract } = await seedCustomer(db);
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'peticionado',
      byUser: 'admin-1',
      now: new Date().toISOString(),
    });
    await expect.poll(async () => (await emailsTo(profile.email)).length, { timeout: 5000 }).toBe(1);
    const record = delivered.find(
      (r) => r.dynamodb?.NewImage?.pk?.S === keys.customer(userId) && changeOf(r)?.kind === 'process-status',
    )!;
    const change = changeOf(record);
    if (change?.kind !== 'process-status') throw new Error('no process change delivered');
    const marker = pointerKey(keys.statusNotice(userId, change.changeId));
    const nowSeconds = Math.floor(Date.now() / 1000);
    // A sender that claimed the e-mail and died before sending (a Lambda timeout): the claim, never completed.
    const crashedClaim = (leaseUntil: number) =>
      db.client.send(new PutCommand({ TableName: db.tableName, Item: { ...marker, lease_until: leaseUntil } }));

    await crashedClaim(nowSeconds + 60);
    expect((await publishChanges(deps, [record])).batchItemFailures).toHaveLength(1);
    expect(await emailsTo(profile.email)).toHaveLength(1);

    await crashedClaim(nowSeconds - 1);
    expect(await publishChanges(deps, [record])).toEqual({ batchItemFailures: [] });
    expect(await emailsTo(profile.email)).toHaveLength(2);
    const { Item } = await db.client.send(new GetCommand({ TableName: db.tableName, Key: marker }));
    expect(Item?.done_at).toEqual(expect.any(String));
    // Done: later deliveries send nothing.
    expect(await publishChanges(deps, [record])).toEqual({ batchItemFailures: [] });
    expect(await emailsTo(profile.email)).toHaveLength(2);
  });

  it('refuses a socket without a valid id token, and forgets a connection when it closes', async () => {
    const refused = (token: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(`${gateway.url}?token=${token}`);
        socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.once('open', () => resolve(101));
      });
    expect(await refused('not-a-jwt')).toBe(401);
    expect(await refused(await signToken('u-x', { token_use: 'access' }))).toBe(401);
    expect(await refused(await signToken('u-x', { aud: 'another-client' }))).toBe(401);

    const { userId } = await seedCustomer(db);
    const tab = await openTab(userId);
    expect(await connectionsOf(db, userId, new Date())).toHaveLength(1);
    tab.socket.close();
    await expect.poll(() => connectionsOf(db, userId, new Date()), { timeout: 5000 }).toEqual([]);
  });

  it('forgets a connection the browser left without saying goodbye (push answers gone)', async () => {
    const { userId, contract } = await seedCustomer(db);
    await saveConnection(db, { userId, connectionId: 'LeftLongAgo0001=', now: new Date() });
    await changeProcessStatus(db, {
      ref: { userId, contractId: contract.id },
      to: 'contrato_assinado',
      byUser: userId,
      now: new Date().toISOString(),
    });
    await expect.poll(() => connectionsOf(db, userId, new Date()), { timeout: 5000 }).toEqual([]);
    const pointer = await db.client.send(
      new GetCommand({ TableName: db.tableName, Key: pointerKey(keys.connectionPointer('LeftLongAgo0001=')) }),
    );
    expect(pointer.Item).toBeUndefined();
  });

  it('connect handler: registers the owner of a valid token only', async () => {
    const connect = connectHandler({
      db,
      clock: systemClock,
      verifyToken: async (token) => (token === 'good' ? { userId: 'u-connect', email: null } : null),
    });
    const event = (token?: string) =>
      ({
        requestContext: { connectionId: `C${token ?? 'none'}000000000=`, routeKey: '$connect', eventType: 'CONNECT' },
        queryStringParameters: token ? { token } : undefined,
      }) as unknown as WebSocketEvent;
    expect(await connect(event())).toEqual({ statusCode: 401 });
    expect(await connect(event('bad'))).toEqual({ statusCode: 401 });
    expect(await connect(event('good'))).toEqual({ statusCode: 200 });
    expect(await connectionsOf(db, 'u-connect', new Date())).toEqual(['Cgood000000000=']);
  });
});

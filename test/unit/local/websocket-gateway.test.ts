import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GetConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createWebSocketPush, type Push } from '../../../lambdas/providers/push.js';
import {
  startWebSocketGateway,
  type WebSocketEvent,
  type WebSocketRoute,
} from '../../../local/services/websocket-gateway.js';

type Invocation = { route: WebSocketRoute; event: WebSocketEvent };
type Context = WebSocketEvent['requestContext'] & {
  identity: { sourceIp: string; userAgent: string };
  disconnectStatusCode?: number;
  disconnectReason?: string;
};
const contextOf = (invocation: Invocation | undefined) => invocation?.event.requestContext as Context;

/** Resolves once `check` holds (the gateway invokes $disconnect after the close handshake, asynchronously). */
async function until(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolveWait) => setTimeout(resolveWait, 10));
  }
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolveOpen, reject) => {
    const socket = new WebSocket(url, { headers: { origin: 'http://127.0.0.1:5173', 'user-agent': 'vitest' } });
    socket.once('open', () => resolveOpen(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** The HTTP status a refused handshake answers (ws reports it as 'unexpected-response'). */
function refusal(url: string): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => reject(new Error('handshake completed')));
    socket.once('unexpected-response', (req, res) => {
      resolveStatus(res.statusCode ?? 0);
      req.destroy();
    });
    socket.once('error', () => {});
  });
}

const nextMessage = (socket: WebSocket) =>
  new Promise<{ data: string; isBinary: boolean }>((resolveMessage) =>
    socket.once('message', (data, isBinary) => resolveMessage({ data: String(data), isBinary })),
  );
const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolveClose) =>
    socket.once('close', (code, reason) => resolveClose({ code, reason: String(reason) })),
  );

describe('local WebSocket gateway (API Gateway WebSocket API stand-in)', () => {
  let invocations: Invocation[];
  let connectAnswer: (event: WebSocketEvent) => unknown;
  let gateway: Awaited<ReturnType<typeof startWebSocketGateway>>;
  let client: ApiGatewayManagementApiClient;
  let push: Push;

  const of = (route: WebSocketRoute) => invocations.filter((i) => i.route === route);

  beforeEach(async () => {
    invocations = [];
    connectAnswer = () => ({ statusCode: 200 });
    gateway = await startWebSocketGateway({
      port: 0,
      stage: 'local',
      invoke: async (route, event) => {
        invocations.push({ route, event });
        return route === '$connect' ? connectAnswer(event) : { statusCode: 200 };
      },
    });
    client = new ApiGatewayManagementApiClient({
      endpoint: gateway.managementEndpoint,
      region: 'sa-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'y' },
      maxAttempts: 1,
    });
    push = createWebSocketPush({ endpoint: gateway.managementEndpoint, client });
  });
  afterEach(async () => {
    client.destroy();
    await gateway.stop();
  });

  it('reports the actual port when asked for port 0', () => {
    expect(gateway.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/local$/);
    expect(gateway.url).not.toContain(':0/');
    expect(gateway.managementEndpoint).toBe(gateway.url.replace(/^ws:/, 'http:'));
  });

  it('refuses the handshake with the status $connect answers, and registers nothing', async () => {
    connectAnswer = () => ({ statusCode: 401, body: 'Unauthorized' });
    expect(await refusal(`${gateway.url}?token=bad`)).toBe(401);
    expect(of('$connect')).toHaveLength(1);
    const { connectionId } = contextOf(of('$connect')[0]);
    expect(await push(connectionId, { type: 'ping' })).toBe('gone');
    expect(of('$disconnect')).toHaveLength(0);
  });

  it('refuses with 500 when $connect throws', async () => {
    connectAnswer = () => {
      throw new Error('boom');
    };
    expect(await refusal(gateway.url)).toBe(500);
  });

  it('accepts a result without statusCode as 200', async () => {
    connectAnswer = () => undefined;
    const socket = await open(gateway.url);
    socket.close();
    await until(() => of('$disconnect').length === 1);
  });

  it('hands $connect the query string and headers, then delivers a pushed message as one text frame', async () => {
    const socket = await open(`${gateway.url}?token=abc`);
    const [connect] = of('$connect');
    const context = contextOf(connect);
    expect(connect?.event.queryStringParameters).toEqual({ token: 'abc' });
    expect(connect?.event.isBase64Encoded).toBe(false);
    expect(connect?.event.headers).toMatchObject({
      host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      origin: 'http://127.0.0.1:5173',
      'sec-websocket-version': '13',
      'sec-websocket-key': expect.any(String),
      'user-agent': 'vitest',
    });
    expect(context).toMatchObject({
      routeKey: '$connect',
      eventType: 'CONNECT',
      messageDirection: 'IN',
      stage: 'local',
      apiId: 'local',
      domainName: new URL(gateway.managementEndpoint).host,
      identity: { sourceIp: '127.0.0.1', userAgent: 'vitest' },
      connectedAt: expect.any(Number),
      requestTimeEpoch: expect.any(Number),
      requestTime: expect.stringMatching(/^\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000$/),
    });
    expect(context.connectionId).toMatch(/^[A-Za-z0-9+/]{15}=$/);

    const message = nextMessage(socket);
    expect(await push(context.connectionId, { type: 'charge-paid', label: 'Pago ✓' })).toBe('sent');
    expect(await message).toEqual({ data: JSON.stringify({ type: 'charge-paid', label: 'Pago ✓' }), isBinary: false });

    const info = await client.send(new GetConnectionCommand({ ConnectionId: context.connectionId }));
    expect(info.Identity).toEqual({ SourceIp: '127.0.0.1', UserAgent: 'vitest' });
    expect(info.ConnectedAt?.getTime()).toBe(context.connectedAt);
    expect(info.LastActiveAt?.getTime()).toBeGreaterThanOrEqual(context.connectedAt);
    socket.close();
  });

  it('ignores messages a client sends (no $default route)', async () => {
    const socket = await open(gateway.url);
    socket.send('hello');
    const { connectionId } = contextOf(of('$connect')[0]);
    // The socket stays open and usable.
    const message = nextMessage(socket);
    expect(await push(connectionId, 1)).toBe('sent');
    expect((await message).data).toBe('1');
    expect(invocations.map((i) => i.route)).toEqual(['$connect']);
    socket.close();
  });

  it('invokes $disconnect once when the client leaves; pushes then answer gone', async () => {
    const socket = await open(gateway.url);
    const { connectionId } = contextOf(of('$connect')[0]);
    socket.close(1000, 'bye');
    await until(() => of('$disconnect').length === 1);
    expect(contextOf(of('$disconnect')[0])).toMatchObject({
      routeKey: '$disconnect',
      eventType: 'DISCONNECT',
      connectionId,
      disconnectStatusCode: 1000,
      disconnectReason: 'bye',
    });
    expect(await push(connectionId, { type: 'ping' })).toBe('gone');
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    expect(of('$disconnect')).toHaveLength(1);
  });

  it('DeleteConnection closes the socket (firing $disconnect); a second one answers 410', async () => {
    const socket = await open(gateway.url);
    const { connectionId } = contextOf(of('$connect')[0]);
    const closing = closed(socket);
    await client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
    expect((await closing).code).toBe(1000);
    await until(() => of('$disconnect').length === 1);
    expect(contextOf(of('$disconnect')[0]).connectionId).toBe(connectionId);
    await expect(client.send(new DeleteConnectionCommand({ ConnectionId: connectionId }))).rejects.toMatchObject({
      name: 'GoneException',
    });
  });

  it('invokes $disconnect for a client that left while its $connect ran', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolveRelease) => (release = resolveRelease));
    connectAnswer = () => released.then(() => ({ statusCode: 200 }));
    const socket = new WebSocket(gateway.url);
    socket.on('error', () => {});
    await until(() => of('$connect').length === 1);
    socket.terminate();
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
    release();
    await until(() => of('$disconnect').length === 1);
    expect(contextOf(of('$disconnect')[0])).toMatchObject({
      connectionId: contextOf(of('$connect')[0]).connectionId,
      disconnectStatusCode: 1006,
    });
  });

  it('refuses upgrades to another path with 403, without invoking $connect', async () => {
    const base = gateway.url.replace(/\/local$/, '');
    expect(await refusal(`${base}/other`)).toBe(403);
    expect(await refusal(`${base}/`)).toBe(403);
    expect(await refusal(`${base}/local/extra`)).toBe(403);
    expect(invocations).toHaveLength(0);
  });

  it('answers 404 to anything but the @connections API, and 413 above 128 KB', async () => {
    const base = gateway.managementEndpoint;
    expect((await fetch(`${base}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${base}/@connections/abc%3D`, { method: 'PUT' })).status).toBe(404);
    // Ids are base64 and may hold '/' or '+': the SDK sends them URL-encoded, and they still name a connection.
    expect((await fetch(`${base}/@connections/a%2Fb%2Bc%3D`)).status).toBe(410);
    const socket = await open(gateway.url);
    const { connectionId } = contextOf(of('$connect')[0]);
    const target = `${base}/@connections/${encodeURIComponent(connectionId)}`;
    const tooBig = await fetch(target, { method: 'POST', body: 'x'.repeat(128 * 1024 + 1) });
    expect(tooBig.status).toBe(413);
    expect((await fetch(target, { method: 'POST', body: 'x'.repeat(128 * 1024) })).status).toBe(200);
    socket.close();
  });

  it('closes a connection after maxConnectionMs, as API Gateway does after 2 hours', async () => {
    await gateway.stop();
    gateway = await startWebSocketGateway({
      port: 0,
      stage: 'local',
      maxConnectionMs: 100,
      invoke: async (route, event) => {
        invocations.push({ route, event });
        return { statusCode: 200 };
      },
    });
    const socket = await open(gateway.url);
    expect((await closed(socket)).code).toBe(1001);
    await until(() => of('$disconnect').length === 1);
    expect(contextOf(of('$disconnect')[0]).disconnectStatusCode).toBe(1001);
  });

  it('stop() disconnects everyone, each firing $disconnect, and leaves no timers behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    const sockets = await Promise.all([open(gateway.url), open(gateway.url), open(gateway.url)]);
    const closes = sockets.map(closed);
    await gateway.stop();
    expect((await Promise.all(closes)).map((c) => c.code)).toEqual([1001, 1001, 1001]);
    expect(of('$disconnect')).toHaveLength(3);
    expect(new Set(of('$disconnect').map((i) => contextOf(i).connectionId))).toEqual(
      new Set(of('$connect').map((i) => contextOf(i).connectionId)),
    );
    // At most as many as before: the worker is shared with other files (test/vitest-projects.ts), whose timers may fire
    // meanwhile, but none of the gateway's may be left.
    expect(timers()).toBeLessThanOrEqual(before);
    gateway = await startWebSocketGateway({ port: 0, stage: 'local', invoke: async () => ({}) });
  });
});

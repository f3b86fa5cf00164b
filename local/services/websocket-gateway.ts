import { randomBytes } from 'node:crypto';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { WebSocket, WebSocketServer } from 'ws';

export type WebSocketRoute = '$connect' | '$disconnect';

/** What API Gateway hands the $connect / $disconnect functions (the aws-lambda type lacks headers on WebSocket events). */
export type WebSocketEvent = APIGatewayProxyWebsocketEventV2 & {
  queryStringParameters?: Record<string, string>;
  headers?: Record<string, string>;
};

export type WebSocketGatewayOptions = {
  /** 0 picks a free port; the returned URLs carry the actual one. */
  port: number;
  /** Stage name: clients connect to ws://127.0.0.1:<port>/<stage>; the management API is http://127.0.0.1:<port>/<stage>/@connections/{id}. */
  stage: string;
  /**
   * Runs the $connect / $disconnect route's function (the local function host), as API Gateway's Lambda integration
   * does. Only these two routes exist: the product never receives messages from browsers, so a message a client sends
   * is ignored (API Gateway would route it to $default, which we do not define).
   */
  invoke: (route: WebSocketRoute, event: WebSocketEvent) => Promise<unknown>;
  /** API Gateway closes every connection after 2 hours; tests shorten it. */
  maxConnectionMs?: number;
  log?: (line: string) => void;
};

type Connection = {
  socket: WebSocket;
  connectedAt: number;
  lastActiveAt: number;
  sourceIp: string;
  userAgent: string;
  host: string;
};

const TWO_HOURS_MS = 2 * 60 * 60 * 1000;
/** API Gateway's WebSocket message limit; PostToConnection answers 413 above it. */
const MAX_MESSAGE_BYTES = 128 * 1024;
/** How long stop() waits for a client to answer the close handshake before dropping it. */
const CLOSE_GRACE_MS = 1000;

/** API Gateway's ids (connectionId, requestId) look like 'Lm9aQb3kGjQCFzw=': 11 random bytes in base64. */
const awsId = () => randomBytes(11).toString('base64');

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** requestContext.requestTime is in Common Log Format: '20/Jul/2023:23:29:25 +0000'. */
function requestTime(epochMs: number): string {
  const d = new Date(epochMs);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`
  );
}

/** Answers an upgrade request with a plain HTTP status instead of completing the handshake. */
function refuse(socket: Duplex, status: number, message = STATUS_CODES[status] ?? 'Error'): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nConnection: close\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** `errorType` is the header the SDK reads to throw the modelled exception (GoneException…), as AWS sends it. */
function sendJson(res: ServerResponse, status: number, body?: unknown, errorType?: string): void {
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** Reads the body, or null once it exceeds the limit (the rest is drained so the 413 still reaches the client). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolveBody, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolveBody(size > MAX_MESSAGE_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * A local stand-in for an API Gateway WebSocket API stage: runs the $connect function before completing the
 * handshake (its status decides), the $disconnect function once per closed connection, and serves the
 * @connections management API the ApiGatewayManagementApi client speaks. Like the local HTTP gateway (and s3rver),
 * it does not check SigV4 signatures: anything that reaches 127.0.0.1 may post.
 */
export async function startWebSocketGateway(
  options: WebSocketGatewayOptions,
): Promise<{ url: string; managementEndpoint: string; stop(): Promise<void> }> {
  const log = options.log ?? (() => {});
  const maxConnectionMs = options.maxConnectionMs ?? TWO_HOURS_MS;
  const stagePath = `/${options.stage}`;
  const connections = new Map<string, Connection>();
  /** $connect and $disconnect invocations still running: stop() waits for them. */
  const inFlight = new Set<Promise<unknown>>();
  let stopping = false;
  // API Gateway's message limit binds what clients send too (ws closes with 1009 above it); ws answers pings itself.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  function baseContext(routeKey: WebSocketRoute, connectionId: string, connection: Omit<Connection, 'socket'>) {
    const now = Date.now();
    return {
      routeKey,
      eventType: routeKey === '$connect' ? ('CONNECT' as const) : ('DISCONNECT' as const),
      extendedRequestId: awsId(),
      requestTime: requestTime(now),
      messageDirection: 'IN' as const,
      stage: options.stage,
      connectedAt: connection.connectedAt,
      requestTimeEpoch: now,
      identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
      requestId: awsId(),
      domainName: connection.host,
      connectionId,
      apiId: 'local',
    };
  }

  function disconnect(connectionId: string, connection: Omit<Connection, 'socket'>, code: number, reason: string) {
    const event = {
      headers: { host: connection.host, 'x-forwarded-for': connection.sourceIp },
      requestContext: {
        ...baseContext('$disconnect', connectionId, connection),
        disconnectStatusCode: code,
        disconnectReason: reason,
      },
      isBase64Encoded: false,
    } as unknown as WebSocketEvent;
    // API Gateway ignores what $disconnect answers and whether it fails.
    return track(
      options.invoke('$disconnect', event).then(
        () => log(`$disconnect ${connectionId} (${code} ${reason})`),
        (error: unknown) => log(`$disconnect ${connectionId} → handler crashed: ${(error as Error).stack ?? error}`),
      ),
    );
  }

  async function connect(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const connectionId = awsId();
    const connectedAt = Date.now();
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const sourceIp = req.socket.remoteAddress ?? '127.0.0.1';
    const details = { connectedAt, lastActiveAt: connectedAt, sourceIp, userAgent: headers['user-agent'] ?? '', host };
    const event = {
      headers: { ...headers, 'x-forwarded-for': sourceIp, 'x-forwarded-proto': 'http' },
      multiValueHeaders: req.headersDistinct,
      queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
      multiValueQueryStringParameters: url.search
        ? Object.fromEntries([...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key)]))
        : undefined,
      requestContext: baseContext('$connect', connectionId, details),
      isBase64Encoded: false,
    } as unknown as WebSocketEvent;

    let status: number;
    try {
      const result = await options.invoke('$connect', event);
      const declared = (result as { statusCode?: unknown } | null)?.statusCode;
      // A result without a statusCode counts as 200, as API Gateway treats it.
      status = typeof declared === 'number' ? declared : 200;
    } catch (error) {
      log(`$connect ${connectionId} → 500 handler crashed: ${(error as Error).stack ?? error}`);
      return refuse(socket, 500, 'Internal server error');
    }
    log(`$connect ${connectionId} → ${status} (${Date.now() - connectedAt} ms)`);
    if (status < 200 || status > 299) return refuse(socket, status);
    // The client may have left while $connect ran (its socket then reads EOF: ws would drop it silently); the
    // function saw the connection accepted and may have stored it, so it hears of the departure.
    if (stopping || !socket.readable || !socket.writable) {
      refuse(socket, 503);
      await disconnect(connectionId, details, 1006, 'Connection closed before the handshake completed');
      return;
    }

    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection: Connection = { socket: ws, ...details };
      connections.set(connectionId, connection);
      const cap = setTimeout(() => ws.close(1001, 'Going away'), maxConnectionMs);
      const touch = () => (connection.lastActiveAt = Date.now());
      ws.on('message', touch);
      ws.on('ping', touch);
      ws.on('error', (error) => log(`websocket ${connectionId}: ${error.message}`));
      ws.once('close', (code, reason) => {
        clearTimeout(cap);
        connections.delete(connectionId);
        void disconnect(connectionId, connection, code, reason.toString('utf8'));
      });
    });
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    // Matched on the raw path: the SDK URL-encodes the id ('=' → %3D, '/' → %2F).
    const raw = /^([^?]*)/.exec(req.url ?? '')?.[1] ?? '';
    const idMatch = raw.startsWith(`${stagePath}/`)
      ? /^\/(?:@|%40)connections\/([^/]+)$/.exec(raw.slice(stagePath.length))
      : null;
    if (!idMatch || !['POST', 'GET', 'DELETE'].includes(method)) return sendJson(res, 404, { message: 'Not Found' });
    const connectionId = decodeURIComponent(idMatch[1]!);
    const body = await readBody(req);
    if (body === null) return sendJson(res, 413, { message: 'Request Entity Too Large' }, 'PayloadTooLargeException');
    const connection = connections.get(connectionId);
    // A socket already closing is as gone as one that left: API Gateway answers 410 to both.
    if (connection?.socket.readyState !== WebSocket.OPEN)
      return sendJson(res, 410, { message: 'Gone' }, 'GoneException');

    if (method === 'POST') {
      connection.socket.send(body, { binary: false });
      log(`POST ${url.pathname} → 200 (${body.length} bytes)`);
      return sendJson(res, 200);
    }
    if (method === 'GET')
      return sendJson(res, 200, {
        connectedAt: new Date(connection.connectedAt).toISOString(),
        identity: { sourceIp: connection.sourceIp, userAgent: connection.userAgent },
        lastActiveAt: new Date(connection.lastActiveAt).toISOString(),
      });
    // What AWS reports to $disconnect after a DeleteConnection.
    connection.socket.close(1000, 'Connection Closed Normally');
    log(`DELETE ${url.pathname} → 204`);
    return sendJson(res, 204);
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // An aborted client must not crash the process while $connect runs; ws adds its own handler once upgraded.
    socket.on('error', () => {});
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== stagePath || stopping) return refuse(socket, 403, 'Forbidden');
    // Rejected before $connect runs, as API Gateway does with a malformed handshake.
    if (req.headers.upgrade?.toLowerCase() !== 'websocket' || !req.headers['sec-websocket-key'])
      return refuse(socket, 400, 'Bad Request');
    void track(connect(req, socket, head, url)).catch((error: unknown) => {
      log(`$connect → ${(error as Error).stack ?? error}`);
      refuse(socket, 500);
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;

  return {
    url: `ws://${host}${stagePath}`,
    managementEndpoint: `http://${host}${stagePath}`,
    async stop() {
      stopping = true;
      // Each close fires $disconnect; a client that never answers the close handshake is dropped after a grace.
      await Promise.all(
        [...connections.values()].map(
          ({ socket }) =>
            new Promise<void>((closed) => {
              if (socket.readyState === WebSocket.CLOSED) return closed();
              const drop = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
              socket.once('close', () => {
                clearTimeout(drop);
                closed();
              });
              socket.close(1001, 'Going away');
            }),
        ),
      );
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      wss.close();
      await new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      });
    },
  };
}

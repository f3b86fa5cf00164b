import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stand-in received, as it arrived. */
export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };

/**
 * What the stand-in answers: a status with a JSON (or raw string) body, or `hang` (never answer: the client's timeout
 * must fire) or `destroy` (drop the connection: a network error).
 */
export type Reply =
  { status: number; body?: unknown; headers?: Record<string, string> } | { hang: true } | { destroy: true };

export type Handler = (request: ReceivedRequest) => Reply | Promise<Reply>;

export type LoopbackServer = {
  url: string;
  /** Every request so far, oldest first. */
  requests: ReceivedRequest[];
  /** Requests whose method and path (query included) match. */
  count(method: string, path: string): number;
  /** Replaces the handler (e.g. in beforeEach) and forgets the requests received so far. */
  reset(handler: Handler): void;
  close(): Promise<void>;
};

/** A tiny programmable HTTP server on 127.0.0.1 (a free port), for providers that speak plain HTTP APIs. */
export async function startLoopback(initial: Handler = () => ({ status: 404 })): Promise<LoopbackServer> {
  let handler = initial;
  const requests: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      Promise.resolve(handler(received)).then(
        (reply) => {
          if ('hang' in reply) return;
          if ('destroy' in reply) {
            request.socket.destroy();
            return;
          }
          const text =
            reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
          response.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          response.end(text);
        },
        () => {
          response.writeHead(599);
          response.end();
        },
      );
    });
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolveListen);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    count: (method, path) => requests.filter((r) => r.method === method && r.path === path).length,
    reset(next) {
      handler = next;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}

/** Answers the replies in turn, repeating the last one. */
export function sequence(...replies: Reply[]): Handler {
  let next = 0;
  return () => replies[Math.min(next++, replies.length - 1)] as Reply;
}

export const noSleep = async () => {};

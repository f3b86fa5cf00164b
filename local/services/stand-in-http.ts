import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP plumbing the local stand-ins of outside APIs share (the DataJud and WhatsApp ones): a server on 127.0.0.1
 * whose handler's failures answer 500 and are logged, bodies read as JSON or as a form (their control pages post
 * forms), JSON and HTML answers. Each stand-in keeps its own routes and API shapes.
 */

export type StandInServer = { url: string; stop(): Promise<void> };

/** Listens on `port` (0 = any free one); a handler that throws answers 500 `{ error: 'internal' }`, logged by `name`. */
export async function startStandInServer(options: {
  port: number;
  name: string;
  log?: (line: string) => void;
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
}): Promise<StandInServer> {
  const server = createServer((request, response) => {
    void options.handle(request, response).catch((error: unknown) => {
      options.log?.(`${options.name}: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { error: 'internal' });
    });
  });
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      }),
  };
}

/** The body as JSON, or as fields when a form posted it; null when empty, unreadable or over `maxBytes`. */
export async function readBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) return null;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  if ((request.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The body's fields (a control call's JSON or a control page's form); {} when there are none. */
export async function readInput(request: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const body = await readBody(request, maxBytes);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html);
}

/** A control page's form goes back to the page (303 to `/`); a test's JSON call gets `body` as JSON. */
export function redirectOr(response: ServerResponse, input: Record<string, unknown>, status: number, body: unknown) {
  if (input.redirect === '/') {
    response.writeHead(303, { location: '/' });
    response.end();
    return;
  }
  sendJson(response, status, body);
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

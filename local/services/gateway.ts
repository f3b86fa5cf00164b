import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { pathParameterNames } from '../../domain/api/route.js';
import type { ApiFunction } from '../../lambdas/functions.js';
import { refusalOf, sendRefusal, splitTarget } from './request-guard.js';

export type GatewayOptions = {
  port: number;
  /** The HTTP API's stage: routes are served under /<stage> (API Gateway strips it before matching). */
  stage: string;
  /** The catalogue's routes; method, path and access come from each route's contract. */
  routes: readonly ApiFunction[];
  /** Runs a route's function (the local function host), as API Gateway's Lambda integration does. */
  invoke: (route: ApiFunction, event: APIGatewayProxyEventV2WithJWTAuthorizer, requestId: string) => Promise<unknown>;
  /** What the HTTP API JWT authorizer is configured with on AWS. */
  authorizer: { issuer: string; jwksUri: string; audience: string };
  log?: (line: string) => void;
};

type CompiledRoute = { route: ApiFunction; pattern: RegExp; params: string[] };

function compile(route: ApiFunction): CompiledRoute {
  const source = route.contract.path.replace(/\{(\w+)\+?\}/g, '([^/]+)');
  return { route, pattern: new RegExp(`^${source}/?$`), params: pathParameterNames(route.contract.path) };
}

/** API Gateway HTTP APIs hand JWT claims to Lambda as strings; lists become "[a b]". */
function claimsAsApiGatewayDoes(payload: JWTPayload): Record<string, string | number | boolean | string[]> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      Array.isArray(value)
        ? `[${value.join(' ')}]`
        : typeof value === 'object'
          ? JSON.stringify(value)
          : (value as string),
    ]),
  );
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end(body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // API Gateway's payload limit is 10 MB; refuse earlier than that on this machine too.
    if (size > 10 * 1024 * 1024) throw new Error('payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for API Gateway (HTTP API, payload v2): matches the catalogue's routes, enforces the
 * JWT authorizer on non-public routes exactly as AWS would (issuer, audience/client_id, expiry, signature
 * against the pool's JWKS), and invokes the very same handler modules.
 */
export async function startGateway(options: GatewayOptions): Promise<{ url: string; stop(): Promise<void> }> {
  const routes = options.routes.map(compile);
  const jwks = createRemoteJWKSet(new URL(options.authorizer.jwksUri));
  const log = options.log ?? (() => {});

  async function authorize(header: string | undefined): Promise<JWTPayload | null> {
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.authorizer.issuer });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud ?? payload.client_id];
      return audience.includes(options.authorizer.audience) ? payload : null;
    } catch {
      return null;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = Date.now();
    // What API Gateway refuses with 400 before routing (a malformed %-escape, an odd method…), refused here too.
    const refusal = refusalOf(req);
    if (refusal) return sendRefusal(res, refusal);
    const target = splitTarget(req.url ?? '/');
    const pathname = target.path;
    const method = (req.method ?? 'GET').toUpperCase();
    // No CORS (the API is reached through the site's own origin), so no OPTIONS route either.
    const stagePrefix = `/${options.stage}`;
    const routePath = pathname.startsWith(`${stagePrefix}/`) ? pathname.slice(stagePrefix.length) : null;
    const match = routes
      .filter((compiled) => routePath !== null && compiled.route.contract.method === method)
      .map((compiled) => ({ compiled, found: compiled.pattern.exec(routePath!) }))
      .find((candidate) => candidate.found);
    if (!match?.found)
      return send(res, 404, JSON.stringify({ message: 'Not Found' }), { 'content-type': 'application/json' });
    const { compiled, found } = match;
    const { route } = compiled;
    const { contract } = route;

    let claims: JWTPayload | null = null;
    if (contract.access !== 'public') {
      claims = await authorize(req.headers.authorization);
      if (!claims)
        return send(res, 401, JSON.stringify({ message: 'Unauthorized' }), { 'content-type': 'application/json' });
    }

    let body: string;
    try {
      body = await readBody(req);
    } catch {
      return send(res, 413, JSON.stringify({ message: 'Request Entity Too Large' }), {
        'content-type': 'application/json',
      });
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : (v ?? '')]),
    );
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: `${contract.method} ${contract.path}`,
      rawPath: pathname,
      rawQueryString: target.query,
      headers,
      queryStringParameters: target.query ? Object.fromEntries(new URLSearchParams(target.query)) : undefined,
      pathParameters: compiled.params.length
        ? Object.fromEntries(compiled.params.map((name, i) => [name, decodeURIComponent(found[i + 1]!)]))
        : undefined,
      body: body === '' ? undefined : body,
      isBase64Encoded: false,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? '127.0.0.1',
        domainPrefix: 'local',
        http: {
          method,
          path: pathname,
          protocol: 'HTTP/1.1',
          sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: `${contract.method} ${contract.path}`,
        stage: '$default',
        time: new Date(started).toISOString(),
        timeEpoch: started,
        authorizer: { jwt: { claims: claims ? claimsAsApiGatewayDoes(claims) : {}, scopes: null } },
      },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

    try {
      const result = (await options.invoke(route, event, requestId)) as APIGatewayProxyStructuredResultV2 | string;
      const structured: APIGatewayProxyStructuredResultV2 =
        typeof result === 'string' ? { statusCode: 200, body: result } : result;
      const outHeaders = Object.fromEntries(Object.entries(structured.headers ?? {}).map(([k, v]) => [k, String(v)]));
      send(res, structured.statusCode ?? 200, structured.body ?? '', outHeaders);
      log(`${method} ${pathname} → ${structured.statusCode ?? 200} (${Date.now() - started} ms)`);
    } catch (error) {
      // What API Gateway answers when the function itself fails.
      log(`${method} ${pathname} → 500 handler crashed: ${(error as Error).stack ?? error}`);
      send(res, 500, JSON.stringify({ message: 'Internal Server Error' }), { 'content-type': 'application/json' });
    }
  }

  // One request never stops the runtime: whatever escapes the handling above is logged and answered, or the
  // connection dropped when the answer had already begun.
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`${req.method} ${req.url?.slice(0, 200)} → 500 gateway error: ${(error as Error).stack ?? error}`);
      if (res.headersSent) res.destroy();
      else send(res, 500, JSON.stringify({ message: 'Internal Server Error' }), { 'content-type': 'application/json' });
    });
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolveListen());
  });
  return {
    url: `http://127.0.0.1:${options.port}/${options.stage}`,
    stop: () =>
      new Promise<void>((resolveStop) => {
        server.closeAllConnections();
        server.close(() => resolveStop());
      }),
  };
}

import net from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH, API_STAGE } from '../../domain/api/route.js';
import { API_ROUTES, type ApiFunction } from '../../lambdas/functions.js';
import { startGateway } from '../../local/services/gateway.js';
import { MAX_URL_LENGTH } from '../../local/services/request-guard.js';
import { startSiteServer } from '../../local/services/site.js';
import { lambdaContext, TEST_ORIGIN_VERIFY_SECRET } from '../factories.js';
import type { callRoute } from '../route-call.js';

/**
 * The local edge (site server, CloudFront's stand-in) and gateway (API Gateway's) in front of the
 * real handlers, fed a few hundred odd requests written byte by byte on a socket (fetch would fix or refuse them
 * first). Seeded, so a failure replays; bounded in count and time. Every answer must be a 4xx or a 2xx/3xx — never a
 * 5xx, never a dropped server — and /health must answer after each batch.
 */

type Handler = Parameters<typeof callRoute>[1];
const SEED = 20_2026;
const REQUESTS = 300;

/** mulberry32: a small seeded generator, so the same odd requests are sent on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

const freePort = () =>
  new Promise<number>((resolvePort) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolvePort(port));
    });
  });

/** Sends raw bytes and reads the status code of the answer; null when the server closed without one. */
function rawRequest(port: number, bytes: Buffer): Promise<number | null> {
  return new Promise((resolveStatus, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in 5 s to ${bytes.subarray(0, 120).toString('latin1')}`));
    }, 5_000);
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        clearTimeout(timer);
        socket.destroy();
        resolveStatus(Number(status[1]));
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolveStatus(null);
    });
    socket.write(bytes);
  });
}

const JUNK_SEGMENTS = [
  '%',
  '%%',
  '%zz',
  '%E0%A4%A',
  '%FF%FE',
  '%C0%AF',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..',
  '...%2F',
  '\u00e9',
  '\u0000',
  ' ',
  '%20',
  '😀',
  '%F0%9F%98%80',
  "'; DROP TABLE x; --",
  '<script>',
  'a'.repeat(300),
  '12345678',
  '01HZZZZZZZZZZZZZZZZZZZZZZZ',
  'LM2026030200001-7',
  '{',
  '\\',
  '@',
  '*',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO', 'get', 'G E'];
const QUERIES = [
  '',
  '?',
  '?q=%',
  '?a=%ZZ&&&=',
  '?cursor=%E0%A4%A',
  '?x=1&x=2',
  '?=',
  `?q=${'b'.repeat(9000)}`,
  '?q=%00',
];
const HEADER_VALUES = [
  'Bearer %%%',
  'Bearer eyJhbGciOiJub25lIn0.e30.',
  '\u00ff\u00fe',
  'S%E3o%',
  '%E0%A4%A',
  '',
  'x'.repeat(4000),
  '\u0001',
  'a\tb',
];
const HEADER_NAMES = [
  'authorization',
  'content-type',
  'cloudfront-viewer-city',
  'cloudfront-viewer-address',
  'x-origin-verify',
  'user-agent',
  'host',
  'x-forwarded-for',
  'bad header',
];
const BODIES = [
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"string"',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(5000),
  '{"nome_completo":"Ana\u202E","cpf":"%","cep":"%%"}',
  '{"protocolo":"LM%","email":"@","a":1e309,"b":-0,"answer":"NaN"}',
  '\u0000\u0001\u0002',
  'x'.repeat(20_000),
];

function oddRequest(rand: ReturnType<typeof random>, routes: readonly ApiFunction[], prefix: string): Buffer {
  const route = rand.pick(routes);
  const path = route.contract.path
    .replace(/\{\w+\+?\}/g, () => rand.pick(JUNK_SEGMENTS))
    .replace(/\/$/, rand.next() < 0.1 ? '//' : '');
  const variants = [
    `${prefix}${path}`,
    `${prefix}${path}/${rand.pick(JUNK_SEGMENTS)}`,
    `${prefix}/${rand.pick(JUNK_SEGMENTS)}`,
    `/${rand.pick(JUNK_SEGMENTS)}`,
    `//evil.example${prefix}/health`,
    `http://evil.example${prefix}/health`,
    '*',
    `${prefix}/${'x'.repeat(MAX_URL_LENGTH)}`,
  ];
  // Half the time the route's own path with an ordinary query, so the handlers see the odd bodies and headers.
  const target =
    rand.next() < 0.5
      ? `${prefix}${path.replace(/[%\s]/g, '').replaceAll('\u0000', '')}`
      : `${rand.pick(variants)}${rand.pick(QUERIES)}`;
  const method = rand.next() < 0.7 ? route.contract.method : rand.pick(METHODS);
  const body = rand.pick(BODIES);
  const headers = ['host: 127.0.0.1', 'connection: close', `content-length: ${Buffer.byteLength(body)}`];
  // Straight at the gateway, mostly with the origin header the edge adds, so the bodies reach the handlers.
  if (!prefix.startsWith(API_BASE_PATH) && rand.next() < 0.8)
    headers.push(`x-origin-verify: ${TEST_ORIGIN_VERIFY_SECRET}`);
  for (let i = Math.floor(rand.next() * 3); i > 0; i--)
    headers.push(`${rand.pick(HEADER_NAMES)}: ${rand.pick(HEADER_VALUES)}`);
  return Buffer.from(`${method} ${target} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n${body}`, 'utf8');
}

describe('the local runtime survives any request', () => {
  let gateway: { url: string; stop(): Promise<void> };
  let site: { url: string; stop(): Promise<void> };
  let gatewayPort: number;
  let sitePort: number;
  const crashes: string[] = [];

  beforeAll(async () => {
    gatewayPort = await freePort();
    sitePort = await freePort();
    const handlers = new Map<string, Handler>();
    gateway = await startGateway({
      port: gatewayPort,
      stage: API_STAGE,
      routes: API_ROUTES,
      // Nothing answers here: every protected route refuses with 401, as without a valid token.
      authorizer: { issuer: 'http://127.0.0.1:9/pool', jwksUri: 'http://127.0.0.1:9/jwks.json', audience: 'fuzz' },
      invoke: async (route, event) => {
        let handler = handlers.get(route.entry);
        if (!handler) {
          handler = ((await import(/* @vite-ignore */ resolve(process.cwd(), route.entry))) as { handler: Handler })
            .handler;
          handlers.set(route.entry, handler);
        }
        return handler(event, lambdaContext);
      },
      log: (line) => {
        if (line.includes('→ 5')) crashes.push(line.slice(0, 500));
      },
    });
    site = await startSiteServer({
      port: sitePort,
      siteDir: resolve(process.cwd(), '.fuzz-site-does-not-exist'),
      runtimeConfig: {
        stage: 'fuzz',
        apiUrl: `http://127.0.0.1:${sitePort}${API_BASE_PATH}`,
        region: 'us-east-1',
        userPoolId: 'us-east-1_fuzz',
        userPoolClientId: 'fuzz',
        liveUrl: 'ws://127.0.0.1:9',
        passwordAuthFlow: 'USER_PASSWORD_AUTH',
      },
      apiOrigin: `http://127.0.0.1:${gatewayPort}`,
      viewer: { city: 'São Lourenço', region: 'MG', country: 'BR', latitude: '', longitude: '' },
      originSecret: TEST_ORIGIN_VERIFY_SECRET,
      uploadsOrigin: 'http://127.0.0.1:9',
    });
  });

  afterAll(async () => {
    await site?.stop();
    await gateway?.stop();
  });

  // At the gateway, with the origin header the edge adds (without it the API answers 403, as on AWS).
  const health = async (port: number, prefix: string) =>
    rawRequest(
      port,
      Buffer.from(
        `GET ${prefix}/health HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n` +
          `x-origin-verify: ${TEST_ORIGIN_VERIFY_SECRET}\r\n\r\n`,
      ),
    );

  it('answers a lone % in the path with 400, at the edge and at the gateway', async () => {
    const request = (prefix: string) =>
      Buffer.from(`GET ${prefix}/postal-codes/% HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n`);
    expect(await rawRequest(sitePort, request(API_BASE_PATH))).toBe(400);
    expect(await rawRequest(gatewayPort, request(`/${API_STAGE}`))).toBe(400);
    expect(await rawRequest(gatewayPort, request(`/${API_STAGE}`).subarray(0))).toBe(400);
    expect(await health(sitePort, API_BASE_PATH)).toBe(200);
  });

  it(
    `answers ${REQUESTS} seeded odd requests with a 4xx or a success, never a 5xx, and keeps answering /health`,
    { timeout: 20_000 },
    async () => {
      const rand = random(SEED);
      const statuses = new Map<string, number>();
      const serverErrors: string[] = [];
      for (let sent = 0; sent < REQUESTS; sent += 25) {
        const batch = Array.from({ length: 25 }, (_, i) => {
          const atEdge = (sent + i) % 2 === 0;
          const bytes = oddRequest(rand, API_ROUTES, atEdge ? API_BASE_PATH : `/${API_STAGE}`);
          return { bytes, port: atEdge ? sitePort : gatewayPort };
        });
        const answers = await Promise.all(batch.map(({ port, bytes }) => rawRequest(port, bytes)));
        answers.forEach((status, i) => {
          const key = String(status);
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (status !== null && status >= 500)
            serverErrors.push(`${status} ← ${batch[i]!.bytes.subarray(0, 160).toString('latin1')}`);
        });
        expect(await health(sitePort, API_BASE_PATH)).toBe(200);
        expect(await health(gatewayPort, `/${API_STAGE}`)).toBe(200);
      }
      expect({ serverErrors, crashes }).toEqual({ serverErrors: [], crashes: [] });
      // The generator really reaches both the refusals and the handlers.
      expect(statuses.get('400')).toBeGreaterThan(30);
      expect([...statuses.keys()].some((status) => ['401', '404', '405', '413', '414', '431'].includes(status))).toBe(
        true,
      );
      console.log('fuzz statuses', Object.fromEntries(statuses));
    },
  );
});

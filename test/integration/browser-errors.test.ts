import { randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportBrowserErrorRoute } from '../../domain/api/browser-errors.js';
import { BROWSER_ERROR_MESSAGES } from '../../domain/browser-errors.js';
import { RATE_LIMITS, rateWindow } from '../../domain/rate-limits.js';
import { handler as reportBrowserError } from '../../lambdas/browser-errors/report-browser-error.js';
import { keys, pointerKey } from '../../lambdas/shared/data/keys.js';
import { rateLimitKey, rateLimitSubjectHash } from '../../lambdas/shared/data/rate-limits.js';
import { logger } from '../../lambdas/shared/logger.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { scanAllItems, testDb } from './db.js';
import { inMiddleOfWindow } from './rate-window.js';

const db = testDb();
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 14) Chrome/131';

/** An address of its own per test (a fresh IPv6 /64), so no test shares its per-address counter. */
const freshAddress = () => `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::9`;
const report = (body: unknown, ip = freshAddress()) =>
  callRoute(reportBrowserErrorRoute, reportBrowserError, {
    body,
    headers: { 'cloudfront-viewer-address': `${ip}:443`, 'user-agent': USER_AGENT },
  });
const validReport = (overrides: Record<string, unknown> = {}) => ({
  kind: 'render',
  route: '/app/dashboard',
  message: 'TypeError: x is undefined',
  build: '2026.11.24-abc123',
  ...overrides,
});
const loggedReports = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([message]) => message === 'Browser error').map(([, extra]) => extra);

afterEach(() => vi.restoreAllMocks());

describe('POST /public/browser-errors', () => {
  it('logs the report with its route pattern, build and user agent, and answers 202', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const result = await report(validReport({ kind: 'rejection', route: '/admin/clientes/:id' }));
    expect(result.status).toBe(202);
    expect(okBody(result)).toEqual({ accepted: true });
    expect(loggedReports(warn)).toEqual([
      {
        browserError: {
          kind: 'rejection',
          route: '/admin/clientes/:id',
          message: 'TypeError: x is undefined',
          build: '2026.11.24-abc123',
          userAgent: USER_AGENT,
        },
      },
    ]);
  });

  it('logs and stores no personal data: documents, e-mails, tokens, phone numbers, ids and the address are gone', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const ip = freshAddress();
    const secrets = [
      '123.456.789-09',
      '12345678909',
      '12.ABC.345/01DE-35',
      'maria.silva@example.com',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      '(11) 98765-4321',
      '01310-100',
      'ABCD2345',
    ];
    const result = await report(
      validReport({
        route: '/verificar/ABCD2345',
        message:
          'Erro ao salvar 123.456.789-09 / 12345678909 / 12.ABC.345/01DE-35 de maria.silva@example.com ' +
          'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl tel (11) 98765-4321 CEP 01310-100 ' +
          'em https://app.example/api/me?email=maria.silva@example.com',
      }),
      ip,
    );
    expect(result.status).toBe(202);
    const [logged] = loggedReports(warn) as [{ browserError: { route: string; message: string } }];
    expect(logged.browserError.route).toBe('/verificar/:param');
    expect(logged.browserError.message).toBe(
      'Erro ao salvar [documento] / [documento] / [documento] de [e-mail] token [token] tel [número] CEP [número] ' +
        'em https://app.example/api/me',
    );
    const line = JSON.stringify(logged);
    for (const secret of [...secrets, ip]) expect(line).not.toContain(secret);

    // The only items the route writes are its counters, keyed by hashes: no report, no address.
    const table = JSON.stringify(await scanAllItems(db));
    for (const secret of [...secrets, ip, 'maria.silva', 'Erro ao salvar']) expect(table).not.toContain(secret);
  });

  it('refuses what is not a report with a pt-BR 400: unknown fields, a full URL as the route, an empty message', async () => {
    const extra = errorOf(await report({ ...validReport(), email: 'ana@example.com' }));
    expect(extra.status).toBe(400);
    const url = errorOf(await report(validReport({ route: '/app/dashboard?cpf=12345678909' })));
    expect(url).toMatchObject({ status: 400, fields: { route: BROWSER_ERROR_MESSAGES.invalidRoute } });
    const empty = errorOf(await report(validReport({ message: '   ' })));
    expect(empty).toMatchObject({ status: 400, fields: { message: BROWSER_ERROR_MESSAGES.invalidMessage } });
    const large = errorOf(await report(validReport({ message: 'x'.repeat(3000) })));
    expect(large).toMatchObject({ status: 400, message: BROWSER_ERROR_MESSAGES.bodyTooLarge });
  });

  it('answers 429 in pt-BR once an address has sent its allowance in the window', async () => {
    const ip = freshAddress();
    const { limit, windowSeconds } = RATE_LIMITS.browserErrorsByAddress;
    await inMiddleOfWindow(windowSeconds, async () => {
      for (let i = 0; i < limit; i++) expect((await report(validReport(), ip)).status).toBe(202);
      const refused = errorOf(await report(validReport(), ip));
      expect(refused).toMatchObject({ status: 429, message: BROWSER_ERROR_MESSAGES.tooManyRequests });
      // Another address still gets through.
      expect((await report(validReport())).status).toBe(202);
    });
  });

  it('stops every address once the global cap of the window is reached, and logs nothing more', async () => {
    const rule = RATE_LIMITS.browserErrorsGlobal;
    await inMiddleOfWindow(rule.windowSeconds, async () => {
      const window = rateWindow(rule, new Date());
      const key = pointerKey(
        keys.rateLimit(rule.scope, rateLimitSubjectHash(await rateLimitKey(), rule.scope, 'all'), window.start),
      );
      await db.client.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { ...key, type: 'RATE_LIMIT', hits: rule.limit, expiresAt: window.end + 60 },
        }),
      );
      try {
        const warn = vi.spyOn(logger, 'warn');
        const refused = errorOf(await report(validReport()));
        expect(refused).toMatchObject({ status: 429, message: BROWSER_ERROR_MESSAGES.tooManyRequests });
        expect(loggedReports(warn)).toEqual([]);
      } finally {
        await db.client.send(new DeleteCommand({ TableName: db.tableName, Key: key }));
      }
    });
  });
});

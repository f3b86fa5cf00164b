import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConversionsSettings } from '../../lambdas/grants.js';

/**
 * A stand-in for the ad platforms' server-side APIs, on loopback. It speaks their shapes, checks their credentials and
 * keeps every request in memory, so tests (and a curious developer) can see exactly what would have left:
 *
 *   POST /meta/<version>/<pixelId>/events?access_token=…        Meta Conversions API → { events_received, fbtrace_id }
 *   POST /google-oauth/token                                     Google OAuth refresh-token grant → { access_token, … }
 *   POST /google-ads/<version>/customers/<id>:uploadClickConversions
 *                                                                Google Ads (developer-token + Bearer) → { results }
 *   GET  /__recorded            every request above, oldest first (not a real API)
 *   POST /__reset               forget them, and any failure switch (access tokens already issued stay valid)
 *   POST /__fail                { api: 'meta' | 'google-ads', status?: 500, times?: 1 }: the next calls fail
 */
export type ConversionsRecorderOptions = {
  /** 0 = any free port. */
  port: number;
  metaAccessToken: string;
  googleDeveloperToken: string;
  /** The `googleAdsOAuth` secret's JSON: the client and refresh token the token endpoint accepts. */
  googleOAuth: string;
  log?: (line: string) => void;
};

export type RecordedApi = 'meta' | 'google-oauth' | 'google-ads';

export type RecordedRequest = {
  api: RecordedApi;
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** Parsed JSON (Meta, Google Ads) or form fields (OAuth). */
  body: unknown;
  /** What the recorder answered. */
  status: number;
  at: string;
};

export type ConversionsRecorder = {
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
};

const MAX_BODY_BYTES = 64 * 1024;
const META_VERSION = 'v21.0';
const GOOGLE_ADS_VERSION = 'v21';

/** The `conversions` grant's values pointing at a recorder at `baseUrl`, with the account ids given. */
export function conversionsSettingsFor(
  baseUrl: string,
  ids: Pick<ConversionsSettings, 'metaPixelId' | 'googleAdsCustomerId' | 'googleAdsConversionActions'>,
): ConversionsSettings {
  return {
    metaApiUrl: `${baseUrl}/meta/${META_VERSION}`,
    googleAdsApiUrl: `${baseUrl}/google-ads/${GOOGLE_ADS_VERSION}`,
    googleOAuthTokenUrl: `${baseUrl}/google-oauth/token`,
    ...ids,
  };
}

const fbtraceId = () => randomBytes(8).toString('base64url');

const metaError = (message: string, code: number, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: fbtraceId() },
});

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startConversionsRecorder(options: ConversionsRecorderOptions): Promise<ConversionsRecorder> {
  const oauth = JSON.parse(options.googleOAuth) as Record<string, string>;
  const recorded: RecordedRequest[] = [];
  const failures: Partial<Record<'meta' | 'google-ads', { status: number; times: number }>> = {};
  const issuedTokens = new Set<string>();

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      options.log?.(`conversions recorder: ${(error as Error).message}`);
      if (!response.headersSent) send(response, 500, { error: 'internal' });
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const method = request.method ?? 'GET';

    if (method === 'GET' && path === '/__recorded') return send(response, 200, { requests: recorded });
    if (method === 'POST' && path === '/__reset') {
      recorded.length = 0;
      delete failures.meta;
      delete failures['google-ads'];
      return send(response, 200, { ok: true });
    }

    const raw = await readBody(request);
    if (raw === null) return send(response, 413, { error: 'payload too large' });

    if (method === 'POST' && path === '/__fail') {
      const body = parseJson(raw) as { api?: string; status?: number; times?: number } | undefined;
      if (body?.api !== 'meta' && body?.api !== 'google-ads') return send(response, 400, { error: 'api?' });
      failures[body.api] = { status: body.status ?? 500, times: body.times ?? 1 };
      return send(response, 200, { ok: true });
    }

    const meta = /^\/meta\/v\d+\.\d+\/([^/]+)\/events$/.exec(path);
    const googleAds = /^\/google-ads\/v\d+\/customers\/(\d+):uploadClickConversions$/.exec(path);
    const record = (api: RecordedApi, body: unknown, status: number) =>
      recorded.push({
        api,
        method,
        path,
        query: Object.fromEntries(url.searchParams),
        headers: {
          'content-type': request.headers['content-type'],
          authorization: request.headers.authorization,
          'developer-token': header(request, 'developer-token'),
        },
        body,
        status,
        at: new Date().toISOString(),
      });

    if (method === 'POST' && meta) {
      const body = parseJson(raw);
      const [status, answer] = answerMeta(url.searchParams.get('access_token'), body);
      record('meta', body, status);
      return send(response, status, answer);
    }
    if (method === 'POST' && path === '/google-oauth/token') {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const valid =
        form.grant_type === 'refresh_token' &&
        form.client_id === oauth.client_id &&
        form.client_secret === oauth.client_secret &&
        form.refresh_token === oauth.refresh_token;
      const status = valid ? 200 : 400;
      record('google-oauth', { ...form, client_secret: form.client_secret ? '***' : undefined }, status);
      if (!valid) return send(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      const token = `ya29.local-${randomUUID()}`;
      issuedTokens.add(token);
      return send(response, 200, {
        access_token: token,
        expires_in: 3599,
        scope: 'https://www.googleapis.com/auth/adwords',
        token_type: 'Bearer',
      });
    }
    if (method === 'POST' && googleAds) {
      const body = parseJson(raw);
      const [status, answer] = answerGoogleAds(request, googleAds[1]!, body);
      record('google-ads', body, status);
      return send(response, status, answer);
    }
    send(response, 404, { error: 'not found' });
  }

  function failing(api: 'meta' | 'google-ads'): number | null {
    const failure = failures[api];
    if (!failure) return null;
    failure.times -= 1;
    if (failure.times <= 0) delete failures[api];
    return failure.status;
  }

  function answerMeta(token: string | null, body: unknown): [number, unknown] {
    const failure = failing('meta');
    if (failure) return [failure, metaError('An unexpected error has occurred. Please retry your request later.', 2)];
    if (token !== options.metaAccessToken) return [400, metaError('Invalid OAuth access token data.', 190)];
    const data = (body as { data?: unknown } | undefined)?.data;
    const valid =
      Array.isArray(data) &&
      data.length > 0 &&
      data.every((event: Record<string, unknown>) => {
        const userData = event.user_data as Record<string, unknown> | undefined;
        return (
          typeof event.event_name === 'string' &&
          typeof event.event_time === 'number' &&
          typeof event.action_source === 'string' &&
          typeof userData === 'object' &&
          // Website events need the browser's user agent and the page (Meta's required parameters).
          (event.action_source !== 'website' ||
            (typeof userData.client_user_agent === 'string' && typeof event.event_source_url === 'string'))
        );
      });
    if (!valid) return [400, metaError('Invalid parameter', 100)];
    return [200, { events_received: (data as unknown[]).length, messages: [], fbtrace_id: fbtraceId() }];
  }

  function answerGoogleAds(request: IncomingMessage, customerId: string, body: unknown): [number, unknown] {
    const failure = failing('google-ads');
    if (failure) return [failure, googleError(failure, 'INTERNAL', 'Internal error encountered.')];
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !issuedTokens.has(bearer)) {
      return [401, googleError(401, 'UNAUTHENTICATED', 'Request is missing required authentication credential.')];
    }
    if (header(request, 'developer-token') !== options.googleDeveloperToken) {
      return [401, googleError(401, 'UNAUTHENTICATED', 'The developer token is not valid.')];
    }
    const { conversions, partialFailure } = (body ?? {}) as { conversions?: unknown; partialFailure?: unknown };
    if (partialFailure !== true || !Array.isArray(conversions) || conversions.length === 0) {
      return [400, googleError(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.')];
    }
    const results = (conversions as Record<string, unknown>[]).map((conversion) => {
      const valid =
        typeof conversion.conversionAction === 'string' &&
        conversion.conversionAction.startsWith(`customers/${customerId}/conversionActions/`) &&
        typeof conversion.conversionDateTime === 'string' &&
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/.test(conversion.conversionDateTime) &&
        (typeof conversion.gclid === 'string' || Array.isArray(conversion.userIdentifiers));
      return valid
        ? {
            conversionAction: conversion.conversionAction,
            conversionDateTime: conversion.conversionDateTime,
            ...(conversion.gclid ? { gclid: conversion.gclid } : {}),
          }
        : null;
    });
    const failed = results.findIndex((result) => result === null);
    return [
      200,
      {
        results: results.map((result) => result ?? {}),
        ...(failed >= 0
          ? { partialFailureError: { code: 3, message: `Invalid conversion at operations[${failed}]`, details: [] } }
          : {}),
        jobId: String(Date.now()),
      },
    ];
  }

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolveListen);
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

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** What the recorder has seen so far (tests). */
export async function recordedConversions(recorderUrl: string): Promise<RecordedRequest[]> {
  const response = await fetch(`${recorderUrl}/__recorded`);
  return ((await response.json()) as { requests: RecordedRequest[] }).requests;
}

import { createHash } from 'node:crypto';
import * as z from 'zod';
import { META_EVENT_NAMES, TRACKING_CURRENCY, type ConversionEvent } from '../../domain/conversion-events.js';
import { httpJson, type RetryPolicy } from './http-json.js';

/**
 * Server-side marketing conversions (spec 01 §7: facebook-conversions, google-ads-conversions): one interface, one
 * implementation per ad platform, each configured by endpoint and account id. A platform without its id is a no-op that
 * says so once, so a stage without marketing accounts runs unchanged. Failures are thrown to the caller, which only
 * logs them: tracking never fails what a person is doing.
 */

/** Meta's Graph API with the version the request shape below was written against. */
export const META_GRAPH_URL = 'https://graph.facebook.com/v21.0';
/** Google Ads REST API; versions sunset about a year after release, so the stack can name a newer one. */
export const GOOGLE_ADS_URL = 'https://googleads.googleapis.com/v21';
export const GOOGLE_OAUTH_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export type ConversionUser = {
  /** SHA-256 (hex) of the trimmed, lower-cased e-mail: never the address itself. */
  hashedEmail?: string;
  ip?: string;
  userAgent?: string;
  /** Meta's browser id (`_fbp`) and click id (`_fbc`). */
  fbp?: string;
  fbc?: string;
  /** Google's click id, when the visit came from an ad (`?gclid=` on the page). */
  gclid?: string;
};

export type Conversion = {
  event: ConversionEvent;
  /** Deduplication key: the browser's event id (shared with the pixel), or one derived from the charge. */
  eventId: string;
  time: Date;
  sourceUrl: string;
  /** 'website': the browser reported it; 'system': the server decided it (a payment the provider confirmed). */
  origin: 'website' | 'system';
  /** Reais. */
  value?: number;
  /** The charge id of a purchase (Meta's order_id, Google's orderId). */
  transactionId?: string;
  user: ConversionUser;
};

/** What a platform did with an event: sent, or skipped on purpose (not configured, nothing it can match on). */
export type ConversionResult = 'sent' | 'skipped';

export interface ConversionsProvider {
  readonly name: 'meta' | 'google-ads';
  send(conversion: Conversion): Promise<ConversionResult>;
}

export class ConversionRejectedError extends Error {
  constructor(
    readonly provider: ConversionsProvider['name'],
    readonly status: number,
    readonly detail: unknown,
  ) {
    super(`${provider} refused the conversion (HTTP ${status})`);
    this.name = 'ConversionRejectedError';
  }
}

/** The identifier both platforms match on: SHA-256 of the trimmed, lower-cased address. */
export function hashEmail(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase(), 'utf8').digest('hex');
}

type Log = (message: string, details?: Record<string, unknown>) => void;

/** A provider left unconfigured: it sends nothing and says why once per container, not once per event. */
function unconfigured(name: ConversionsProvider['name'], reason: string, log: Log): ConversionsProvider {
  let told = false;
  return {
    name,
    send: async () => {
      if (!told) log(`${name} conversions are off: ${reason}`);
      told = true;
      return 'skipped';
    },
  };
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 2, baseDelayMs: 200, maxDelayMs: 1000 };

type HttpOptions = {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  retry?: RetryPolicy;
};

// ---------------------------------------------------------------------------------------------------------------------
// Meta Conversions API

/** One event of Meta's `data` array (https://developers.facebook.com/docs/marketing-api/conversions-api/parameters). */
export function metaServerEvent(conversion: Conversion) {
  const { user } = conversion;
  return {
    event_name: META_EVENT_NAMES[conversion.event].name,
    event_time: Math.floor(conversion.time.getTime() / 1000),
    event_id: conversion.eventId,
    event_source_url: conversion.sourceUrl,
    // A website event needs the visitor's user agent, which a payment confirmed by Asaas does not have: Meta takes
    // such an event as 'system_generated', for which action_source alone is required.
    action_source: conversion.origin === 'website' ? 'website' : 'system_generated',
    user_data: {
      ...(user.hashedEmail ? { em: [user.hashedEmail] } : {}),
      ...(user.ip ? { client_ip_address: user.ip } : {}),
      ...(user.userAgent ? { client_user_agent: user.userAgent } : {}),
      ...(user.fbp ? { fbp: user.fbp } : {}),
      ...(user.fbc ? { fbc: user.fbc } : {}),
    },
    custom_data: {
      currency: TRACKING_CURRENCY,
      ...(conversion.value === undefined ? {} : { value: conversion.value }),
      ...(conversion.transactionId ? { order_id: conversion.transactionId } : {}),
    },
  };
}

export type MetaConversionsOptions = HttpOptions & {
  /** Graph API base URL with its version, e.g. META_GRAPH_URL. */
  apiUrl: string;
  /** Without it, the provider is a no-op. */
  pixelId?: string;
  /** The Conversions API access token, read when the first event goes out. */
  accessToken: () => Promise<string>;
  log: Log;
};

/** `POST <graph>/<pixelId>/events?access_token=…` with `{ data: [event] }`. */
export function createMetaConversions(options: MetaConversionsOptions): ConversionsProvider {
  if (!options.pixelId) return unconfigured('meta', 'no pixel id configured', options.log);
  const url = `${options.apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.pixelId)}/events`;
  return {
    name: 'meta',
    send: async (conversion) => {
      const token = await options.accessToken();
      const { status, body } = await httpJson(`${url}?access_token=${encodeURIComponent(token)}`, {
        method: 'POST',
        body: { data: [metaServerEvent(conversion)] },
        timeoutMs: options.timeoutMs ?? 3000,
        retry: options.retry ?? DEFAULT_RETRY,
        fetch: options.fetch,
        sleep: options.sleep,
      }).catch((error: unknown) => {
        // The URL carries the token: never let it reach a log line through the error.
        throw new Error('Meta Conversions API unavailable', { cause: (error as Error).name });
      });
      if (status !== 200) throw new ConversionRejectedError('meta', status, (body as { error?: unknown })?.error);
      return 'sent';
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Google Ads (click conversions, with enhanced-conversion identifiers)

/** `event=id,event=id` → the conversion action id of each event; anything malformed is a configuration error. */
export function parseConversionActions(value: string | undefined): Partial<Record<ConversionEvent, string>> {
  const actions: Partial<Record<ConversionEvent, string>> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^(lead|sign_up|login|checkout|purchase)=(\d+)$/.exec(pair);
    if (!match) throw new Error(`Invalid Google Ads conversion action "${pair}" (expected event=numericId)`);
    actions[match[1] as ConversionEvent] = match[2];
  }
  return actions;
}

/** Google's "yyyy-mm-dd hh:mm:ss+hh:mm", in UTC. */
export function googleDateTime(time: Date): string {
  return `${time.toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

/**
 * One ClickConversion of `customers/{id}:uploadClickConversions` (REST, camelCase). Deliberately minimal: the
 * conversion action, time, value, currency, order id, the click id when there is one and the hashed e-mail as the
 * enhanced-conversions identifier; no cart data, custom variables or consent (not needed for Brazilian traffic).
 */
export function googleClickConversion(conversion: Conversion, customerId: string, conversionActionId: string) {
  return {
    conversionAction: `customers/${customerId}/conversionActions/${conversionActionId}`,
    conversionDateTime: googleDateTime(conversion.time),
    ...(conversion.value === undefined ? {} : { conversionValue: conversion.value, currencyCode: TRACKING_CURRENCY }),
    ...(conversion.transactionId ? { orderId: conversion.transactionId } : {}),
    ...(conversion.user.gclid ? { gclid: conversion.user.gclid } : {}),
    ...(conversion.user.hashedEmail ? { userIdentifiers: [{ hashedEmail: conversion.user.hashedEmail }] } : {}),
  };
}

/** The OAuth client and refresh token of the Google Ads account (the `googleAdsOAuth` secret, JSON). */
export const googleOAuthSecretSchema = z.object({
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  refresh_token: z.string().min(1),
});
export type GoogleOAuthSecret = z.infer<typeof googleOAuthSecretSchema>;

const accessTokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() }).loose();

export type GoogleAdsConversionsOptions = HttpOptions & {
  /** Google Ads REST base URL with its version, e.g. GOOGLE_ADS_URL. */
  apiUrl: string;
  oauthTokenUrl: string;
  /** Digits only; without it (or without any conversion action) the provider is a no-op. */
  customerId?: string;
  conversionActions: Partial<Record<ConversionEvent, string>>;
  developerToken: () => Promise<string>;
  oauth: () => Promise<GoogleOAuthSecret>;
  log: Log;
  now?: () => number;
};

/**
 * `POST <ads>/customers/<id>:uploadClickConversions` with the developer token and an OAuth access token obtained
 * from the refresh token (kept until a minute before it expires). An event Google cannot match (no click id and no
 * e-mail) or that has no conversion action is skipped.
 */
export function createGoogleAdsConversions(options: GoogleAdsConversionsOptions): ConversionsProvider {
  const customerId = options.customerId?.replace(/-/g, '');
  if (!customerId) return unconfigured('google-ads', 'no customer id configured', options.log);
  if (Object.keys(options.conversionActions).length === 0) {
    return unconfigured('google-ads', 'no conversion action configured', options.log);
  }
  const now = options.now ?? Date.now;
  const fetchImpl = options.fetch ?? fetch;
  let cached: { token: string; until: number } | null = null;

  const accessToken = async (): Promise<string> => {
    if (cached && cached.until > now()) return cached.token;
    const oauth = await options.oauth();
    const response = await fetchImpl(options.oauthTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'refresh_token', ...oauth }).toString(),
      signal: AbortSignal.timeout(options.timeoutMs ?? 3000),
    });
    const parsed = accessTokenSchema.safeParse(await response.json().catch(() => undefined));
    if (!response.ok || !parsed.success) throw new ConversionRejectedError('google-ads', response.status, 'oauth');
    cached = { token: parsed.data.access_token, until: now() + (parsed.data.expires_in - 60) * 1000 };
    return cached.token;
  };

  const url = `${options.apiUrl.replace(/\/+$/, '')}/customers/${customerId}:uploadClickConversions`;
  return {
    name: 'google-ads',
    send: async (conversion) => {
      const actionId = options.conversionActions[conversion.event];
      if (!actionId || (!conversion.user.gclid && !conversion.user.hashedEmail)) return 'skipped';
      const [token, developerToken] = await Promise.all([accessToken(), options.developerToken()]);
      const { status, body } = await httpJson(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'developer-token': developerToken },
        // Google requires partialFailure: errors of one conversion come back in the 200 answer.
        body: { conversions: [googleClickConversion(conversion, customerId, actionId)], partialFailure: true },
        timeoutMs: options.timeoutMs ?? 3000,
        retry: options.retry ?? DEFAULT_RETRY,
        fetch: options.fetch,
        sleep: options.sleep,
      });
      if (status === 401) cached = null;
      const partialFailure = (body as { partialFailureError?: unknown } | undefined)?.partialFailureError;
      if (status !== 200 || partialFailure) {
        throw new ConversionRejectedError('google-ads', status, partialFailure ?? (body as { error?: unknown })?.error);
      }
      return 'sent';
    },
  };
}

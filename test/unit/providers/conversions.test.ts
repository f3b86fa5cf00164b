import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createGoogleAdsConversions,
  createMetaConversions,
  googleClickConversion,
  googleDateTime,
  hashEmail,
  metaServerEvent,
  parseConversionActions,
  type Conversion,
} from '../../../lambdas/providers/conversions.js';
import {
  conversionsSettingsFor,
  recordedConversions,
  startConversionsRecorder,
  type ConversionsRecorder,
} from '../../../local/services/conversions-recorder.js';
import { noSleep } from './loopback.js';

const META_TOKEN = 'meta-token-0123456789';
const DEVELOPER_TOKEN = 'developer-token-0123456789';
const OAUTH = { client_id: 'client', client_secret: 'client-secret', refresh_token: 'refresh' };
const TIME = new Date('2026-11-23T14:21:12.345Z');

const checkout: Conversion = {
  event: 'checkout',
  eventId: '0b7e7c1e-0000-4000-8000-000000000001',
  time: TIME,
  sourceUrl: 'https://baixa.example.com/app/pagamento?gclid=abc',
  origin: 'website',
  value: 399,
  user: { ip: '203.0.113.7', userAgent: 'Mozilla/5.0', fbp: 'fb.1.1.2', fbc: 'fb.1.1.click', gclid: 'abc' },
};
const purchase: Conversion = {
  event: 'purchase',
  eventId: 'purchase-charge-1',
  time: TIME,
  sourceUrl: 'https://baixa.example.com/app/pagamento',
  origin: 'system',
  value: 399,
  transactionId: 'charge-1',
  user: { hashedEmail: hashEmail(' Maria@Example.com ') },
};

describe('payload mapping', () => {
  it('hashes the trimmed, lower-cased e-mail with SHA-256 (hex)', () => {
    expect(hashEmail(' Maria@Example.COM ')).toBe(hashEmail('maria@example.com'));
    // sha256 of the bytes of 'maria@example.com', computed outside Node.
    expect(hashEmail('maria@example.com')).toBe('10ef04a5a1acd81d18a0c61fdd354a063da07223720a1d8760aa5c2afa5e8ee0');
  });

  it("maps a browser event to Meta's server event: standard name, seconds, website source, BRL", () => {
    expect(metaServerEvent(checkout)).toEqual({
      event_name: 'InitiateCheckout',
      event_time: Math.floor(TIME.getTime() / 1000),
      event_id: checkout.eventId,
      event_source_url: checkout.sourceUrl,
      action_source: 'website',
      user_data: {
        client_ip_address: '203.0.113.7',
        client_user_agent: 'Mozilla/5.0',
        fbp: 'fb.1.1.2',
        fbc: 'fb.1.1.click',
      },
      custom_data: { currency: 'BRL', value: 399 },
    });
  });

  it('maps every event to its Meta name, and the server-decided purchase to system_generated with the order id', () => {
    const names = (['lead', 'sign_up', 'login', 'checkout', 'purchase'] as const).map(
      (event) => metaServerEvent({ ...checkout, event }).event_name,
    );
    expect(names).toEqual(['Lead', 'CompleteRegistration', 'Login', 'InitiateCheckout', 'Purchase']);
    const event = metaServerEvent(purchase);
    expect(event.action_source).toBe('system_generated');
    expect(event.user_data).toEqual({ em: [hashEmail('maria@example.com')] });
    expect(event.custom_data).toEqual({ currency: 'BRL', value: 399, order_id: 'charge-1' });
    // No value claimed where there is none.
    expect(metaServerEvent({ ...checkout, event: 'lead', value: undefined }).custom_data).toEqual({ currency: 'BRL' });
  });

  it("maps to Google Ads' ClickConversion: resource name, UTC date time, value in BRL, order id, identifiers", () => {
    expect(googleDateTime(TIME)).toBe('2026-11-23 14:21:12+00:00');
    expect(googleClickConversion(purchase, '1234567890', '55')).toEqual({
      conversionAction: 'customers/1234567890/conversionActions/55',
      conversionDateTime: '2026-11-23 14:21:12+00:00',
      conversionValue: 399,
      currencyCode: 'BRL',
      orderId: 'charge-1',
      userIdentifiers: [{ hashedEmail: hashEmail('maria@example.com') }],
    });
    expect(googleClickConversion({ ...checkout, value: undefined }, '1', '2')).toEqual({
      conversionAction: 'customers/1/conversionActions/2',
      conversionDateTime: '2026-11-23 14:21:12+00:00',
      gclid: 'abc',
    });
  });

  it('reads the conversion actions as event=id pairs and refuses anything else', () => {
    expect(parseConversionActions(' purchase=5, sign_up=6 ')).toEqual({ purchase: '5', sign_up: '6' });
    expect(parseConversionActions(undefined)).toEqual({});
    expect(() => parseConversionActions('refund=1')).toThrow('Invalid Google Ads conversion action');
    expect(() => parseConversionActions('purchase=abc')).toThrow();
  });
});

describe('unconfigured providers', () => {
  it('send nothing and say so once per container', async () => {
    const log = vi.fn();
    const fetch = vi.fn();
    const token = vi.fn();
    const meta = createMetaConversions({ apiUrl: 'https://graph.example', accessToken: token, log, fetch });
    const google = createGoogleAdsConversions({
      apiUrl: 'https://ads.example',
      oauthTokenUrl: 'https://oauth.example',
      conversionActions: { purchase: '1' },
      developerToken: token,
      oauth: token,
      log,
      fetch,
    });
    const googleWithoutActions = createGoogleAdsConversions({
      apiUrl: 'https://ads.example',
      oauthTokenUrl: 'https://oauth.example',
      customerId: '1234567890',
      conversionActions: {},
      developerToken: token,
      oauth: token,
      log,
      fetch,
    });
    for (let i = 0; i < 3; i++) {
      expect(await meta.send(checkout)).toBe('skipped');
      expect(await google.send(purchase)).toBe('skipped');
      expect(await googleWithoutActions.send(purchase)).toBe('skipped');
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(token).not.toHaveBeenCalled();
    expect(log.mock.calls.map(([line]) => line)).toEqual([
      'meta conversions are off: no pixel id configured',
      'google-ads conversions are off: no customer id configured',
      'google-ads conversions are off: no conversion action configured',
    ]);
  });
});

describe('against the local recorder (the APIs’ shapes and credentials)', () => {
  let recorder: ConversionsRecorder;
  beforeAll(async () => {
    recorder = await startConversionsRecorder({
      port: 0,
      metaAccessToken: META_TOKEN,
      googleDeveloperToken: DEVELOPER_TOKEN,
      googleOAuth: JSON.stringify(OAUTH),
    });
  });
  afterAll(() => recorder.stop());
  beforeEach(() => fetch(`${recorder.url}/__reset`, { method: 'POST' }));

  const settings = () =>
    conversionsSettingsFor(recorder.url, { metaPixelId: '100000000000001', googleAdsCustomerId: '123-456-7890' });
  const meta = (token = META_TOKEN) =>
    createMetaConversions({
      apiUrl: settings().metaApiUrl,
      pixelId: settings().metaPixelId,
      accessToken: async () => token,
      log: () => {},
      sleep: noSleep,
    });
  const google = (oauth = OAUTH) =>
    createGoogleAdsConversions({
      apiUrl: settings().googleAdsApiUrl,
      oauthTokenUrl: settings().googleOAuthTokenUrl,
      customerId: settings().googleAdsCustomerId,
      conversionActions: { purchase: '55', checkout: '56' },
      developerToken: async () => DEVELOPER_TOKEN,
      oauth: async () => oauth,
      log: () => {},
      sleep: noSleep,
    });

  it('posts { data: [event] } to /<pixel>/events with the access token', async () => {
    expect(await meta().send(checkout)).toBe('sent');
    const [request] = await recordedConversions(recorder.url);
    expect(request).toMatchObject({
      api: 'meta',
      path: '/meta/v21.0/100000000000001/events',
      query: { access_token: META_TOKEN },
      status: 200,
      body: { data: [metaServerEvent(checkout)] },
    });
  });

  it('throws when Meta refuses (a wrong token), without the token in the error', async () => {
    const error = (await meta('wrong')
      .send(checkout)
      .catch((e: unknown) => e)) as Error & { status: number };
    expect(error).toMatchObject({ name: 'ConversionRejectedError', status: 400 });
    expect(JSON.stringify(error) + error.message).not.toContain('wrong');
  });

  it('exchanges the refresh token once, then uploads with the developer token and the bearer', async () => {
    const provider = google();
    expect(await provider.send(purchase)).toBe('sent');
    expect(await provider.send({ ...purchase, transactionId: 'charge-2' })).toBe('sent');
    const requests = await recordedConversions(recorder.url);
    expect(requests.map((r) => r.api)).toEqual(['google-oauth', 'google-ads', 'google-ads']);
    expect(requests[0]!.body).toMatchObject({
      grant_type: 'refresh_token',
      client_id: 'client',
      refresh_token: 'refresh',
    });
    expect(requests[1]).toMatchObject({
      path: '/google-ads/v21/customers/1234567890:uploadClickConversions',
      headers: { 'developer-token': DEVELOPER_TOKEN, authorization: expect.stringMatching(/^Bearer ya29\./) },
      body: { conversions: [googleClickConversion(purchase, '1234567890', '55')], partialFailure: true },
      status: 200,
    });
  });

  it('skips what Google cannot match or has no action for, and throws on a refused grant', async () => {
    expect(await google().send({ ...checkout, user: {} })).toBe('skipped');
    expect(await google().send({ ...checkout, event: 'lead' })).toBe('skipped');
    await expect(google({ ...OAUTH, refresh_token: 'revoked' }).send(purchase)).rejects.toMatchObject({
      name: 'ConversionRejectedError',
    });
  });

  it('throws on a server error that outlasts the retries', async () => {
    await fetch(`${recorder.url}/__fail`, { method: 'POST', body: JSON.stringify({ api: 'meta', times: 5 }) });
    await expect(meta().send(checkout)).rejects.toThrow('Meta Conversions API unavailable');
  });
});

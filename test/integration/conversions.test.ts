import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordConversionRoute } from '../../domain/api/conversions.js';
import { CONVERSION_RATE_LIMIT } from '../../domain/conversion-events.js';
import { CONVERSION_MESSAGES } from '../../domain/messages.js';
import { handler as recordConversion } from '../../lambdas/conversions/record-conversion.js';
import { hashEmail } from '../../lambdas/providers/conversions.js';
import { getProcess } from '../../lambdas/shared/data/processes.js';
import { logger } from '../../lambdas/shared/logger.js';
import { handler as confirmPayment } from '../../lambdas/workflow/confirm-payment.js';
import {
  recordedConversions,
  startConversionsRecorder,
  type ConversionsRecorder,
  type RecordedRequest,
} from '../../local/services/conversions-recorder.js';
import { callRoute, errorOf, okBody } from '../route-call.js';
import { testDb } from './db.js';
import {
  CONVERSIONS_PORT,
  INTEGRATION_GOOGLE_ADS_CUSTOMER,
  INTEGRATION_PIXEL_ID,
  INTEGRATION_SECRETS,
} from './global-setup.js';
import { seedCustomer, seedPendingCharge } from './seed.js';

const db = testDb();
let recorder: ConversionsRecorder;
let nextAddress = 1;

beforeAll(async () => {
  recorder = await startConversionsRecorder({
    port: CONVERSIONS_PORT,
    metaAccessToken: INTEGRATION_SECRETS.metaConversionsToken,
    googleDeveloperToken: INTEGRATION_SECRETS.googleAdsDeveloperToken,
    googleOAuth: INTEGRATION_SECRETS.googleAdsOAuth,
  });
});
afterAll(() => recorder.stop());
beforeEach(() => fetch(`${recorder.url}/__reset`, { method: 'POST' }));
afterEach(() => vi.restoreAllMocks());

const failNext = (api: 'meta' | 'google-ads', times = 5) =>
  fetch(`${recorder.url}/__fail`, { method: 'POST', body: JSON.stringify({ api, status: 500, times }) });
const recorded = async (api: RecordedRequest['api']) =>
  (await recordedConversions(recorder.url)).filter((request) => request.api === api);

/** A fresh viewer address per call site, so the per-address limit of one test does not touch the others. */
const viewer = () => ({
  'cloudfront-viewer-address': `203.0.113.${nextAddress++}:51234`,
  'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131',
});
const send = (body: unknown, headers: Record<string, string> = viewer()) =>
  callRoute(recordConversionRoute, recordConversion, { body, headers });

describe('POST /public/conversions', () => {
  it('fans a sign-up out to Meta and Google Ads with the viewer address, user agent and hashed e-mail', async () => {
    const eventId = randomUUID();
    const headers = viewer();
    const result = await send(
      {
        event: 'sign_up',
        event_id: eventId,
        page_url: 'https://baixa.example.com/auth?mode=register&gclid=Cj0KCQtest',
        fbp: 'fb.1.1700000000000.123456789',
        fbc: 'fb.1.1700000000000.IwAR0',
        email: 'Maria.Silva@Example.com',
      },
      headers,
    );
    expect(result.status).toBe(202);
    expect(okBody(result)).toEqual({ accepted: true });

    const [meta] = await recorded('meta');
    expect(meta).toMatchObject({
      path: `/meta/v21.0/${INTEGRATION_PIXEL_ID}/events`,
      query: { access_token: INTEGRATION_SECRETS.metaConversionsToken },
      status: 200,
    });
    expect((meta!.body as { data: unknown[] }).data).toEqual([
      {
        event_name: 'CompleteRegistration',
        event_time: expect.any(Number),
        event_id: eventId,
        event_source_url: 'https://baixa.example.com/auth?mode=register&gclid=Cj0KCQtest',
        action_source: 'website',
        user_data: {
          em: [hashEmail('maria.silva@example.com')],
          client_ip_address: headers['cloudfront-viewer-address'].replace(/:51234$/, ''),
          client_user_agent: headers['user-agent'],
          fbp: 'fb.1.1700000000000.123456789',
          fbc: 'fb.1.1700000000000.IwAR0',
        },
        custom_data: { currency: 'BRL' },
      },
    ]);

    const [google] = await recorded('google-ads');
    expect(google).toMatchObject({
      path: `/google-ads/v21/customers/${INTEGRATION_GOOGLE_ADS_CUSTOMER}:uploadClickConversions`,
      headers: { 'developer-token': INTEGRATION_SECRETS.googleAdsDeveloperToken },
      status: 200,
      body: {
        partialFailure: true,
        conversions: [
          {
            conversionAction: `customers/${INTEGRATION_GOOGLE_ADS_CUSTOMER}/conversionActions/1002`,
            conversionDateTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+00:00$/),
            gclid: 'Cj0KCQtest',
            userIdentifiers: [{ hashedEmail: hashEmail('maria.silva@example.com') }],
          },
        ],
      },
    });
    // The address itself never leaves.
    expect(JSON.stringify(await recordedConversions(recorder.url))).not.toMatch(/maria\.silva@example\.com/i);
  });

  it("values a checkout at R$ 399 in BRL, the server's value", async () => {
    const result = await send({
      event: 'checkout',
      event_id: randomUUID(),
      page_url: 'https://baixa.example.com/app/pagamento?gclid=Cj0KCQpay',
    });
    expect(result.status).toBe(202);
    const [meta] = await recorded('meta');
    expect((meta!.body as { data: { custom_data: unknown; event_name: string }[] }).data[0]).toMatchObject({
      event_name: 'InitiateCheckout',
      custom_data: { currency: 'BRL', value: 399 },
    });
    const [google] = await recorded('google-ads');
    expect(google!.body).toMatchObject({
      conversions: [{ conversionAction: expect.stringMatching(/\/1004$/), conversionValue: 399, currencyCode: 'BRL' }],
    });
  });

  it('refuses a purchase from the browser, a claimed value, an e-mail on a lead and an oversized body (400)', async () => {
    const base = { event_id: randomUUID(), page_url: 'https://baixa.example.com/' };
    const purchase = errorOf(await send({ ...base, event: 'purchase' }));
    expect(purchase).toMatchObject({
      status: 400,
      code: 'validation',
      fields: { event: CONVERSION_MESSAGES.invalidEvent },
    });
    expect(errorOf(await send({ ...base, event: 'checkout', value: 1 })).status).toBe(400);
    expect(errorOf(await send({ ...base, event: 'lead', email: 'maria@example.com' })).fields).toEqual({
      email: CONVERSION_MESSAGES.emailNotAllowed,
    });
    const large = errorOf(await send({ ...base, event: 'lead', fbp: 'x'.repeat(5000) }));
    expect(large).toMatchObject({ status: 400, message: CONVERSION_MESSAGES.bodyTooLarge });
    expect(await recordedConversions(recorder.url)).toEqual([]);
  });

  it('answers 202 when a platform fails, logs it, and still delivers to the other one', async () => {
    const warn = vi.spyOn(logger, 'warn');
    await failNext('meta');
    const eventId = randomUUID();
    const result = await send({
      event: 'login',
      event_id: eventId,
      page_url: 'https://baixa.example.com/auth',
      email: 'joao@example.com',
    });
    expect(result.status).toBe(202);
    expect((await recorded('meta')).every((request) => request.status === 500)).toBe(true);
    expect(await recorded('google-ads')).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      'Conversion not delivered',
      expect.objectContaining({ provider: 'meta', event: 'login', eventId }),
    );
  });

  it('refuses an address past its limit (429), counting in the table', async () => {
    const headers = viewer();
    const lead = () => send({ event: 'lead', event_id: randomUUID(), page_url: 'https://baixa.example.com/' }, headers);
    const results = await Promise.all(Array.from({ length: CONVERSION_RATE_LIMIT.limit + 2 }, lead));
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(CONVERSION_RATE_LIMIT.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(errorOf(results.find((result) => result.status === 429)!).message).toBe(CONVERSION_MESSAGES.tooManyRequests);
  });
});

describe('ConfirmPayment → purchase', () => {
  it('sends the purchase once per charge (R$ 399, BRL, charge id, hashed e-mail), however often the step runs', async () => {
    const { userId, contract, profile } = await seedCustomer(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id }, 'RECEIVED');
    const input = { userId, contractId: contract.id, chargeId: charge.id };
    await confirmPayment(input);
    // A retried step, and two more at once.
    await confirmPayment(input);
    await Promise.all([confirmPayment(input), confirmPayment(input)]);

    const meta = await recorded('meta');
    expect(meta).toHaveLength(1);
    expect((meta[0]!.body as { data: unknown[] }).data).toEqual([
      {
        event_name: 'Purchase',
        event_time: expect.any(Number),
        event_id: `purchase-${charge.id}`,
        event_source_url: 'http://127.0.0.1:5173/app/pagamento',
        action_source: 'system_generated',
        user_data: { em: [hashEmail(profile.email)] },
        custom_data: { currency: 'BRL', value: 399, order_id: charge.id },
      },
    ]);
    const google = await recorded('google-ads');
    expect(google).toHaveLength(1);
    expect(google[0]!.body).toMatchObject({
      conversions: [
        {
          conversionAction: `customers/${INTEGRATION_GOOGLE_ADS_CUSTOMER}/conversionActions/1005`,
          conversionValue: 399,
          currencyCode: 'BRL',
          orderId: charge.id,
          userIdentifiers: [{ hashedEmail: hashEmail(profile.email) }],
        },
      ],
    });
  });

  it('never fails the payment step when the platforms fail: logged, and the process is paid', async () => {
    const warn = vi.spyOn(logger, 'warn');
    const { userId, contract } = await seedCustomer(db);
    const charge = await seedPendingCharge(db, { userId, contractId: contract.id }, 'RECEIVED');
    await failNext('meta');
    await failNext('google-ads');
    const result = await confirmPayment({ userId, contractId: contract.id, chargeId: charge.id });
    expect(result.status).toBe('pago');
    expect((await getProcess(db, { userId, contractId: contract.id }))?.status).toBe('pago');
    expect(warn).toHaveBeenCalledWith('Conversion not delivered', expect.objectContaining({ provider: 'meta' }));
    expect(warn).toHaveBeenCalledWith('Conversion not delivered', expect.objectContaining({ provider: 'google-ads' }));
  });
});

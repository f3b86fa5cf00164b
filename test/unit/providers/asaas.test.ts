import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsaasError, createAsaasClient, type AsaasClientOptions } from '../../../lambdas/providers/asaas.js';
import { HttpUnavailableError } from '../../../lambdas/providers/http-json.js';
import { noSleep, sequence, startLoopback, type Handler, type LoopbackServer } from './loopback.js';

const API_KEY = '$aact_test_key_0123456789';
const payment = {
  object: 'payment',
  id: 'pay_1',
  status: 'pending',
  value: 49.9,
  dueDate: '2030-01-10',
  invoiceUrl: 'https://sandbox.asaas.com/i/pay_1',
  externalReference: 'charge-1',
};
const chargeInput = {
  customer: 'cus_1',
  value: 49.9,
  dueDate: '2030-01-10',
  description: 'Baixa temporária',
  externalReference: 'charge-1',
};
const customerInput = {
  name: 'Maria da Silva',
  cpfCnpj: '52998224725',
  email: 'maria@example.com',
  externalReference: 'profile-1',
};
const PAYMENT_LOOKUP = '/v3/payments?externalReference=charge-1';
const list = (...data: unknown[]) => ({ object: 'list', hasMore: false, totalCount: data.length, data });

describe('createAsaasClient', () => {
  let server: LoopbackServer;
  beforeAll(async () => {
    server = await startLoopback();
  });
  afterAll(() => server.close());

  const asaas = (handler: Handler, options: Partial<AsaasClientOptions> = {}) => {
    server.reset(handler);
    // A trailing slash on the base URL is tolerated.
    return createAsaasClient({ baseUrl: `${server.url}/v3/`, apiKey: API_KEY, sleep: noSleep, ...options });
  };
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('expected an AsaasError'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(AsaasError);
        return error as AsaasError;
      },
    );

  it('creates a PIX charge: the key and user agent in headers, billingType PIX and our reference in the body', async () => {
    const client = asaas(() => ({ status: 200, body: payment }));
    const created = await client.createPixCharge(chargeInput);
    expect(created).toMatchObject({ id: 'pay_1', value: 49.9, status: 'PENDING', externalReference: 'charge-1' });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v3/payments' });
    expect(request?.headers).toMatchObject({
      access_token: API_KEY,
      'user-agent': 'baixa-temporaria/1.0',
      'content-type': 'application/json',
    });
    expect(JSON.parse(request?.body ?? '')).toEqual({ ...chargeInput, billingType: 'PIX' });
  });

  it('normalises the status to upper case (and trims it)', async () => {
    const client = asaas(() => ({ status: 200, body: { ...payment, status: ' received ' } }));
    expect((await client.getPayment('pay_1')).status).toBe('RECEIVED');
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v3/payments/pay_1' });
  });

  it('reads the PIX QR code of a payment, escaping the id in the path', async () => {
    const qr = { encodedImage: 'iVBORw0KGgo=', payload: '00020101021226', expirationDate: '2030-01-10 23:59:59' };
    const client = asaas(() => ({ status: 200, body: qr }));
    expect(await client.getPixQrCode('pay/1')).toMatchObject(qr);
    expect(server.requests[0]?.path).toBe('/v3/payments/pay%2F1/pixQrCode');
    expect(server.requests[0]?.headers.access_token).toBe(API_KEY);
  });

  it('turns a 400 into a rejected AsaasError carrying Asaas’s codes and descriptions, and never retries it', async () => {
    const errors = [{ code: 'invalid_customer', description: 'Cliente inválido.' }];
    const client = asaas(() => ({ status: 400, body: { errors } }));
    const error = await failure(client.createPixCharge(chargeInput));
    expect(error.kind).toBe('rejected');
    expect(error.details).toEqual({ status: 400, errors });
    expect(error.message).toContain('Cliente inválido.');
    // No retry and no lookup: Asaas answered, nothing was lost.
    expect(server.requests).toHaveLength(1);
  });

  it('turns a 401 (and a 403) into unauthorized', async () => {
    let client = asaas(() => ({ status: 401, body: '' }));
    expect(await failure(client.getPayment('pay_1'))).toMatchObject({ kind: 'unauthorized', details: { status: 401 } });
    client = asaas(() => ({ status: 403 }));
    expect((await failure(client.getPayment('pay_1'))).kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(1);
  });

  it('turns a 404 into not_found', async () => {
    const client = asaas(() => ({ status: 404, body: { errors: [{ code: 'not_found' }] } }));
    const error = await failure(client.getPayment('pay_nope'));
    expect(error).toMatchObject({ kind: 'not_found', details: { status: 404, errors: [{ code: 'not_found' }] } });
  });

  it('turns an unreadable answer into unexpected: a 200 whose body is not a payment, or an unplanned status', async () => {
    let client = asaas(() => ({ status: 200, body: '<html>maintenance</html>' }));
    expect(await failure(client.getPayment('pay_1'))).toMatchObject({ kind: 'unexpected', details: { status: 200 } });
    client = asaas(() => ({ status: 200, body: { id: 'pay_1' } }));
    expect((await failure(client.getPayment('pay_1'))).kind).toBe('unexpected');
    client = asaas(() => ({ status: 409, body: {} }));
    expect(await failure(client.getPayment('pay_1'))).toMatchObject({ kind: 'unexpected', details: { status: 409 } });
  });

  it('retries a GET on 429/5xx and succeeds when Asaas comes back', async () => {
    const client = asaas(sequence({ status: 429 }, { status: 503 }, { status: 200, body: payment }));
    expect((await client.getPayment('pay_1')).id).toBe('pay_1');
    expect(server.count('GET', '/v3/payments/pay_1')).toBe(3);
  });

  it('turns 5xx after every retry into unavailable, with the last status and the HTTP error as cause', async () => {
    const client = asaas(() => ({ status: 503 }), { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } });
    const error = await failure(client.getPayment('pay_1'));
    expect(error).toMatchObject({ kind: 'unavailable', details: { status: 503 } });
    expect(error.cause).toBeInstanceOf(HttpUnavailableError);
    expect(server.requests).toHaveLength(2);
  });

  it('turns a timeout into unavailable', async () => {
    const client = asaas(() => ({ hang: true }), {
      timeoutMs: 40,
      retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    });
    expect((await failure(client.getPayment('pay_1'))).kind).toBe('unavailable');
  });

  describe('listPayments', () => {
    const page = (data: unknown[], more: { hasMore?: boolean; offset?: number; totalCount?: number } = {}) => ({
      object: 'list',
      hasMore: more.hasMore ?? false,
      totalCount: more.totalCount ?? data.length,
      limit: 100,
      offset: more.offset ?? 0,
      data,
    });

    it('sends Asaas’s filter names and the page, and answers Asaas’s paging shape', async () => {
      const client = asaas(() => ({
        status: 200,
        body: page([payment], { hasMore: true, offset: 200, totalCount: 301 }),
      }));
      const answer = await client.listPayments(
        { createdFrom: '2026-01-01', createdTo: '2026-03-31', paidFrom: '2026-03-09', status: 'RECEIVED' },
        { offset: 200, limit: 100 },
      );
      expect(answer).toMatchObject({ hasMore: true, totalCount: 301, offset: 200, limit: 100 });
      expect(answer.data[0]).toMatchObject({ id: 'pay_1', status: 'PENDING' });
      const url = new URL(server.requests[0]!.path, server.url);
      expect(url.pathname).toBe('/v3/payments');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        status: 'RECEIVED',
        'dateCreated[ge]': '2026-01-01',
        'dateCreated[le]': '2026-03-31',
        'paymentDate[ge]': '2026-03-09',
        offset: '200',
        limit: '100',
      });
    });

    it('never asks more than 100 a page (Asaas’s maximum)', async () => {
      const client = asaas(() => ({ status: 200, body: page([]) }));
      await client.listPayments({}, { offset: 0, limit: 500 });
      await client.listPayments({}, { offset: 0 });
      expect(server.requests.map((r) => new URL(r.path, server.url).searchParams.get('limit'))).toEqual(['100', '100']);
    });

    it('refuses an answer without the paging fields as unexpected', async () => {
      const client = asaas(() => ({ status: 200, body: { data: [payment] } }));
      expect((await failure(client.listPayments({}, { offset: 0 }))).kind).toBe('unexpected');
    });
  });

  describe('createPixCharge never replays a POST blindly', () => {
    it('looks a lost creation up by externalReference and answers it, without a second POST', async () => {
      const client = asaas(({ method }) =>
        method === 'POST' ? { status: 503 } : { status: 200, body: list({ ...payment, status: 'Pending' }) },
      );
      const created = await client.createPixCharge(chargeInput);
      expect(created).toMatchObject({ id: 'pay_1', status: 'PENDING' });
      expect(server.count('POST', '/v3/payments')).toBe(1);
      expect(server.count('GET', PAYMENT_LOOKUP)).toBe(1);
      expect(server.requests.find((r) => r.method === 'GET')?.headers.access_token).toBe(API_KEY);
    });

    it('never answers a removed payment found by the same reference', async () => {
      const client = asaas(({ method }) =>
        method === 'POST'
          ? { status: 503 }
          : { status: 200, body: list({ ...payment, id: 'pay_0', deleted: true }, { ...payment, id: 'pay_1' }) },
      );
      expect((await client.createPixCharge(chargeInput)).id).toBe('pay_1');
      expect(await client.findPaymentByReference('charge-1')).toMatchObject({ id: 'pay_1' });
    });

    it('treats a dropped connection like a lost answer', async () => {
      const client = asaas(({ method }) =>
        method === 'POST' ? { destroy: true } : { status: 200, body: list(payment) },
      );
      expect((await client.createPixCharge(chargeInput)).id).toBe('pay_1');
      expect(server.count('POST', '/v3/payments')).toBe(1);
      expect(server.count('GET', PAYMENT_LOOKUP)).toBe(1);
    });

    it('tries the POST again, after a wait, only once the lookup found nothing', async () => {
      let posts = 0;
      const sleeps: number[] = [];
      const client = asaas(
        ({ method }) => {
          if (method === 'GET') return { status: 200, body: list() };
          posts += 1;
          return posts === 1 ? { status: 502 } : { status: 200, body: { ...payment, id: 'pay_2' } };
        },
        { sleep: async (ms) => void sleeps.push(ms), retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 100 } },
      );
      expect((await client.createPixCharge(chargeInput)).id).toBe('pay_2');
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'POST /v3/payments',
        `GET ${PAYMENT_LOOKUP}`,
        'POST /v3/payments',
      ]);
      expect(sleeps).toEqual([10]);
    });

    it('gives up as unavailable after retry.attempts POSTs, each one looked up (the last one too)', async () => {
      const client = asaas(({ method }) => (method === 'POST' ? { status: 500 } : { status: 200, body: list() }), {
        retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 1 },
      });
      expect(await failure(client.createPixCharge(chargeInput))).toMatchObject({ kind: 'unavailable' });
      expect(server.count('POST', '/v3/payments')).toBe(3);
      expect(server.count('GET', PAYMENT_LOOKUP)).toBe(3);
    });

    it('answers the payment the last POST made although its answer was lost', async () => {
      let posts = 0;
      const client = asaas(
        ({ method }) => {
          if (method === 'POST') posts += 1;
          if (method === 'POST') return { status: 504 };
          // The second (last) POST did create the payment; only its answer was lost.
          return { status: 200, body: posts >= 2 ? list(payment) : list() };
        },
        { retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 1 } },
      );
      const created = await client.createPixCharge(chargeInput);
      expect(created.id).toBe('pay_1');
      expect(server.count('POST', '/v3/payments')).toBe(2);
    });

    it('does not look up or retry after a rejection', async () => {
      const client = asaas(({ method }) =>
        method === 'POST' ? { status: 400, body: { errors: [{ code: 'invalid_value' }] } } : { status: 500 },
      );
      expect((await failure(client.createPixCharge(chargeInput))).kind).toBe('rejected');
      expect(server.requests).toHaveLength(1);
    });
  });

  describe('customers', () => {
    it('ensureCustomer reuses the customer found by externalReference, creating nothing', async () => {
      const client = asaas(({ method }) =>
        method === 'GET' ? { status: 200, body: list({ id: 'cus_9', name: 'Maria' }) } : { status: 500 },
      );
      expect(await client.ensureCustomer(customerInput)).toMatchObject({ id: 'cus_9' });
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /v3/customers?externalReference=profile-1',
      ]);
    });

    it('ensureCustomer creates the customer, notifications off, when none has the reference', async () => {
      const client = asaas(({ method }) =>
        method === 'GET' ? { status: 200, body: list() } : { status: 200, body: { id: 'cus_new' } },
      );
      expect((await client.ensureCustomer(customerInput)).id).toBe('cus_new');
      const post = server.requests.find((r) => r.method === 'POST');
      expect(post?.path).toBe('/v3/customers');
      expect(post?.headers.access_token).toBe(API_KEY);
      expect(JSON.parse(post?.body ?? '')).toEqual({ ...customerInput, notificationDisabled: true });
    });

    it('escapes the reference in the lookup query', async () => {
      const client = asaas(() => ({ status: 200, body: list() }));
      expect(await client.findCustomerByReference('a&b=c d')).toBeUndefined();
      expect(server.requests[0]?.path).toBe('/v3/customers?externalReference=a%26b%3Dc%20d');
    });

    it('never replays a customer creation whose answer was lost', async () => {
      const client = asaas(() => ({ status: 503 }));
      expect((await failure(client.createCustomer(customerInput))).kind).toBe('unavailable');
      expect(server.count('POST', '/v3/customers')).toBe(1);
    });

    it('ensureCustomer passes over a removed customer with the reference and creates a live one', async () => {
      const client = asaas(({ method }) =>
        method === 'GET'
          ? { status: 200, body: list({ id: 'cus_gone', deleted: true }) }
          : { status: 200, body: { id: 'cus_new' } },
      );
      expect((await client.ensureCustomer(customerInput)).id).toBe('cus_new');
    });

    it('lists every customer with a reference and every payment of a customer, page after page', async () => {
      const pages = (prefix: string, total: number) => (path: string) => {
        const query = new URLSearchParams(path.split('?')[1]);
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        const data = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
          id: `${prefix}_${offset + i}`,
          status: 'PENDING',
          value: 10,
        }));
        return { status: 200, body: { object: 'list', hasMore: offset + limit < total, data } };
      };
      const client = asaas(({ path }) =>
        path.startsWith('/v3/customers') ? pages('cus', 3)(path) : pages('pay', 230)(path),
      );
      expect((await client.listCustomersByReference('profile-1')).map((c) => c.id)).toEqual([
        'cus_0',
        'cus_1',
        'cus_2',
      ]);
      const payments = await client.listPaymentsOfCustomer('cus_1');
      expect(payments).toHaveLength(230);
      expect(new Set(payments.map((p) => p.id)).size).toBe(230);
      expect(server.requests.map((r) => r.path)).toEqual([
        '/v3/customers?externalReference=profile-1&offset=0&limit=100',
        '/v3/payments?customer=cus_1&offset=0&limit=100',
        '/v3/payments?customer=cus_1&offset=100&limit=100',
        '/v3/payments?customer=cus_1&offset=200&limit=100',
      ]);
    });

    it('reads a customer by id, removed ones included, and deletes one by id', async () => {
      const client = asaas(({ method, path }) =>
        method === 'DELETE'
          ? { status: 200, body: { deleted: true, id: 'cus_1' } }
          : { status: 200, body: { id: decodeURIComponent(path.split('/').pop()!), deleted: true } },
      );
      expect(await client.getCustomer('cus/1')).toMatchObject({ id: 'cus/1', deleted: true });
      await client.deleteCustomer('cus_1');
      expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
        'GET /v3/customers/cus%2F1',
        'DELETE /v3/customers/cus_1',
      ]);
    });

    it('answers not_found for a customer Asaas does not know (or removed already)', async () => {
      const client = asaas(() => ({ status: 404, body: { errors: [{ code: 'not_found' }] } }));
      expect((await failure(client.deleteCustomer('cus_1'))).kind).toBe('not_found');
    });
  });
});

import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AsaasError,
  createAsaasClient,
  type AsaasClientOptions,
  type AsaasCustomerInput,
} from '../../../lambdas/providers/asaas.js';
import { startAsaasSimulator, type AsaasSimulator } from '../../../local/services/asaas-simulator.js';
import { noSleep, startLoopback, type Handler, type LoopbackServer } from '../providers/loopback.js';

const API_KEY = '$aact_local_simulator_key_0123456789';
const WEBHOOK_TOKEN = 'local-asaas-webhook-token-0123456789abcdef';
/** Asaas's schedule, compressed to milliseconds so a failing receiver is retried fast. */
const SCHEDULE = [0, 5, 10, 15];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type Envelope = {
  id: string;
  event: string;
  dateCreated: string;
  payment: { object: string; id: string; status: string; value: number; externalReference: string };
};
type Delivery = { eventId: string; event: string; paymentId: string; status: number | 'error'; at: string };

/** yyyy-MM-dd in São Paulo, `days` from now. */
const saoPauloDate = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));

/** CRC-16/CCITT-FALSE, table-driven (the simulator computes it bit by bit). */
const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index << 8;
  for (let bit = 0; bit < 8; bit += 1) value = (value & 0x8000 ? (value << 1) ^ 0x1021 : value << 1) & 0xffff;
  return value;
});
function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level TLV fields of a BR Code, in order. */
function readTlv(payload: string): [string, string][] {
  const fields: [string, string][] = [];
  for (let at = 0; at < payload.length;) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    fields.push([id, payload.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return fields;
}

async function until(check: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolveWait) => setTimeout(resolveWait, 5));
  }
}

describe('the Asaas simulator, through the real Asaas client', () => {
  let simulator: AsaasSimulator;
  let receiver: LoopbackServer;
  const lines: string[] = [];

  beforeAll(async () => {
    receiver = await startLoopback();
    simulator = await startAsaasSimulator({
      port: 0,
      apiKey: API_KEY,
      webhook: { url: `${receiver.url}/webhooks/asaas`, token: WEBHOOK_TOKEN },
      retryScheduleMs: SCHEDULE,
      log: (line) => lines.push(line),
    });
  });
  afterAll(async () => {
    await simulator.stop();
    await receiver.close();
  });
  beforeEach(async () => {
    await control('POST', '/__control/reset');
    receiver.reset(accept);
    lines.length = 0;
  });

  const accept: Handler = () => ({ status: 200, body: { received: true } });
  const client = (options: Partial<AsaasClientOptions> = {}) =>
    createAsaasClient({
      baseUrl: simulator.apiUrl,
      apiKey: API_KEY,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
      sleep: noSleep,
      ...options,
    });
  async function control<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${simulator.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}`).toBe(200);
    return (await response.json()) as T;
  }
  const rawApi = (method: string, path: string, body?: unknown, key = API_KEY) =>
    fetch(`${simulator.apiUrl}${path}`, {
      method,
      headers: { access_token: key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.unreachable('expected an AsaasError'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(AsaasError);
        return error as AsaasError;
      },
    );
  const received = () => receiver.requests.map((request) => JSON.parse(request.body) as Envelope);
  const deliveries = () => control<Delivery[]>('GET', '/__control/deliveries');

  let referenceCounter = 0;
  const customerInput = (overrides: Partial<AsaasCustomerInput> = {}): AsaasCustomerInput => ({
    name: 'Maria da Silva',
    cpfCnpj: '529.982.247-25',
    email: 'maria@example.com',
    mobilePhone: '(11) 98765-4321',
    externalReference: `profile-${(referenceCounter += 1)}`,
    ...overrides,
  });
  async function newCharge(value = 399) {
    const asaas = client();
    const customer = await asaas.ensureCustomer(customerInput());
    const reference = `charge-${(referenceCounter += 1)}`;
    const payment = await asaas.createPixCharge({
      customer: customer.id,
      value,
      dueDate: saoPauloDate(3),
      description: 'Baixa temporária de apontamentos',
      externalReference: reference,
    });
    return { asaas, customer, payment, reference };
  }

  describe('listing payments (the reconciliation’s lists)', () => {
    type Imported = { imported: number; ids: string[] };
    const importPayments = (payments: Record<string, unknown>[]) =>
      control<Imported>('POST', '/__control/payments/import', { payments });

    it('imports payments as they stand, without webhooks, dates defaulting to today', async () => {
      const { imported, ids } = await importPayments([
        { value: 399, externalReference: 'a' },
        { value: 399, status: 'RECEIVED', dateCreated: '2026-01-05', externalReference: 'b' },
        { value: 399, status: 'PENDING', deleted: true, dateCreated: '2026-01-06' },
      ]);
      expect(imported).toBe(3);
      const asaas = client();
      expect(await asaas.getPayment(ids[0]!)).toMatchObject({
        status: 'PENDING',
        paymentDate: null,
        dueDate: saoPauloDate(),
      });
      // A paid status without a payment date was paid the day it was created.
      expect(await asaas.getPayment(ids[1]!)).toMatchObject({ status: 'RECEIVED', paymentDate: '2026-01-05' });
      expect(await asaas.getPayment(ids[2]!)).toMatchObject({ deleted: true });
      await new Promise((resolveWait) => setTimeout(resolveWait, 30));
      expect(receiver.requests).toEqual([]);
    });

    it('refuses an import it cannot write whole', async () => {
      const response = await fetch(`${simulator.url}/__control/payments/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payments: [{ value: 399, dateCreated: '2026-02-30' }] }),
      });
      expect(response.status).toBe(400);
    });

    it('filters by creation and payment date ranges (bounds included) and by status, newest first', async () => {
      const { ids } = await importPayments([
        { value: 10, dateCreated: '2026-01-01' },
        { value: 11, dateCreated: '2026-01-10', status: 'RECEIVED', paymentDate: '2026-03-01' },
        { value: 12, dateCreated: '2026-01-20', status: 'RECEIVED', paymentDate: '2026-03-02' },
        { value: 13, dateCreated: '2026-01-31' },
      ]);
      const asaas = client();
      const listed = async (filters: Parameters<typeof asaas.listPayments>[0]) =>
        (await asaas.listPayments(filters, { offset: 0 })).data.map((p) => p.id);
      expect(await listed({ createdFrom: '2026-01-10', createdTo: '2026-01-20' })).toEqual([ids[2], ids[1]]);
      expect(await listed({ createdFrom: '2026-01-11' })).toEqual([ids[3], ids[2]]);
      expect(await listed({ createdTo: '2026-01-01' })).toEqual([ids[0]]);
      expect(await listed({ paidFrom: '2026-03-02' })).toEqual([ids[2]]);
      expect(await listed({ paidTo: '2026-03-01' })).toEqual([ids[1]]);
      expect(await listed({ createdFrom: '2026-01-01', status: 'PENDING' })).toEqual([ids[3], ids[0]]);
    });

    it('pages with offset and limit (at most 100) in Asaas’s shape', async () => {
      await importPayments(Array.from({ length: 230 }, (_, i) => ({ value: 5 + i, dateCreated: '2026-02-01' })));
      const asaas = client();
      const first = await asaas.listPayments({ createdFrom: '2026-02-01' }, { offset: 0, limit: 100 });
      expect(first).toMatchObject({ hasMore: true, totalCount: 230, offset: 0, limit: 100 });
      expect(first.data).toHaveLength(100);
      const last = await asaas.listPayments({ createdFrom: '2026-02-01' }, { offset: 200, limit: 100 });
      expect(last).toMatchObject({ hasMore: false, totalCount: 230, offset: 200 });
      expect(last.data).toHaveLength(30);
      const raw = await rawApi('GET', '/payments?limit=500');
      expect(((await raw.json()) as { limit: number }).limit).toBe(100);
    });

    it('answers 400 to a malformed date, never a wider list', async () => {
      const response = await rawApi('GET', '/payments?dateCreated%5Bge%5D=01/02/2026');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ code: 'invalid_date' }] });
    });
  });

  describe('removing a payment', () => {
    it('removes an unpaid payment (deleted: true, PAYMENT_DELETED), which can no longer be paid', async () => {
      const { asaas, payment } = await newCharge();
      await asaas.deletePayment(payment.id);
      expect(await asaas.getPayment(payment.id)).toMatchObject({ id: payment.id, status: 'PENDING', deleted: true });
      await vi.waitFor(() =>
        expect(received().some((e) => e.event === 'PAYMENT_DELETED' && e.payment.id === payment.id)).toBe(true),
      );
      expect((await rawApi('POST', `/sandbox/payment/${payment.id}/confirm`)).status).toBe(404);
      const again = await failure(asaas.deletePayment(payment.id));
      expect(again.kind).toBe('not_found');
    });
  });

  describe('refusals as Asaas makes them', () => {
    const errorsOf = (error: AsaasError) => (error.details.errors ?? []).map((e) => e.description).join(' ');

    it('refuses a refund the balance cannot pay (400 invalid_action), and accepts it after a top-up', async () => {
      const { asaas, payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await control('POST', '/__control/balance', { value: 100 });
      const refused = await failure(asaas.refundPayment(payment.id, 'Cancelamento'));
      expect(refused.kind).toBe('rejected');
      expect(refused.details.errors?.[0]?.code).toBe('invalid_action');
      expect(errorsOf(refused)).toContain('Saldo insuficiente');
      expect((await asaas.getPayment(payment.id)).status).toBe('RECEIVED');
      await control('POST', '/__control/balance', { value: 1000 });
      expect((await asaas.refundPayment(payment.id, 'Cancelamento')).status).toBe('REFUND_IN_PROGRESS');
      expect(await control('GET', '/__control/balance')).toEqual({ balance: 601 });
    });

    it('refuses a refund of a PIX received more than 90 days ago', async () => {
      const { asaas, payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await control('POST', `/__control/payments/${payment.id}/age`, { days: 91 });
      const refused = await failure(asaas.refundPayment(payment.id, 'Cancelamento'));
      expect(errorsOf(refused)).toContain('90 dias');
      await control('POST', `/__control/payments/${payment.id}/age`, { days: 89 });
      expect((await asaas.refundPayment(payment.id, 'Cancelamento')).status).toBe('REFUND_IN_PROGRESS');
    });

    it('refuses removing a payment under risk analysis', async () => {
      const { asaas, payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/risk-analysis`);
      const refused = await failure(asaas.deletePayment(payment.id));
      expect(refused.kind).toBe('rejected');
      expect(errorsOf(refused)).toContain('análise de risco');
      expect((await asaas.getPayment(payment.id)).deleted).toBe(false);
    });

    it('denies a refund it accepted (RECEIVED again, PAYMENT_REFUND_DENIED) and restores a removed payment', async () => {
      const { asaas, payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await asaas.refundPayment(payment.id, 'Cancelamento');
      await control('POST', `/__control/payments/${payment.id}/deny-refund`);
      const denied = await asaas.getPayment(payment.id);
      expect(denied.status).toBe('RECEIVED');
      await vi.waitFor(() =>
        expect(received().some((e) => e.event === 'PAYMENT_REFUND_DENIED' && e.payment.id === payment.id)).toBe(true),
      );

      const other = await newCharge();
      await other.asaas.deletePayment(other.payment.id);
      const restored = await rawApi('POST', `/payments/${other.payment.id}/restore`);
      expect(restored.status).toBe(200);
      expect(await other.asaas.getPayment(other.payment.id)).toMatchObject({ deleted: false, status: 'PENDING' });
      await vi.waitFor(() =>
        expect(received().some((e) => e.event === 'PAYMENT_RESTORED' && e.payment.id === other.payment.id)).toBe(true),
      );
      expect((await rawApi('POST', `/payments/${other.payment.id}/restore`)).status).toBe(400);
    });

    it("sets the balance from the page's form, in reais as a person types them", async () => {
      const response = await fetch(`${simulator.url}/__control/balance`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'redirect=%2F&value=1.234%2C50',
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(await control('GET', '/__control/balance')).toEqual({ balance: 1234.5 });
      const page = await (await fetch(simulator.url)).text();
      expect(page).toMatch(/R\$\s1\.234,50/);
    });
  });

  describe('removing a customer', () => {
    it('answers {deleted, id}, removes its open payments with it, keeps it readable by id and out of lists', async () => {
      const { asaas, customer, payment } = await newCharge();
      const second = await asaas.createPixCharge({
        customer: customer.id,
        value: 120,
        dueDate: saoPauloDate(3),
        description: 'Renovação',
        externalReference: `charge-${(referenceCounter += 1)}`,
      });
      await control('POST', `/__control/payments/${second.id}/pay`);
      const answer = await rawApi('DELETE', `/customers/${customer.id}`);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ deleted: true, id: customer.id });

      expect(await asaas.getCustomer(customer.id)).toMatchObject({ id: customer.id, deleted: true });
      expect(await asaas.listCustomersByReference(String(customer.externalReference))).toEqual([]);
      expect(await asaas.findCustomerByReference(String(customer.externalReference))).toBeUndefined();
      // The open payment went with it (PAYMENT_DELETED) and can no longer be paid; the received one stays.
      const payments = await asaas.listPaymentsOfCustomer(customer.id);
      expect(payments.find((p) => p.id === payment.id)).toMatchObject({ status: 'PENDING', deleted: true });
      expect(payments.find((p) => p.id === second.id)).toMatchObject({ status: 'RECEIVED', deleted: false });
      await vi.waitFor(() =>
        expect(received().some((e) => e.event === 'PAYMENT_DELETED' && e.payment.id === payment.id)).toBe(true),
      );
      expect((await rawApi('POST', `/sandbox/payment/${payment.id}/confirm`)).status).toBe(404);

      // No new payment for a removed customer, and removing it again is not found.
      const refused = await failure(
        asaas.createPixCharge({
          customer: customer.id,
          value: 50,
          dueDate: saoPauloDate(3),
          description: 'Depois da remoção',
          externalReference: `charge-${(referenceCounter += 1)}`,
        }),
      );
      expect(refused).toMatchObject({ kind: 'rejected', details: { errors: [{ code: 'invalid_customer' }] } });
      expect((await failure(asaas.deleteCustomer(customer.id))).kind).toBe('not_found');
      expect((await failure(asaas.deleteCustomer('cus_unknown'))).kind).toBe('not_found');
    });
  });

  describe('API key', () => {
    it('refuses a wrong key with 401: the client says unauthorized', async () => {
      const error = await failure(client({ apiKey: 'wrong' }).findCustomerByReference('profile-x'));
      expect(error.kind).toBe('unauthorized');
      expect(error.details.status).toBe(401);
      expect((await rawApi('GET', '/customers', undefined, '')).status).toBe(401);
    });
  });

  describe('customers', () => {
    it('rejects an invalid CPF with Asaas’s code and pt-BR description', async () => {
      for (const cpfCnpj of ['529.982.247-26', '111.111.111-11', '12.345.678/0001-00', '123']) {
        const error = await failure(client().createCustomer(customerInput({ cpfCnpj })));
        expect(error.kind).toBe('rejected');
        expect(error.details).toMatchObject({
          status: 400,
          errors: [{ code: 'invalid_object', description: 'O CPF/CNPJ informado é inválido.' }],
        });
        expect(error.message).toContain('O CPF/CNPJ informado é inválido.');
      }
      expect(await control('GET', '/__control/customers')).toEqual([]);
    });

    it('rejects a missing name', async () => {
      const error = await failure(client().createCustomer(customerInput({ name: ' ' })));
      expect(error.kind).toBe('rejected');
      expect(error.details.errors?.[0]?.code).toBe('invalid_name');
    });

    it('accepts an alphanumeric CNPJ, stored without its mask and upper-cased', async () => {
      const customer = await client().createCustomer(
        customerInput({ name: 'Empresa X', cpfCnpj: '12.abc.345/01de-35' }),
      );
      expect(customer).toMatchObject({
        object: 'customer',
        cpfCnpj: '12ABC34501DE35',
        personType: 'JURIDICA',
        deleted: false,
      });
      expect(customer.id).toMatch(/^cus_[0-9A-Za-z]{12}$/);
    });

    it('ensureCustomer twice makes one customer, found by its externalReference', async () => {
      const input = customerInput();
      const first = await client().ensureCustomer(input);
      const second = await client().ensureCustomer(input);
      expect(second.id).toBe(first.id);
      expect(first).toMatchObject({
        object: 'customer',
        name: 'Maria da Silva',
        cpfCnpj: '52998224725',
        personType: 'FISICA',
        email: 'maria@example.com',
        mobilePhone: '11987654321',
        externalReference: input.externalReference,
        notificationDisabled: true,
      });
      const list = await (await rawApi('GET', `/customers?externalReference=${input.externalReference}`)).json();
      expect(list).toMatchObject({ object: 'list', hasMore: false, totalCount: 1, limit: 10, offset: 0 });
    });
  });

  describe('PIX charges', () => {
    it('creates a PENDING charge (200, Asaas’s payment object) that findPaymentByReference finds', async () => {
      const { asaas, customer, payment, reference } = await newCharge();
      expect(payment).toMatchObject({
        object: 'payment',
        customer: customer.id,
        billingType: 'PIX',
        status: 'PENDING',
        value: 399,
        netValue: 397.01,
        dueDate: saoPauloDate(3),
        dateCreated: saoPauloDate(),
        externalReference: reference,
        deleted: false,
        paymentDate: null,
        clientPaymentDate: null,
        confirmedDate: null,
        invoiceUrl: `${simulator.url}/i/${payment.id}`,
      });
      expect(payment.id).toMatch(/^pay_[0-9a-z]{16}$/);
      expect(await asaas.findPaymentByReference(reference)).toMatchObject({ id: payment.id, status: 'PENDING' });
      expect(await asaas.findPaymentByReference('charge-none')).toBeUndefined();
      expect(await asaas.getPayment(payment.id)).toMatchObject({ id: payment.id, value: 399 });
      expect((await failure(asaas.getPayment('pay_unknown'))).kind).toBe('not_found');
    });

    it('refuses an unknown customer, a value under R$ 5,00, a past due date and another billing type', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      const charge = { customer: customer.id, value: 399, dueDate: saoPauloDate(1), description: 'x' };
      const codeOf = async (promise: Promise<unknown>) => (await failure(promise)).details.errors?.[0]?.code;
      expect(await codeOf(asaas.createPixCharge({ ...charge, customer: 'cus_nope', externalReference: 'a' }))).toBe(
        'invalid_customer',
      );
      expect(await codeOf(asaas.createPixCharge({ ...charge, value: 4.99, externalReference: 'b' }))).toBe(
        'invalid_value',
      );
      expect(
        await codeOf(asaas.createPixCharge({ ...charge, dueDate: saoPauloDate(-1), externalReference: 'c' })),
      ).toBe('invalid_dueDate');
      const debit = await rawApi('POST', '/payments', { ...charge, billingType: 'DEBIT_CARD', externalReference: 'd' });
      expect(debit.status).toBe(400);
      expect(await debit.json()).toMatchObject({ errors: [{ code: 'invalid_billingType' }] });
      const pixInInstalments = await rawApi('POST', '/payments', {
        ...charge,
        billingType: 'PIX',
        installmentCount: 3,
        totalValue: 449,
        externalReference: 'e',
      });
      expect(await pixInInstalments.json()).toMatchObject({ errors: [{ code: 'invalid_installmentCount' }] });
      const tooMany = await rawApi('POST', '/payments', {
        ...charge,
        billingType: 'CREDIT_CARD',
        installmentCount: 22,
        totalValue: 449,
        externalReference: 'f',
      });
      expect(await tooMany.json()).toMatchObject({ errors: [{ code: 'invalid_installmentCount' }] });
      expect(await control('GET', '/__control/payments')).toEqual([]);
    });

    it('makes a card plan one installment of payments that add up, and refunds it whole', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      const charge = { customer: customer.id, dueDate: saoPauloDate(1), description: 'x', externalReference: 'card' };
      const plan = await asaas.createCharge({ ...charge, billingType: 'CREDIT_CARD', value: 449, installmentCount: 3 });
      expect(plan).toMatchObject({ billingType: 'CREDIT_CARD', installmentNumber: 1, value: 149.67 });
      const all = (await control('GET', '/__control/payments')) as { installment: string; value: number }[];
      expect(
        all
          .filter((p) => p.installment === plan.installment)
          .map((p) => p.value)
          .sort(),
      ).toEqual([149.66, 149.67, 149.67]);
      await control('POST', `/__control/payments/${plan.id}/card-pay`);
      expect((await asaas.getPayment(plan.id)).status).toBe('CONFIRMED');
      await asaas.refundInstallment(plan.installment!, 'Estorno');
      const after = (await control('GET', '/__control/payments')) as { installment: string; status: string }[];
      expect(after.filter((p) => p.installment === plan.installment).map((p) => p.status)).toEqual([
        'REFUNDED',
        'REFUNDED',
        'REFUNDED',
      ]);
    });

    it('refuses removing one instalment of a card plan, and removes the plan whole', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      const charge = { customer: customer.id, dueDate: saoPauloDate(1), description: 'x', externalReference: 'plan' };
      const plan = await asaas.createCharge({ ...charge, billingType: 'CREDIT_CARD', value: 449, installmentCount: 3 });
      const refused = await failure(asaas.deletePayment(plan.id));
      expect(refused.kind).toBe('rejected');
      expect(refused.details.errors?.[0]?.description).toContain('Remova o parcelamento');
      expect((await asaas.getPayment(plan.id)).deleted).toBe(false);
      await asaas.deleteInstallment(plan.installment!);
      const after = (await control('GET', '/__control/payments')) as { installment: string; deleted: boolean }[];
      expect(after.filter((p) => p.installment === plan.installment).map((p) => p.deleted)).toEqual([true, true, true]);
    });

    it('gives a boleto its typeable line and PDF', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      const charge = { customer: customer.id, dueDate: saoPauloDate(1), description: 'x', externalReference: 'card' };
      const boleto = await asaas.createCharge({ ...charge, billingType: 'BOLETO', value: 419 });
      expect(boleto.bankSlipUrl).toMatch(/\/b\/pay_\w+\.pdf$/);
      expect((await asaas.getBoletoLine(boleto.id)).identificationField).toMatch(/^\d{47}$/);
      const pdf = await fetch(boleto.bankSlipUrl!);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
    });

    it('answers a dynamic PIX BR Code with a correct CRC and a PNG QR code of it', async () => {
      const { asaas, payment } = await newCharge(1234.5);
      const qr = await asaas.getPixQrCode(payment.id);
      expect(qr.expirationDate).toBe(`${saoPauloDate(3)} 23:59:59`);
      expect(qr).toMatchObject({ success: true });

      expect(crc16CcittFalse('123456789')).toBe('29B1');
      const { payload } = qr;
      expect(payload.startsWith('000201')).toBe(true);
      expect(payload.slice(-8, -4)).toBe('6304');
      expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
      const fields = new Map(readTlv(payload));
      const account = new Map(readTlv(fields.get('26') ?? ''));
      expect(account.get('00')).toBe('br.gov.bcb.pix');
      expect(account.get('25')).toMatch(/^pix\.asaas\.local\/qr\/cobv\/[0-9a-f-]{36}$/);
      expect(account.has('01')).toBe(false);
      expect(fields.get('52')).toBe('0000');
      expect(fields.get('53')).toBe('986');
      expect(fields.get('54')).toBe('1234.50');
      expect(fields.get('58')).toBe('BR');
      expect(fields.get('59')?.length).toBeLessThanOrEqual(25);
      expect(fields.get('60')?.length).toBeLessThanOrEqual(15);
      expect(fields.get('62')).toBe('0503***');
      expect(isValidPixPayload(payload)).toBe(true);

      const png = Buffer.from(qr.encodedImage, 'base64');
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      // The same payment keeps its location: asking twice answers the same code.
      expect((await asaas.getPixQrCode(payment.id)).payload).toBe(payload);
    });
  });

  describe('payment and webhooks', () => {
    it('sandbox confirm → RECEIVED; the receiver gets PAYMENT_CREATED then PAYMENT_RECEIVED, token and envelope', async () => {
      const { asaas, payment } = await newCharge();
      const confirm = await rawApi('POST', `/sandbox/payment/${payment.id}/confirm`);
      expect(confirm.status).toBe(200);
      const today = saoPauloDate();
      expect(await confirm.json()).toMatchObject({
        id: payment.id,
        status: 'RECEIVED',
        paymentDate: today,
        clientPaymentDate: today,
        confirmedDate: today,
        creditDate: today,
      });
      expect(await asaas.getPayment(payment.id)).toMatchObject({ status: 'RECEIVED', paymentDate: today });

      await until(() => receiver.requests.length === 2);
      for (const request of receiver.requests) {
        expect(request).toMatchObject({ method: 'POST', path: '/webhooks/asaas' });
        expect(request.headers).toMatchObject({
          'asaas-access-token': WEBHOOK_TOKEN,
          'content-type': 'application/json',
        });
        expect(request.headers['user-agent']).toMatch(/^Asaas/);
      }
      const [created, paid] = received();
      expect(created).toMatchObject({ event: 'PAYMENT_CREATED', payment: { id: payment.id, status: 'PENDING' } });
      expect(paid).toMatchObject({ event: 'PAYMENT_RECEIVED', payment: { id: payment.id, status: 'RECEIVED' } });
      for (const envelope of [created, paid]) {
        expect(envelope?.id).toMatch(/^evt_[0-9a-f]{32}&\d+$/);
        expect(envelope?.dateCreated).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(envelope?.payment).toMatchObject({ object: 'payment', value: 399, billingType: 'PIX' });
      }
      expect(created?.id).not.toBe(paid?.id);

      const again = await rawApi('POST', `/sandbox/payment/${payment.id}/confirm`);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ errors: [{ code: 'invalid_action' }] });
    });

    it('only 200 is a success: 201 and 500 get the same event (same id) again, and it blocks the next one', async () => {
      let answered = 0;
      receiver.reset(() => ({ status: [201, 500][answered++] ?? 200, body: {} }));
      const { payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await until(() => receiver.requests.length === 4);
      const events = received();
      expect(events.map((e) => e.event)).toEqual([
        'PAYMENT_CREATED',
        'PAYMENT_CREATED',
        'PAYMENT_CREATED',
        'PAYMENT_RECEIVED',
      ]);
      expect(new Set(events.slice(0, 3).map((e) => e.id)).size).toBe(1);
      expect((await deliveries()).map((d) => [d.event, d.status])).toEqual([
        ['PAYMENT_CREATED', 201],
        ['PAYMENT_CREATED', 500],
        ['PAYMENT_CREATED', 200],
        ['PAYMENT_RECEIVED', 200],
      ]);
    });

    it('pauses the queue after 15 consecutive failures, keeps new events, and resumes in order', async () => {
      receiver.reset(() => ({ status: 503 }));
      const { payment } = await newCharge();
      await until(() => receiver.requests.length === 15);
      await until(() => lines.some((line) => line.includes('paused after 15 consecutive failures')));
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      expect(receiver.requests).toHaveLength(15);
      expect(await control('GET', '/__control/webhooks')).toMatchObject({ paused: true, queued: 2 });

      receiver.reset(accept);
      await control('POST', '/__control/webhooks/resume');
      await until(() => receiver.requests.length === 2);
      expect(received().map((e) => e.event)).toEqual(['PAYMENT_CREATED', 'PAYMENT_RECEIVED']);
      expect(await control('GET', '/__control/webhooks')).toMatchObject({ paused: false, queued: 0 });
    });

    it('failNext fails attempts without sending them; the event is retried with its id', async () => {
      await control('POST', '/__control/webhooks', { failNext: 2 });
      const { payment } = await newCharge();
      await until(() => receiver.requests.length === 1);
      const log = await deliveries();
      expect(log.map((d) => d.status)).toEqual(['error', 'error', 200]);
      expect(new Set(log.map((d) => d.eventId))).toEqual(new Set([received()[0]?.id]));
      expect(log[0]).toMatchObject({ event: 'PAYMENT_CREATED', paymentId: payment.id, simulated: true });
    });

    it('duplicateNext delivers the next events twice, with the same id', async () => {
      await control('POST', '/__control/webhooks', { duplicateNext: 1 });
      const { payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await until(() => receiver.requests.length === 3);
      const [first, second, third] = received();
      expect(first?.event).toBe('PAYMENT_CREATED');
      expect(second?.id).toBe(first?.id);
      expect(third).toMatchObject({ event: 'PAYMENT_RECEIVED' });
      expect(third?.id).not.toBe(first?.id);
    });

    it('holdNext + release delivers the held events in reverse order', async () => {
      await control('POST', '/__control/webhooks', { holdNext: 2 });
      const { payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 50));
      expect(receiver.requests).toHaveLength(0);
      expect(await control('POST', '/__control/webhooks/release')).toMatchObject({ released: 2 });
      await until(() => receiver.requests.length === 2);
      expect(received().map((e) => [e.event, e.payment.status])).toEqual([
        ['PAYMENT_RECEIVED', 'RECEIVED'],
        ['PAYMENT_CREATED', 'PENDING'],
      ]);
    });

    it('overdue and refund controls move the payment and deliver their events', async () => {
      const { asaas, payment } = await newCharge();
      await control('POST', `/__control/payments/${payment.id}/overdue`);
      expect((await asaas.getPayment(payment.id)).status).toBe('OVERDUE');
      await control('POST', `/__control/payments/${payment.id}/pay`);
      await control('POST', `/__control/payments/${payment.id}/refund`);
      expect((await asaas.getPayment(payment.id)).status).toBe('REFUNDED');
      await until(() => receiver.requests.length === 4);
      expect(received().map((e) => [e.event, e.payment.status])).toEqual([
        ['PAYMENT_CREATED', 'PENDING'],
        ['PAYMENT_OVERDUE', 'OVERDUE'],
        ['PAYMENT_RECEIVED', 'RECEIVED'],
        ['PAYMENT_REFUNDED', 'REFUNDED'],
      ]);
      const refundAgain = await fetch(`${simulator.url}/__control/payments/${payment.id}/refund`, { method: 'POST' });
      expect(refundAgain.status).toBe(400);
    });
  });

  describe('API outages', () => {
    it('503 on the creation: the client looks the reference up, tries again, and one payment exists', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      await control('POST', '/__control/api', { failNext: 1, status: 503 });
      const payment = await asaas.createPixCharge({
        customer: customer.id,
        value: 399,
        dueDate: saoPauloDate(3),
        description: 'x',
        externalReference: 'charge-outage',
      });
      expect(payment.status).toBe('PENDING');
      expect(await control('GET', '/__control/payments')).toHaveLength(1);
    });

    it('a creation processed but answered 503: the client finds it instead of creating a second one', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput());
      await control('POST', '/__control/api', { failNext: 1, status: 503, afterProcessing: true });
      const payment = await asaas.createPixCharge({
        customer: customer.id,
        value: 399,
        dueDate: saoPauloDate(3),
        description: 'x',
        externalReference: 'charge-lost-answer',
      });
      const all = await control<{ id: string }[]>('GET', '/__control/payments');
      expect(all.map((p) => p.id)).toEqual([payment.id]);
    });

    it('every attempt failing: the client gives up as unavailable; delayMs makes its timeout fire', async () => {
      await control('POST', '/__control/api', { failNext: 3, status: 503 });
      const down = await failure(client().getPayment('pay_x'));
      expect(down).toMatchObject({ kind: 'unavailable', details: { status: 503 } });

      await control('POST', '/__control/api', { delayMs: 300 });
      const slow = await failure(
        client({ timeoutMs: 50, retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 } }).getPayment('pay_x'),
      );
      expect(slow.kind).toBe('unavailable');
    });
  });

  describe('pages', () => {
    it('lists the payment in pt-BR, escaped, and its Pagar form pays it', async () => {
      const asaas = client();
      const customer = await asaas.createCustomer(customerInput({ name: 'Ana <b>& Cia</b>' }));
      const payment = await asaas.createPixCharge({
        customer: customer.id,
        value: 1399.9,
        dueDate: '2099-12-31',
        description: 'Baixa',
        externalReference: 'charge-page',
      });
      const home = await fetch(`${simulator.url}/`);
      expect(home.headers.get('content-type')).toContain('text/html');
      const html = await home.text();
      expect(html).toContain('Asaas (simulador local)');
      expect(html).toContain(payment.id);
      expect(html).toContain('Ana &lt;b&gt;&amp; Cia&lt;/b&gt;');
      expect(html).not.toContain('<b>&');
      expect(html).toMatch(/R\$\s1\.399,90/);
      expect(html).toContain('31/12/2099');
      expect(html).toContain('Aguardando pagamento');
      const action = `/__control/payments/${payment.id}/pay`;
      expect(html).toContain(`<form method="post" action="${action}">`);
      expect(html).toContain('>Pagar</button>');

      const invoice = await (await fetch(payment.invoiceUrl ?? '')).text();
      expect(invoice).toContain('data:image/png;base64,');
      expect(invoice).toContain((await asaas.getPixQrCode(payment.id)).payload);
      expect(invoice).toContain(`action="${action}"`);

      const submitted = await fetch(`${simulator.url}${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'redirect=%2F',
        redirect: 'manual',
      });
      expect(submitted.status).toBe(303);
      expect(submitted.headers.get('location')).toBe('/');
      expect((await asaas.getPayment(payment.id)).status).toBe('RECEIVED');
      const after = await (await fetch(`${simulator.url}/`)).text();
      expect(after).toContain('Recebida');
      expect(after).not.toContain('>Pagar</button>');
    });

    it('answers 404 to anything else', async () => {
      expect((await rawApi('GET', '/subscriptions')).status).toBe(404);
      expect((await fetch(`${simulator.url}/nothing`)).status).toBe(404);
      expect((await fetch(`${simulator.url}/i/pay_unknown`)).status).toBe(404);
    });
  });
});

describe('stopping the simulator', () => {
  it('stops at once while an event waits for its next retry', async () => {
    const receiver = await startLoopback(() => ({ status: 500 }));
    const simulator = await startAsaasSimulator({
      port: 0,
      apiKey: API_KEY,
      webhook: { url: receiver.url, token: WEBHOOK_TOKEN },
      retryScheduleMs: [0, 60_000],
    });
    const asaas = createAsaasClient({ baseUrl: simulator.apiUrl, apiKey: API_KEY });
    const customer = await asaas.createCustomer({
      name: 'Maria',
      cpfCnpj: '52998224725',
      email: 'maria@example.com',
      externalReference: 'p',
    });
    await asaas.createPixCharge({
      customer: customer.id,
      value: 10,
      dueDate: saoPauloDate(1),
      description: 'x',
      externalReference: 'c',
    });
    await until(() => receiver.requests.length === 1);
    const started = Date.now();
    await simulator.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    await receiver.close();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { ADMIN_CLIENT_MESSAGES } from '../../../domain/messages.js';
import { settleClientMoney, type ClientMoneyAsaas } from '../../../lambdas/admin/clients/client-money.js';
import { AsaasError, type AsaasPayment } from '../../../lambdas/providers/asaas.js';
import { logger } from '../../../lambdas/shared/logger.js';

type Customer = { id: string; externalReference: string; deleted?: boolean };

/** Asaas in memory, as far as a deletion reads and changes it; `refuse` makes a removal answer 400. */
function fakeAsaas(state: { customers: Customer[]; payments: (AsaasPayment & { customer: string })[] }, refuse = '') {
  const calls: string[] = [];
  const notFound = () => new AsaasError('not_found', 'not found', { status: 404 });
  const rejected = () =>
    new AsaasError('rejected', 'rejected', {
      status: 400,
      errors: [{ code: 'invalid_action', description: 'Não pode.' }],
    });
  const asaas: ClientMoneyAsaas = {
    listCustomersByReference: async (reference) => {
      calls.push(`list customers ${reference}`);
      return state.customers.filter((c) => c.externalReference === reference && !c.deleted);
    },
    getCustomer: async (id) => {
      calls.push(`get customer ${id}`);
      const customer = state.customers.find((c) => c.id === id);
      if (!customer) throw notFound();
      return customer;
    },
    deleteCustomer: async (id) => {
      calls.push(`delete customer ${id}`);
      if (refuse === id) throw rejected();
      state.customers.find((c) => c.id === id)!.deleted = true;
    },
    listPaymentsOfCustomer: async (id) => {
      calls.push(`list payments ${id}`);
      return state.payments.filter((p) => p.customer === id);
    },
    getPayment: async (id) => {
      calls.push(`get payment ${id}`);
      const payment = state.payments.find((p) => p.id === id);
      if (!payment) throw notFound();
      return payment;
    },
    deletePayment: async (id) => {
      calls.push(`delete payment ${id}`);
      if (refuse === id) throw rejected();
      state.payments.find((p) => p.id === id)!.deleted = true;
    },
    deleteInstallment: async (id) => {
      calls.push(`delete installment ${id}`);
      for (const p of state.payments) if (p.installment === id) p.deleted = true;
    },
  };
  return { asaas, calls };
}

const payment = (id: string, customer: string, status: string): AsaasPayment & { customer: string } => ({
  id,
  customer,
  status,
  value: 399,
  deleted: false,
});

describe('settleClientMoney', () => {
  let errors: MockInstance;
  beforeEach(() => {
    errors = vi.spyOn(logger, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    errors.mockRestore();
  });
  it('reads the stored customer too (a removed one), and our charges under no customer, before deciding', async () => {
    const { asaas, calls } = fakeAsaas({
      customers: [
        { id: 'cus_1', externalReference: 'profile-1' },
        { id: 'cus_old', externalReference: 'profile-1', deleted: true },
      ],
      payments: [payment('pay_1', 'cus_1', 'PENDING'), payment('pay_x', 'cus_elsewhere', 'OVERDUE')],
    });
    const counts = await settleClientMoney(
      asaas,
      {
        profileId: 'profile-1',
        storedCustomerId: 'cus_old',
        charges: [
          { id: 'c1', status: 'PENDING', asaas_id: 'pay_1', protocolo: 'P-1' },
          { id: 'c2', status: 'OVERDUE', asaas_id: 'pay_x', protocolo: 'P-2' },
          { id: 'c3', status: 'PENDING', asaas_id: 'pay_unknown', protocolo: 'P-3' },
        ],
      },
      { refuseOnMoney: true },
    );
    expect(counts).toEqual({ removed_payments: 2, deleted_asaas_customers: 1 });
    expect(calls).toEqual([
      'list customers profile-1',
      'get customer cus_old',
      'list payments cus_1',
      'list payments cus_old',
      'get payment pay_x',
      'get payment pay_unknown',
      'delete payment pay_1',
      'delete payment pay_x',
      'delete customer cus_1',
    ]);
  });

  it('refuses before touching anything when a payment is received, naming it by protocol or by Asaas id', async () => {
    const { asaas, calls } = fakeAsaas({
      customers: [{ id: 'cus_1', externalReference: 'profile-1' }],
      payments: [
        payment('pay_1', 'cus_1', 'PENDING'),
        payment('pay_2', 'cus_1', 'RECEIVED'),
        payment('pay_3', 'cus_1', 'REFUND_IN_PROGRESS'),
      ],
    });
    await expect(
      settleClientMoney(
        asaas,
        {
          profileId: 'profile-1',
          storedCustomerId: null,
          charges: [{ id: 'c2', status: 'PENDING', asaas_id: 'pay_2', protocolo: 'P-2' }],
        },
        { refuseOnMoney: true },
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: ADMIN_CLIENT_MESSAGES.deleteRefusedPaid(['protocolo P-2', 'cobrança pay_3 no Asaas']),
    });
    expect(calls.filter((call) => call.startsWith('delete'))).toEqual([]);
  });

  it('past the gate (our data going already), money is logged, not refused, and the rest is removed', async () => {
    const { asaas } = fakeAsaas({
      customers: [{ id: 'cus_1', externalReference: 'profile-1' }],
      payments: [payment('pay_1', 'cus_1', 'RECEIVED'), payment('pay_2', 'cus_1', 'PENDING')],
    });
    const told: unknown[] = [];
    const counts = await settleClientMoney(
      asaas,
      { profileId: 'profile-1', storedCustomerId: null, charges: [] },
      { refuseOnMoney: false, removed: async (c) => void told.push(c) },
    );
    expect(counts).toEqual({ removed_payments: 1, deleted_asaas_customers: 1 });
    expect(told).toEqual([
      { removed_payments: 1, deleted_asaas_customers: 0 },
      { removed_payments: 0, deleted_asaas_customers: 1 },
    ]);
    expect(errors).toHaveBeenCalledWith('Money received for a client being deleted', {
      profileId: 'profile-1',
      payments: ['cobrança pay_1 no Asaas'],
    });
  });

  it('a removal Asaas refuses: 409 with its reason before the gate, logged and passed over after it', async () => {
    const state = () => ({
      customers: [{ id: 'cus_1', externalReference: 'profile-1' }],
      payments: [payment('pay_1', 'cus_1', 'AWAITING_RISK_ANALYSIS')],
    });
    const subject = { profileId: 'profile-1', storedCustomerId: null, charges: [] };
    await expect(
      settleClientMoney(fakeAsaas(state(), 'pay_1').asaas, subject, { refuseOnMoney: true }),
    ).rejects.toMatchObject({ statusCode: 409, message: ADMIN_CLIENT_MESSAGES.deleteAsaasRefused('Não pode.') });
    await expect(
      settleClientMoney(fakeAsaas(state(), 'cus_1').asaas, subject, { refuseOnMoney: true }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await settleClientMoney(fakeAsaas(state(), 'cus_1').asaas, subject, { refuseOnMoney: false })).toEqual({
      removed_payments: 1,
      deleted_asaas_customers: 0,
    });
  });

  it('removes a card plan once and whole, counting each of its instalments', async () => {
    const instalment = (id: string) => ({ ...payment(id, 'cus_1', 'PENDING'), installment: 'ins_1' });
    const { asaas, calls } = fakeAsaas({
      customers: [{ id: 'cus_1', externalReference: 'profile-1' }],
      payments: [instalment('pay_1'), instalment('pay_2'), instalment('pay_3'), payment('pay_pix', 'cus_1', 'PENDING')],
    });
    const subject = { profileId: 'profile-1', storedCustomerId: null, charges: [] };
    expect(await settleClientMoney(asaas, subject, { refuseOnMoney: true })).toEqual({
      removed_payments: 4,
      deleted_asaas_customers: 1,
    });
    expect(calls.filter((call) => call.startsWith('delete'))).toEqual([
      'delete installment ins_1',
      'delete payment pay_pix',
      'delete customer cus_1',
    ]);
  });

  it('takes "not found" on a removal as done, and any other failure as Asaas unavailable (502)', async () => {
    const { asaas } = fakeAsaas({
      customers: [{ id: 'cus_1', externalReference: 'profile-1' }],
      payments: [payment('pay_1', 'cus_1', 'PENDING')],
    });
    const gone: ClientMoneyAsaas = {
      ...asaas,
      deletePayment: async () => {
        throw new AsaasError('not_found', 'gone', { status: 404 });
      },
      deleteCustomer: async () => {
        throw new AsaasError('not_found', 'gone', { status: 404 });
      },
    };
    const subject = { profileId: 'profile-1', storedCustomerId: null, charges: [] };
    expect(await settleClientMoney(gone, subject, { refuseOnMoney: true })).toEqual({
      removed_payments: 0,
      deleted_asaas_customers: 0,
    });
    for (const kind of ['unavailable', 'unauthorized', 'unexpected'] as const) {
      const down: ClientMoneyAsaas = {
        ...asaas,
        listPaymentsOfCustomer: async () => {
          throw new AsaasError(kind, kind);
        },
      };
      await expect(settleClientMoney(down, subject, { refuseOnMoney: true })).rejects.toMatchObject({
        statusCode: 502,
        code: 'provider_unavailable',
        message: ADMIN_CLIENT_MESSAGES.deleteAsaasUnavailable,
      });
    }
  });
});

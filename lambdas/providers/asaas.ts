import * as z from 'zod';
import { normalizeChargeStatus } from '../../domain/charge-status.js';
import { AsaasError, createAsaasRequest, type AsaasRequestOptions } from './asaas-request.js';

export { AsaasError, type AsaasErrorKind } from './asaas-request.js';

/**
 * Asaas's sandbox base URL (the API version is part of it), the stack's default; production's
 * (`https://api.asaas.com/v3`) is given by configuration (`-c asaasApiUrl`).
 */
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3';

export type AsaasCustomerInput = {
  name: string;
  cpfCnpj: string;
  email: string;
  mobilePhone?: string;
  /** Our profile id: lets a retry find the customer it already created. */
  externalReference: string;
};

export type AsaasPixChargeInput = {
  customer: string;
  /** Reais, two decimals (Asaas's unit). */
  value: number;
  /** yyyy-MM-dd, São Paulo calendar. */
  dueDate: string;
  description: string;
  /** Our charge id: one Asaas payment per charge, whatever the retries. */
  externalReference: string;
};

const paymentSchema = z
  .object({
    id: z.string().min(1),
    /** A card plan's id (`ins_…`), on each of its instalments, with the instalment's number. */
    installment: z.string().nullish(),
    installmentNumber: z.number().int().nullish(),
    billingType: z.string().nullish(),
    /** A boleto's PDF. */
    bankSlipUrl: z.string().nullish(),
    status: z.string().min(1).transform(normalizeChargeStatus),
    value: z.number(),
    dueDate: z.string().optional(),
    invoiceUrl: z.string().nullish(),
    externalReference: z.string().nullish(),
    paymentDate: z.string().nullish(),
    confirmedDate: z.string().nullish(),
    /** True on a payment removed with DELETE /payments/{id}; lists still return it. */
    deleted: z.boolean().optional(),
  })
  .loose();
export type AsaasPayment = z.infer<typeof paymentSchema>;

const customerSchema = z
  .object({
    id: z.string().min(1),
    externalReference: z.string().nullish(),
    /** True on a customer removed with DELETE /customers/{id}; reading it by id still answers it. */
    deleted: z.boolean().optional(),
  })
  .loose();
export type AsaasCustomer = z.infer<typeof customerSchema>;

const pixQrCodeSchema = z
  .object({ encodedImage: z.string().min(1), payload: z.string().min(1), expirationDate: z.string().nullish() })
  .loose();
export type AsaasPixQrCode = z.infer<typeof pixQrCodeSchema>;

const deletedSchema = z.object({ deleted: z.boolean() }).loose();

const identificationFieldSchema = z
  .object({ identificationField: z.string().min(1), nossoNumero: z.string().nullish(), barCode: z.string().nullish() })
  .loose();
export type AsaasBoletoLine = z.infer<typeof identificationFieldSchema>;

const installmentSchema = z.object({ id: z.string().min(1) }).loose();

/** Asaas's `billingType` of each way to pay. */
export type AsaasBillingType = 'PIX' | 'CREDIT_CARD' | 'BOLETO';

/**
 * A charge of any method. A card in instalments is one Asaas installment: `installmentCount` with `totalValue` (Asaas
 * splits it), never sent for a single payment. `successUrl`: where Asaas's own payment page sends the customer back.
 */
export type AsaasChargeInput = Omit<AsaasPixChargeInput, 'value'> & {
  billingType: AsaasBillingType;
  value: number;
  installmentCount?: number;
  successUrl?: string;
};

const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), hasMore: z.boolean().optional() }).loose();

/** Asaas's largest page (`limit`), and how many pages a listing reads at most (10,000 objects: one client's are few). */
const PAGE_SIZE = 100;
const MAX_PAGES = 100;

/** One page of an Asaas list: `offset`/`limit` (at most 100) in, Asaas's paging shape out. */
const pageOf = <T extends z.ZodType>(item: T) =>
  z
    .object({
      data: z.array(item),
      hasMore: z.boolean(),
      totalCount: z.number().int().nonnegative(),
      offset: z.number().int().nonnegative(),
      limit: z.number().int().positive(),
    })
    .loose();
export type AsaasPage<T> = { data: T[]; hasMore: boolean; totalCount: number; offset: number; limit: number };

/** Asaas lists answer at most this many items a page. */
export const ASAAS_PAGE_LIMIT = 100;

/**
 * GET /payments filters. Dates are Asaas's São Paulo calendar dates (`yyyy-MM-dd`), bounds included. Asaas has no
 * "changed since" filter: creation and payment dates are what a reconciliation can narrow by.
 */
export type AsaasPaymentFilters = {
  status?: string;
  customer?: string;
  externalReference?: string;
  createdFrom?: string;
  createdTo?: string;
  paidFrom?: string;
  paidTo?: string;
};

const PAYMENT_FILTER_PARAMS: Record<keyof AsaasPaymentFilters, string> = {
  status: 'status',
  customer: 'customer',
  externalReference: 'externalReference',
  createdFrom: 'dateCreated[ge]',
  createdTo: 'dateCreated[le]',
  paidFrom: 'paymentDate[ge]',
  paidTo: 'paymentDate[le]',
};

/** The PIX provider, as business code sees it. */
export type AsaasClient = {
  /** The live (not removed) customer with this externalReference, if any. */
  findCustomerByReference(externalReference: string): Promise<AsaasCustomer | undefined>;
  /** Every customer with this externalReference, all pages (a race before pattern 59 may have made several). */
  listCustomersByReference(externalReference: string): Promise<AsaasCustomer[]>;
  /** A customer by id, removed ones included (`deleted: true`). */
  getCustomer(customerId: string): Promise<AsaasCustomer>;
  /** Removes a customer; Asaas removes its pending and overdue payments with it and keeps the received ones. */
  deleteCustomer(customerId: string): Promise<void>;
  /** Every payment of a customer, all pages, removed ones included (`deleted: true`). */
  listPaymentsOfCustomer(customerId: string): Promise<AsaasPayment[]>;
  createCustomer(input: AsaasCustomerInput): Promise<AsaasCustomer>;
  /** Creates the customer unless one with this externalReference exists already. */
  ensureCustomer(input: AsaasCustomerInput): Promise<AsaasCustomer>;
  findPaymentByReference(externalReference: string): Promise<AsaasPayment | undefined>;
  /**
   * Creates the PIX charge, at most once per externalReference: a creation whose answer was lost (timeout, 5xx) is
   * looked up by its reference before being tried again, so a retry never makes a second payment.
   */
  createPixCharge(input: AsaasPixChargeInput): Promise<AsaasPayment>;
  getPixQrCode(paymentId: string): Promise<AsaasPixQrCode>;
  getPayment(paymentId: string): Promise<AsaasPayment>;
  /** One page of GET /payments (removed payments included, `deleted: true`); `limit` is capped at 100. */
  listPayments(
    filters: AsaasPaymentFilters,
    page: { offset: number; limit?: number },
  ): Promise<AsaasPage<AsaasPayment>>;
  /** Removes an unpaid charge (its PIX can no longer be paid); Asaas then sends PAYMENT_DELETED. */
  deletePayment(paymentId: string): Promise<void>;
  /**
   * Refunds a received payment in full (the PIX goes back to the payer's account); Asaas answers the payment, now
   * refunding, and sends PAYMENT_REFUND_IN_PROGRESS then PAYMENT_REFUNDED. Never replayed blindly: a refund whose answer
   * was lost is found by reading the payment.
   */
  refundPayment(paymentId: string, description: string): Promise<AsaasPayment>;
  /** Creates a charge of any method (PIX, card in instalments, boleto), at most once per externalReference. */
  createCharge(input: AsaasChargeInput): Promise<AsaasPayment>;
  /** A boleto's typeable line (GET /payments/{id}/identificationField). */
  getBoletoLine(paymentId: string): Promise<AsaasBoletoLine>;
  /** Refunds every instalment of a card plan (POST /installments/{id}/refund); each then follows its refund's events. */
  refundInstallment(installmentId: string, description: string): Promise<void>;
  /** Removes every unpaid instalment of a card plan (DELETE /installments/{id}). */
  deleteInstallment(installmentId: string): Promise<void>;
};

/** A charge at Asaas: its payment and, for a card in instalments, the plan (`installment`) it is the first of. */
export type AsaasChargeRef = { payment: string; installment?: string | null };

/**
 * Removes an unpaid charge: a card plan whole (DELETE /installments/{id}; Asaas refuses removing one of its
 * instalments), any other payment by itself. Every removal of a charge goes through here, so none forgets the plan.
 */
export function removeCharge(
  asaas: Pick<AsaasClient, 'deletePayment' | 'deleteInstallment'>,
  charge: AsaasChargeRef,
): Promise<void> {
  return charge.installment ? asaas.deleteInstallment(charge.installment) : asaas.deletePayment(charge.payment);
}

/**
 * Refunds a paid charge in full: a card plan whole (POST /installments/{id}/refund: the card gets every instalment
 * back), any other payment by itself (a PIX to the payer's account). The new status is read back by the caller.
 */
export async function refundCharge(
  asaas: Pick<AsaasClient, 'refundPayment' | 'refundInstallment'>,
  charge: AsaasChargeRef,
  description: string,
): Promise<void> {
  if (charge.installment) await asaas.refundInstallment(charge.installment, description);
  else await asaas.refundPayment(charge.payment, description);
}

export type AsaasClientOptions = AsaasRequestOptions;

export function createAsaasClient(options: AsaasClientOptions): AsaasClient {
  const { call, retry, once } = createAsaasRequest(options);

  const byReference = (reference: string) => `externalReference=${encodeURIComponent(reference)}`;

  /** Every page of a list, `limit` 100, following `hasMore`. */
  async function listAll<T extends z.ZodType>(path: string, item: T): Promise<z.output<T>[]> {
    const all: z.output<T>[] = [];
    const separator = path.includes('?') ? '&' : '?';
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const list = await call('GET', `${path}${separator}offset=${page * PAGE_SIZE}&limit=${PAGE_SIZE}`, listOf(item));
      all.push(...list.data);
      if (list.hasMore !== true || list.data.length === 0) return all;
    }
    throw new AsaasError('unexpected', `Asaas list longer than ${MAX_PAGES} pages: GET ${path}`);
  }

  const client: AsaasClient = {
    async findCustomerByReference(externalReference) {
      const list = await call('GET', `/customers?${byReference(externalReference)}`, listOf(customerSchema));
      // A removed customer can take no new payment: it is not the one to charge.
      return list.data.find((customer) => customer.deleted !== true);
    },
    listCustomersByReference: (externalReference) =>
      listAll(`/customers?${byReference(externalReference)}`, customerSchema),
    getCustomer: (customerId) => call('GET', `/customers/${encodeURIComponent(customerId)}`, customerSchema),
    async deleteCustomer(customerId) {
      await call('DELETE', `/customers/${encodeURIComponent(customerId)}`, deletedSchema);
    },
    listPaymentsOfCustomer: (customerId) =>
      listAll(`/payments?customer=${encodeURIComponent(customerId)}`, paymentSchema),
    createCustomer: (input) =>
      call('POST', '/customers', customerSchema, { body: { ...input, notificationDisabled: true }, retry: once }),
    async ensureCustomer(input) {
      return (await client.findCustomerByReference(input.externalReference)) ?? client.createCustomer(input);
    },
    async findPaymentByReference(externalReference) {
      const list = await call('GET', `/payments?${byReference(externalReference)}`, listOf(paymentSchema));
      // A removed payment (an expired PIX we deleted) is not the charge: its QR code can no longer be paid. A card plan's
      // instalments all carry the reference: the charge is its first.
      return list.data
        .filter((payment) => payment.deleted !== true)
        .sort((a, b) => (a.installmentNumber ?? 0) - (b.installmentNumber ?? 0))[0];
    },
    createPixCharge: (input) => client.createCharge({ ...input, billingType: 'PIX' }),
    async createCharge(input) {
      const { installmentCount, successUrl, ...rest } = input;
      const body = {
        ...rest,
        ...(installmentCount !== undefined && installmentCount > 1
          ? { value: undefined, installmentCount, totalValue: input.value }
          : {}),
        ...(successUrl ? { callback: { successUrl, autoRedirect: true } } : {}),
      };
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await call('POST', '/payments', paymentSchema, { body, retry: once });
        } catch (error) {
          if (!(error instanceof AsaasError) || error.kind !== 'unavailable') throw error;
          // The answer was lost, maybe not the payment: look before trying again, and before giving up (the last
          // POST may have made it, and the caller's own retry would otherwise create a second one).
          const existing = await client.findPaymentByReference(input.externalReference);
          if (existing) return existing;
          if (attempt >= retry.attempts) throw error;
          await (options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(retry.baseDelayMs * attempt);
        }
      }
    },
    getPixQrCode: (paymentId) => call('GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`, pixQrCodeSchema),
    getPayment: (paymentId) => call('GET', `/payments/${encodeURIComponent(paymentId)}`, paymentSchema),
    listPayments(filters, page) {
      const query = new URLSearchParams();
      for (const [name, param] of Object.entries(PAYMENT_FILTER_PARAMS) as [keyof AsaasPaymentFilters, string][]) {
        const value = filters[name];
        if (value !== undefined) query.set(param, value);
      }
      query.set('offset', String(page.offset));
      query.set('limit', String(Math.min(page.limit ?? ASAAS_PAGE_LIMIT, ASAAS_PAGE_LIMIT)));
      return call('GET', `/payments?${query.toString()}`, pageOf(paymentSchema));
    },
    async deletePayment(paymentId) {
      await call('DELETE', `/payments/${encodeURIComponent(paymentId)}`, deletedSchema);
    },
    getBoletoLine: (paymentId) =>
      call('GET', `/payments/${encodeURIComponent(paymentId)}/identificationField`, identificationFieldSchema),
    async refundInstallment(installmentId, description) {
      await call('POST', `/installments/${encodeURIComponent(installmentId)}/refund`, installmentSchema, {
        body: { description },
        retry: once,
      });
    },
    async deleteInstallment(installmentId) {
      await call('DELETE', `/installments/${encodeURIComponent(installmentId)}`, deletedSchema);
    },
    refundPayment: (paymentId, description) =>
      call('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, paymentSchema, {
        body: { description },
        retry: once,
      }),
  };
  return client;
}

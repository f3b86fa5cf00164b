import * as z from 'zod';
import { normalizeInvoiceStatus } from '../../domain/invoice.js';
import { AsaasError, createAsaasRequest, type AsaasRequestOptions } from './asaas-request.js';

/**
 * Asaas's notas fiscais de serviço (`/v3/invoices`), apart from the payments' client (asaas.ts) so each grows on its own:
 * the same base URL, key, errors (`AsaasError`) and retries. Asaas issues the NFS-e at the prefeitura asynchronously and
 * tells its progress by INVOICE_* webhooks.
 */
const invoiceSchema = z
  .object({
    id: z.string().min(1),
    status: z.string().min(1).transform(normalizeInvoiceStatus),
    payment: z.string().nullish(),
    installment: z.string().nullish(),
    value: z.number().nullish(),
    number: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((n) => (n === null || n === undefined ? n : String(n))),
    pdfUrl: z.string().nullish(),
    xmlUrl: z.string().nullish(),
    statusDescription: z.string().nullish(),
    externalReference: z.string().nullish(),
    deleted: z.boolean().optional(),
  })
  .loose();
export type AsaasInvoice = z.infer<typeof invoiceSchema>;

const listSchema = z.object({ data: z.array(invoiceSchema), hasMore: z.boolean().optional() }).loose();

/**
 * What a nota is for: one payment, or a whole instalment plan (Asaas's `installment`), so a card in instalments has one
 * nota for the sale's value rather than one per instalment or one of the first instalment's payment.
 */
export type AsaasInvoiceTarget = { payment: string } | { installment: string };

export type AsaasInvoiceInput = AsaasInvoiceTarget & {
  serviceDescription: string;
  observations: string;
  /** Reais, two decimals. */
  value: number;
  /** yyyy-MM-dd (São Paulo): the day the nota is issued. */
  effectiveDate: string;
  municipalServiceCode: string;
  municipalServiceName: string;
  /** Our charge id: a retry finds the nota it already made. */
  externalReference: string;
  taxes: { retainIss: boolean; iss: number; cofins: number; csll: number; inss: number; ir: number; pis: number };
};

/** What a nota says, whatever it is for. */
export type AsaasInvoiceContent = Omit<AsaasInvoiceInput, 'payment' | 'installment' | 'externalReference'>;

export type AsaasInvoices = {
  /**
   * Schedules the nota of a payment or plan, at most once for it: a live nota (not cancelled) of it is answered instead
   * of a new one, so a creation whose answer was lost is found, never repeated.
   */
  scheduleInvoice(input: AsaasInvoiceInput): Promise<AsaasInvoice>;
  getInvoice(invoiceId: string): Promise<AsaasInvoice>;
  /** The notas of one payment or plan (cancelled ones included). */
  listInvoicesOf(target: AsaasInvoiceTarget): Promise<AsaasInvoice[]>;
  /** A nota not issued yet (SCHEDULED or ERROR) rewritten: a failed one is scheduled again. */
  updateInvoice(invoiceId: string, input: AsaasInvoiceContent): Promise<AsaasInvoice>;
  /** Issues a scheduled nota now, instead of on its effective date. */
  authorizeInvoice(invoiceId: string): Promise<AsaasInvoice>;
  /** Asks the prefeitura to cancel the nota (PROCESSING_CANCELLATION, then CANCELED or CANCELLATION_DENIED). */
  cancelInvoice(invoiceId: string): Promise<AsaasInvoice>;
};

export type AsaasInvoicesOptions = AsaasRequestOptions;

export function createAsaasInvoices(options: AsaasInvoicesOptions): AsaasInvoices {
  const { call, once } = createAsaasRequest(options);

  const path = (invoiceId: string, action = '') => `/invoices/${encodeURIComponent(invoiceId)}${action}`;

  const client: AsaasInvoices = {
    async listInvoicesOf(target) {
      const filter =
        'installment' in target
          ? `installment=${encodeURIComponent(target.installment)}`
          : `payment=${encodeURIComponent(target.payment)}`;
      const list = await call('GET', `/invoices?${filter}&limit=100`, listSchema);
      return list.data;
    },
    async scheduleInvoice(input) {
      const target: AsaasInvoiceTarget =
        'installment' in input ? { installment: input.installment } : { payment: input.payment };
      const live = async () =>
        (await client.listInvoicesOf(target)).find(
          (invoice) => invoice.deleted !== true && invoice.status !== 'CANCELED',
        );
      const existing = await live();
      if (existing) return existing;
      try {
        return await call('POST', '/invoices', invoiceSchema, { body: input, retry: once });
      } catch (error) {
        // The answer was lost, maybe not the nota: look before anyone tries again.
        if (error instanceof AsaasError && error.kind === 'unavailable') {
          const made = await live();
          if (made) return made;
        }
        throw error;
      }
    },
    getInvoice: (invoiceId) => call('GET', path(invoiceId), invoiceSchema),
    updateInvoice: (invoiceId, input) => call('PUT', path(invoiceId), invoiceSchema, { body: input, retry: once }),
    authorizeInvoice: (invoiceId) => call('POST', path(invoiceId, '/authorize'), invoiceSchema, { retry: once }),
    cancelInvoice: (invoiceId) => call('POST', path(invoiceId, '/cancel'), invoiceSchema, { retry: once }),
  };
  return client;
}

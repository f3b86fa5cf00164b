import { randomBytes } from 'node:crypto';
import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { saoPauloWallClock } from '../../../domain/sao-paulo-calendar.js';
import { OUTSIDE_PRICES } from '../../../scripts/cost/prices.js';

/** Asaas's objects as its API returns them, and the small helpers every part of the simulator shares. */

/**
 * What Asaas keeps of a payment (its `value − netValue`), as it publishes its fees: the cost model's figures
 * (scripts/cost/prices.ts), so the simulator and the cost estimate never disagree. A card's fee is a percentage of
 * each instalment plus a fixed fee per sale, on its first instalment; the percentage grows with the number of
 * instalments.
 */
export function asaasFee(
  billingType: BillingType,
  value: number,
  installment: { number: number; count: number } | null,
) {
  const fees = OUTSIDE_PRICES.asaas;
  if (billingType === 'PIX') return fees.pixBrl;
  if (billingType === 'BOLETO') return fees.boletoBrl;
  const count = installment?.count ?? 1;
  const tier = count === 1 ? fees.card.single : count <= 6 ? fees.card.upTo6 : fees.card.upTo12;
  const fixed = (installment?.number ?? 1) === 1 ? tier.fixedBrl : 0;
  return round2((value * tier.percent) / 100 + fixed);
}
export const MIN_VALUE = 5;

// ---------------------------------------------------------------------------------------------------------------------
// Asaas's objects

export type Customer = {
  object: 'customer';
  id: string;
  dateCreated: string;
  name: string;
  email: string | null;
  company: null;
  phone: string | null;
  mobilePhone: string | null;
  address: null;
  addressNumber: null;
  complement: null;
  province: null;
  postalCode: null;
  cpfCnpj: string | null;
  personType: 'FISICA' | 'JURIDICA' | null;
  /** True once removed with DELETE /customers/{id}: still answered by id, left out of lists. */
  deleted: boolean;
  additionalEmails: null;
  externalReference: string | null;
  notificationDisabled: boolean;
  observations: null;
  municipalInscription: null;
  stateInscription: null;
  canDelete: true;
  cannotBeDeletedReason: null;
  canEdit: true;
  cannotEditReason: null;
  city: null;
  cityName: null;
  state: null;
  country: 'Brasil';
};

/** The ways to pay the simulator takes, as Asaas names them. */
export const BILLING_TYPES = ['PIX', 'CREDIT_CARD', 'BOLETO'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];

export type Refund = {
  dateCreated: string;
  status: 'DONE' | 'PENDING' | 'CANCELLED';
  value: number;
  description: string | null;
};

export type Payment = {
  object: 'payment';
  id: string;
  dateCreated: string;
  customer: string;
  subscription: null;
  /** A card plan's id (`ins_…`) on each of its instalments. */
  installment: string | null;
  paymentLink: null;
  value: number;
  netValue: number;
  originalValue: null;
  interestValue: null;
  description: string | null;
  billingType: BillingType;
  canBePaidAfterDueDate: true;
  pixTransaction: string | null;
  status: string;
  dueDate: string;
  originalDueDate: string;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  confirmedDate: string | null;
  installmentNumber: number | null;
  invoiceUrl: string;
  invoiceNumber: string;
  externalReference: string | null;
  deleted: boolean;
  anticipated: false;
  anticipable: false;
  creditDate: string | null;
  estimatedCreditDate: string | null;
  transactionReceiptUrl: null;
  nossoNumero: string | null;
  bankSlipUrl: string | null;
  lastInvoiceViewedDate: string | null;
  lastBankSlipViewedDate: null;
  discount: { value: 0; limitDate: null; dueDateLimitDays: 0; type: 'FIXED' };
  fine: { value: 0; type: 'FIXED' };
  interest: { value: 0; type: 'PERCENTAGE' };
  postalService: false;
  custody: null;
  refunds: Refund[] | null;
};

export type WebhookEnvelope = { id: string; event: string; dateCreated: string; payment: Payment };
/** An INVOICE_* event's envelope: the nota instead of a payment (invoices.ts). */
export type InvoiceEnvelope = { id: string; event: string; dateCreated: string; invoice: { id: string } };

export type Delivery = {
  eventId: string;
  event: string;
  paymentId: string;
  /** The receiver's HTTP status, or 'error' (network error, timeout, or a failure forced by `failNext`). */
  status: number | 'error';
  /** ISO instant of the attempt. */
  at: string;
  /** 1-based attempt number of this queue entry. */
  attempt: number;
  error?: string;
  /** The attempt was failed by the `failNext` switch: nothing was sent. */
  simulated?: true;
};

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> };

// ---------------------------------------------------------------------------------------------------------------------
// Small helpers

export const ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER_ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz';

export function randomId(length: number, alphabet: string): string {
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

/** yyyy-MM-dd and yyyy-MM-dd HH:mm:ss of an instant, São Paulo calendar (Asaas's formats). */
export function saoPaulo(instant: Date): { date: string; dateTime: string } {
  const { date, time } = saoPauloWallClock(instant);
  return { date, dateTime: `${date} ${time}` };
}

export const round2 = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A CPF (11 digits), a numeric CNPJ or an alphanumeric one (14 positions), as Asaas stores it; null if invalid. */
export function normalizeCpfCnpj(raw: string): { value: string; personType: 'FISICA' | 'JURIDICA' } | null {
  const value = raw.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  if (/^\d{11}$/.test(value)) {
    return isValidCpf(value) && !/^(\d)\1{10}$/.test(value) ? { value, personType: 'FISICA' } : null;
  }
  if (value.length === 14 && isValidCnpj(value, { version: 2 })) return { value, personType: 'JURIDICA' };
  return null;
}

export const apiError = (code: string, description: string, status = 400): Reply => ({
  status,
  body: { errors: [{ code, description }] },
});

export const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** The statuses a payment can be paid, refunded from, or is being refunded in. */
export const PAYABLE = new Set(['PENDING', 'OVERDUE']);
export const REFUNDABLE = new Set(['RECEIVED', 'CONFIRMED']);
export const REFUNDING = new Set(['REFUND_REQUESTED', 'REFUND_IN_PROGRESS']);

/** A path segment decoded; left as it is when malformed. */
export function decode(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return segment ?? '';
  }
}

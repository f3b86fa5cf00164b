import { PAYMENT_METHODS } from '../payment-methods.js';
import { ADMIN_PROCESS_MESSAGES, WITHDRAWAL_MESSAGES } from '../messages.js';
import * as z from 'zod';
import { dayRangeProblem, FINANCE_PERIOD_MESSAGES, isCalendarDay } from '../finance-period.js';
import { adminClientChargeSchema } from '../schemas/admin-clients.js';
import { ADMIN_PAGE_SIZE, adminListQuerySchema } from './admin-processes.js';
import { SETTLEMENT_OUTCOMES } from '../withdrawal.js';
import { defineRoute } from './route.js';

/**
 * A charge row of /admin/financeiro: the charge (without its QR image, ~10 KB that no admin screen shows) with its
 * contract (protocol, value, date) and client (spec 02 §7).
 */
export const adminChargeRowSchema = adminClientChargeSchema.extend({
  user_id: z.string(),
  /** The client's profile id: the row links to their case file (null where the profile is gone). */
  profile_id: z.string().nullable(),
  protocolo: z.string().nullable(),
  valor: z.number().nullable(),
  contrato_created_at: z.string().nullable(),
  nome_cliente: z.string().nullable(),
  email_cliente: z.string().nullable(),
  whatsapp_cliente: z.string().nullable(),
  /** The contract was cancelled (a withdrawal, an admin's refund): a paid row of it is money to give back. */
  contrato_cancelado_em: z.string().nullish(),
  /** How the money arrives (domain/payment-methods.ts): 'manual' when an admin recorded it ('Marcar pago'). */
  metodo: z.enum(PAYMENT_METHODS),
});
export type AdminChargeRow = z.infer<typeof adminChargeRowSchema>;

/** A São Paulo calendar day on the wire, `yyyy-mm-dd`. */
const daySchema = z.string().refine(isCalendarDay, FINANCE_PERIOD_MESSAGES.invalidDay);

/** A period of São Paulo days, both included (`from` ≤ `to`, at most a year): the pt-BR reason when it is wrong. */
function refineDayRange(query: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (query.from === undefined && query.to === undefined) return;
  const problem = dayRangeProblem(query.from, query.to);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [query.from ? 'to' : 'from'] });
}

/** The longest page a caller may ask for: the CSV export reads the list in pages of this size. */
export const ADMIN_CHARGES_MAX_PAGE = 100;

/**
 * /admin/financeiro: charges whose status last changed in the period (`from`/`to`, São Paulo days; without them, all),
 * most recently moved first, or those in one status (a provider status, upper case), or a search; one page of `limit`
 * rows (25 unless asked). `metodo` keeps the charges paid one way: a filter over the pages read, which reads on until
 * the page is full or the list ends (docs/decisions.md, Finance: method filter).
 */
export const listAdminChargesRoute = defineRoute({
  id: 'ListAdminCharges',
  method: 'POST',
  path: '/admin/charges/search',
  access: 'admin',
  body: adminListQuerySchema
    .extend({
      status: z
        .string()
        .trim()
        .regex(/^[A-Za-z_]{1,40}$/)
        .transform((s) => s.toUpperCase())
        .optional(),
      from: daySchema.optional(),
      to: daySchema.optional(),
      limit: z.coerce.number().int().min(1).max(ADMIN_CHARGES_MAX_PAGE).default(ADMIN_PAGE_SIZE),
      /** Only the charges paid this way (`chargeMethod`). */
      metodo: z.enum(PAYMENT_METHODS).optional(),
    })
    .superRefine(refineDayRange),
  response: z.object({ items: z.array(adminChargeRowSchema), cursor: z.string().nullable() }),
});

/** A money figure of the period: reais (two decimals) and how many charges make it. */
const moneyFigureSchema = z.object({ amount: z.number(), count: z.number().int() });

/**
 * Recebido, Estornado, Taxas Asaas, Líquido (received − refunded − fees) and Pendente of a period, with every day's
 * receipts for the chart (docs/decisions.md).
 */
export const financeSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  received: moneyFigureSchema,
  refunded: moneyFigureSchema,
  /** What Asaas kept of the money received in the period; `count`: the payments it came from. */
  fees: moneyFigureSchema,
  /** Recebido − Estornado − Taxas Asaas; `count`: the payments received. */
  net: moneyFigureSchema,
  pending: moneyFigureSchema,
  /**
   * Now, whatever the period: the signed contracts waiting for their payment (Processos' 'Pagamento Pendente'), those
   * with a charge and those without one yet ('Sem cobrança ainda'); `total = charged + uncharged`.
   */
  awaitingPayment: z.object({
    total: z.number().int().nonnegative(),
    charged: z.number().int().nonnegative(),
    uncharged: z.number().int().nonnegative(),
  }),
  days: z.array(z.object({ day: z.string(), received: z.number(), refunded: z.number() })),
});
export type FinanceSummary = z.infer<typeof financeSummarySchema>;

/** The period's totals, computed on the server from the daily totals (and the open charges), never from a page. */
export const getAdminFinanceSummaryRoute = defineRoute({
  id: 'GetAdminFinanceSummary',
  method: 'GET',
  path: '/admin/finance/summary',
  access: 'admin',
  query: z.object({ from: daySchema, to: daySchema }).superRefine(refineDayRange),
  response: financeSummarySchema,
});

const adminChargeParams = z.object({
  userId: z.string().min(1).max(128),
  contractId: z.string().min(1).max(64),
  chargeId: z.string().min(1).max(64),
});

/**
 * 'Marcar pago' with its confirmation: the amount received (the charge's value), the São Paulo day (not in the
 * future) and how it arrived; recorded on the charge as a manual payment and audited.
 */
export const markPaidBodySchema = z.object({
  valor: z.coerce
    .number({ error: ADMIN_PROCESS_MESSAGES.markPaidInvalidValue })
    .positive(ADMIN_PROCESS_MESSAGES.markPaidInvalidValue)
    .max(1_000_000, ADMIN_PROCESS_MESSAGES.markPaidInvalidValue),
  data: z
    .string({ error: ADMIN_PROCESS_MESSAGES.markPaidInvalidDate })
    .refine(isCalendarDay, ADMIN_PROCESS_MESSAGES.markPaidInvalidDate),
  motivo: z
    .string({ error: ADMIN_PROCESS_MESSAGES.markPaidReasonRequired })
    .trim()
    .min(3, ADMIN_PROCESS_MESSAGES.markPaidReasonRequired)
    .max(500, ADMIN_PROCESS_MESSAGES.reasonTooLong),
});
export type MarkPaidBody = z.infer<typeof markPaidBodySchema>;

/** 'Marcar pago': forces CONFIRMED through the webhook's own confirmation path (docs/decisions.md). */
export const markAdminChargePaidRoute = defineRoute({
  id: 'MarkAdminChargePaid',
  method: 'POST',
  path: '/admin/charges/{userId}/{contractId}/{chargeId}/mark-paid',
  access: 'admin',
  params: adminChargeParams,
  body: markPaidBodySchema,
  response: z.object({ charge: adminChargeRowSchema }),
});

/** The payment verification action: reads the payment at Asaas (fresh) and applies its status. */
export const verifyAdminChargeRoute = defineRoute({
  id: 'VerifyAdminCharge',
  method: 'POST',
  path: '/admin/charges/{userId}/{contractId}/{chargeId}/verification',
  access: 'admin',
  params: adminChargeParams,
  response: z.object({
    pago: z.boolean(),
    /** Whether the charge's status moved; the words for the admin (`verificationMessage`). */
    mudou: z.boolean(),
    mensagem: z.string(),
    charge: adminChargeRowSchema,
  }),
});

/** The admin's refund needs a reason (audited, and written on the process's history). */
const refundBody = z.object({
  motivo: z
    .string({ error: WITHDRAWAL_MESSAGES.refundReasonRequired })
    .trim()
    .min(3, WITHDRAWAL_MESSAGES.refundReasonRequired)
    .max(500, 'O motivo deve ter no máximo 500 caracteres.'),
});

/**
 * The three ways a charge's money goes back, one route (docs/decisions.md, One refund route: the stack is at
 * CloudFormation's 500 resources, and a function per route costs eight):
 * - `estorno` ('Estornar'): refunded at Asaas, the contract cancelled;
 * - `manual` ('Registrar estorno manual'): a cancelled contract's money went back outside Asaas (a bank transfer,
 *   after Asaas refused the refund): the amount (up to what was paid) and the São Paulo day (not in the future),
 *   recorded on the charge and audited, which closes the case (alert, divergence);
 * - `duplicidade` ('Estornar pagamento extra', under 'Pagamento em duplicidade'): a second paid charge of a contract
 *   whose process another charge confirmed is refunded at Asaas; the contract and its process stay as they are.
 */
const chargeRefundBody = refundBody
  .extend({
    tipo: z.enum(['estorno', 'manual', 'duplicidade']).default('estorno'),
    valor: z.coerce
      .number({ error: WITHDRAWAL_MESSAGES.manualRefundInvalidValue })
      .positive(WITHDRAWAL_MESSAGES.manualRefundInvalidValue)
      .max(1_000_000, WITHDRAWAL_MESSAGES.manualRefundInvalidValue)
      .optional(),
    data: z
      .string({ error: WITHDRAWAL_MESSAGES.manualRefundInvalidDate })
      .refine(isCalendarDay, WITHDRAWAL_MESSAGES.manualRefundInvalidDate)
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.tipo !== 'manual') return;
    if (body.valor === undefined) {
      ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.manualRefundInvalidValue, path: ['valor'] });
    }
    if (body.data === undefined) {
      ctx.addIssue({ code: 'custom', message: WITHDRAWAL_MESSAGES.manualRefundInvalidDate, path: ['data'] });
    }
  });

/**
 * 'Estornar' (docs/decisions.md, Withdrawal and refunds): a paid charge refunded in full at Asaas, its contract cancelled
 * and its process closed, outside the customer's 7 days (a court denial, a goodwill refund). 409 when not paid; 503
 * when Asaas cannot be reached (the contract stays cancelled; the next click asks again).
 */
export const refundAdminChargeRoute = defineRoute({
  id: 'RefundAdminCharge',
  method: 'POST',
  path: '/admin/charges/{userId}/{contractId}/{chargeId}/refund',
  access: 'admin',
  params: adminChargeParams,
  body: chargeRefundBody,
  response: z.object({
    charge: adminChargeRowSchema,
    /**
     * What Asaas did ('estorno'); `refused` with Asaas's reason keeps the money held (the admin alert says what to do).
     * Null for the other kinds.
     */
    settlement: z.object({ outcome: z.enum(SETTLEMENT_OUTCOMES), reason: z.string().nullable() }).nullable(),
  }),
});

export const orphanPaymentSchema = z.object({
  asaasId: z.string(),
  status: z.string(),
  value: z.number().nullable(),
  asaasCustomer: z.string().nullable(),
  externalReference: z.string().nullable(),
  lastEvent: z.string(),
  firstSeenAt: z.string(),
  updatedAt: z.string(),
});

/** 'Pagamentos sem cobrança': money Asaas received for no charge of ours (pattern 48), newest sighting first. */
export const listOrphanPaymentsRoute = defineRoute({
  id: 'ListOrphanPayments',
  method: 'GET',
  path: '/admin/orphan-payments',
  access: 'admin',
  response: z.object({ items: z.array(orphanPaymentSchema) }),
});

/** Sends an orphan payment back to its payer (a refund at Asaas), audited. */
export const refundOrphanPaymentRoute = defineRoute({
  id: 'RefundOrphanPayment',
  method: 'POST',
  path: '/admin/orphan-payments/{asaasId}/refund',
  access: 'admin',
  params: z.object({ asaasId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Pagamento não encontrado.') }),
  body: refundBody,
  response: z.object({ payment: orphanPaymentSchema }),
});

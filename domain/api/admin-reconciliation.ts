import * as z from 'zod';
import { DIVERGENCE_KINDS, RECONCILIATION_RUN_STATUSES, RECONCILIATION_STARTERS } from '../reconciliation.js';
import { defineRoute } from './route.js';

const count = z.number().int().nonnegative();

/** A reconciliation run as 'Divergências' sums it up: when, what it read, what it did and how it ended. */
export const reconciliationRunSchema = z.object({
  id: z.string(),
  status: z.enum(RECONCILIATION_RUN_STATUSES),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  window: z.object({ createdFrom: z.string(), paidFrom: z.string(), until: z.string() }),
  note: z.string().nullable(),
  pages: count,
  requests: count,
  payments_read: count,
  charges_checked: count,
  repaired: count,
  confirmations_resumed: count,
  orphans: count,
  orphans_new: count,
  divergences_new: count,
  divergences_open: count,
  divergences_resolved: count,
  errors: count,
  /** Who started it; null on runs recorded before it was kept (the schedule's). */
  started_by: z
    .object({ kind: z.enum(RECONCILIATION_STARTERS), email: z.string().nullish() })
    .nullish()
    .transform((starter) => starter ?? null),
});
export type ReconciliationRunSummary = z.infer<typeof reconciliationRunSchema>;

/**
 * A divergence row: what each side says about one payment, the charge it belongs to and, completed per page, its
 * contract's protocol and client (never copied onto the record: a renamed client reads right, a deleted one as '—').
 */
export const adminDivergenceRowSchema = z.object({
  id: z.string(),
  kind: z.enum(DIVERGENCE_KINDS),
  asaas_id: z.string(),
  user_id: z.string().nullable(),
  contrato_id: z.string().nullable(),
  charge_id: z.string().nullable(),
  our_status: z.string().nullable(),
  asaas_status: z.string().nullable(),
  our_value: z.number().nullable(),
  asaas_value: z.number().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  protocolo: z.string().nullable(),
  nome_cliente: z.string().nullable(),
  /** The client's profile id: the row links to their case file. */
  profile_id: z.string().nullable(),
});
export type AdminDivergenceRow = z.infer<typeof adminDivergenceRowSchema>;

/** 'Divergências' on /admin/financeiro: the last reconciliation run and the divergences still open, a page at a time. */
export const getAdminReconciliationRoute = defineRoute({
  id: 'GetAdminReconciliation',
  method: 'GET',
  path: '/admin/reconciliation',
  access: 'admin',
  query: z.object({ cursor: z.string().max(2000).optional() }),
  response: z.object({
    lastRun: reconciliationRunSchema.nullable(),
    /** The next scheduled run (ISO), from the catalogue's schedule in São Paulo time. */
    nextRun: z.string(),
    items: z.array(adminDivergenceRowSchema),
    cursor: z.string().nullable(),
  }),
});

/**
 * 'Executar agora': an admin starts the reconciliation with Asaas at once, audited; it runs within the request (up to
 * about 20 s: what it did not reach, the next run reads) and answers with the run's record. 409 while another run holds
 * the lock.
 */
export const runAdminReconciliationRoute = defineRoute({
  id: 'RunAdminReconciliation',
  method: 'POST',
  path: '/admin/reconciliation/runs',
  access: 'admin',
  response: z.object({ run: reconciliationRunSchema }),
});

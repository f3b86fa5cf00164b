import { normalizeChargeStatus } from './charge-status.js';

/**
 * What deleting a client does with each of their payments (docs/decisions.md, Deleting a client: money first), read
 * from Asaas's status (or our charge's):
 *
 * - `open`: nothing was paid and the PIX can still be paid — the payment is removed at Asaas before anything of ours is
 *   deleted, so no one can pay a charge we no longer know.
 * - `closed`: no money is with us or on its way back — removed already (our DELETED, Asaas's `deleted: true`) or
 *   refunded in full. Asaas keeps its own record of it; nothing to do.
 * - `money`: money was received, or is going back and forth (a refund or a chargeback under way), or the status is one
 *   we do not know. The deletion is refused: the record of money received must stay until it is refunded.
 */
export type PaymentAtDeletion = 'open' | 'closed' | 'money';

/** Unpaid and still payable: Asaas removes these with DELETE /payments/{id}. */
export const OPEN_PAYMENT_STATUSES = ['PENDING', 'OVERDUE', 'AWAITING_RISK_ANALYSIS'] as const;

const OPEN = new Set<string>(OPEN_PAYMENT_STATUSES);

export function paymentAtDeletion(payment: { status: string; deleted?: boolean | null }): PaymentAtDeletion {
  const status = normalizeChargeStatus(payment.status);
  if (payment.deleted === true || status === 'DELETED' || status === 'REFUNDED') return 'closed';
  if (OPEN.has(status)) return 'open';
  return 'money';
}

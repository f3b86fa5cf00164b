import type { AdminInvoiceRow } from '../../../domain/api/admin-invoices.js';
import type { Invoice } from '../../../domain/schemas/invoice.js';
import { retryInvoice, type InvoiceDeps } from '../../payments/invoice-service.js';
import type { Caller } from '../../shared/caller.js';
import { recordAdminAction } from '../../shared/data/audit.js';
import type { ChargeRef } from '../../shared/data/charges.js';
import { getContract } from '../../shared/data/contracts.js';
import { getInvoice, invoicesNeedingAttention } from '../../shared/data/invoices.js';
import type { Db } from '../../shared/data/table.js';

/** The list stays short (each row is a nota a person must settle): one page, oldest problem first. */
const PROBLEM_PAGE = 100;

export async function invoiceProblemRows(db: Db): Promise<AdminInvoiceRow[]> {
  const { items } = await invoicesNeedingAttention(db, { limit: PROBLEM_PAGE });
  return Promise.all(items.map((item) => rowOf(db, item.user_id, item)));
}

async function rowOf(db: Db, userId: string, invoice: Invoice): Promise<AdminInvoiceRow> {
  const contract = await getContract(db, userId, invoice.contrato_id);
  return { ...invoice, user_id: userId, protocolo: contract?.protocolo ?? null };
}

/**
 * 'Tentar novamente', then its audit record (the nota's status, failure and attempt before and after; no personal data).
 * Recorded after the attempt, as the attempt itself is the action whatever Asaas answered; a refusal before it (nothing
 * to retry) records nothing.
 */
export async function retryAdminInvoice(deps: InvoiceDeps, caller: Caller, ref: ChargeRef): Promise<AdminInvoiceRow> {
  const before = await getInvoice(deps.db, ref);
  const after = await retryInvoice(deps, ref);
  const facts = (invoice: Invoice | null) =>
    invoice && { status: invoice.status, falha: invoice.falha ?? null, tentativa: invoice.tentativa ?? 0 };
  await recordAdminAction(deps.db, {
    at: deps.clock().toISOString(),
    actor: { userId: caller.userId, email: caller.email },
    action: 'invoice-retry',
    targetUserId: ref.userId,
    target: { type: 'charge', id: ref.chargeId },
    before: facts(before),
    after: facts(after),
  });
  return rowOf(deps.db, ref.userId, after);
}

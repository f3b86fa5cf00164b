import { listOrphanPaymentsRoute } from '../../../domain/api/admin-finance.js';
import { listOrphanPayments } from '../../shared/data/orphan-payments.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { apiHandler } from '../../shared/http.js';

const db = tableFromEnvironment();

/** The list stays short (each item is a payment a person must settle): one page of 100, newest sighting first. */
const ORPHAN_PAGE = 100;

/** 'Pagamentos sem cobrança' on /admin/financeiro. */
export const handler = apiHandler(listOrphanPaymentsRoute, async () => {
  const { items } = await listOrphanPayments(db, { limit: ORPHAN_PAGE });
  return { body: { items: items.sort((a, b) => b.firstSeenAt.localeCompare(a.firstSeenAt)) } };
});

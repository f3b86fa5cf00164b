import { ADMIN_PAGE_SIZE } from '../../../domain/api/admin-processes.js';
import type { AdminReferralRow } from '../../../domain/api/admin-referrals.js';
import type { Referral } from '../../../domain/schemas/entities.js';
import {
  listReferrals,
  referralRowsOfReferrer,
  searchClients,
  searchReferralsByEmail,
  type Page,
} from '../../shared/data/admin-lists.js';
import type { Db } from '../../shared/data/table.js';

export type AdminReferralsDeps = { db: Db };

export type AdminReferralsQuery = { search?: string; status?: Referral['status']; cursor?: string };

/**
 * /admin/indicacoes (patterns 24, 38): without a search, one page of gsi1 (or of the status's gsi2 partition), the
 * referrer's name and e-mail already on each item. A search reads the referred addresses' tokens (scope REFERRAL) and
 * the referrers' own tokens (scope CLIENT: name, e-mail, document) — at most a page of each — and the status filter is
 * applied to those few referrals. A search answers one page without a cursor.
 */
export async function listAdminReferrals(
  deps: AdminReferralsDeps,
  query: AdminReferralsQuery,
): Promise<Page<AdminReferralRow>> {
  const { db } = deps;
  const search = query.search?.trim();
  if (!search) {
    return listReferrals(db, { status: query.status, cursor: query.cursor, limit: ADMIN_PAGE_SIZE });
  }
  const [byEmail, referrers] = await Promise.all([
    searchReferralsByEmail(db, search, ADMIN_PAGE_SIZE),
    searchClients(db, search, ADMIN_PAGE_SIZE),
  ]);
  const ofReferrers = await Promise.all(referrers.map((client) => referralRowsOfReferrer(db, client.user_id)));
  const rows = new Map<string, AdminReferralRow>();
  for (const row of [...byEmail, ...ofReferrers.flat()]) {
    if (!query.status || row.status === query.status) rows.set(row.id, row);
  }
  const items = [...rows.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { items, cursor: null };
}

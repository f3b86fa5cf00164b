import { ADMIN_PAGE_SIZE } from '../../../domain/api/admin-processes.js';
import type { AdminReferralRow } from '../../../domain/api/admin-referrals.js';
import type { Referral } from '../../../domain/schemas/entities.js';
import {
  listReferrals,
  referralRowsOfReferrer,
  searchClientPage,
  searchReferralsByEmail,
  type Page,
} from '../../shared/data/admin-lists.js';
import type { Db } from '../../shared/data/table.js';
import { ValidationError } from '../../shared/errors.js';
import { ADMIN_MESSAGES } from '../../../domain/messages.js';

export type AdminReferralsDeps = { db: Db };

export type AdminReferralsQuery = { search?: string; status?: Referral['status']; cursor?: string };

/**
 * /admin/indicacoes (patterns 24, 38): without a search, one page of gsi1 (or of the status's gsi2 partition), the
 * referrer's name and e-mail already on each item. A search reads the referred addresses' tokens (scope REFERRAL) and
 * the referrers' own tokens (scope CLIENT: name, e-mail, document) — at most a page of each — and the status filter is
 * applied to those few referrals. A search answers a page of each with one cursor for both.
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
  // Two token partitions, each paged by its own cursor; the list's cursor carries both until both are read.
  const cursors = searchCursorsOf(query.cursor);
  const [byEmail, referrers] = await Promise.all([
    cursors.email === undefined
      ? { items: [], cursor: null }
      : searchReferralsByEmail(db, search, { limit: ADMIN_PAGE_SIZE, cursor: cursors.email }),
    cursors.clients === undefined
      ? { items: [], cursor: null }
      : searchClientPage(db, search, { limit: ADMIN_PAGE_SIZE, cursor: cursors.clients }),
  ]);
  const ofReferrers = await Promise.all(referrers.items.map((client) => referralRowsOfReferrer(db, client.user_id)));
  const rows = new Map<string, AdminReferralRow>();
  for (const row of [...byEmail.items, ...ofReferrers.flat()]) {
    if (!query.status || row.status === query.status) rows.set(row.id, row);
  }
  const items = [...rows.values()].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return { items, cursor: searchCursorOf(byEmail.cursor, referrers.cursor) };
}

/** The two token partitions' cursors, `null` for one still to start; `undefined` for one read to its end. */
type SearchCursors = { email: string | null | undefined; clients: string | null | undefined };

/** One opaque cursor for both partitions; `null` once both are read to their end. */
function searchCursorOf(email: string | null, clients: string | null): string | null {
  if (email === null && clients === null) return null;
  return Buffer.from(JSON.stringify({ e: email, c: clients })).toString('base64url');
}

/** The first page starts both; a later page goes on with those not yet read to their end (each cursor checked again). */
function searchCursorsOf(cursor: string | undefined): SearchCursors {
  if (!cursor) return { email: null, clients: null };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const valid = (value: unknown) => value === null || typeof value === 'string';
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !valid((parsed as { e?: unknown }).e) ||
    !valid((parsed as { c?: unknown }).c)
  ) {
    throw new ValidationError(ADMIN_MESSAGES.invalidCursor, { cursor: ADMIN_MESSAGES.invalidCursor });
  }
  const { e, c } = parsed as { e: string | null; c: string | null };
  return { email: e ?? undefined, clients: c ?? undefined };
}

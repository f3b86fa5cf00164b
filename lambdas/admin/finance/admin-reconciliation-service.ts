import type { AdminDivergenceRow, ReconciliationRunSummary } from '../../../domain/api/admin-reconciliation.js';
import { nextScheduledReconciliation } from '../../../domain/reconciliation.js';
import type { Clock } from '../../shared/clock.js';
import { rowContextOf } from '../../shared/data/admin-lists.js';
import { divergenceCursor, latestReconciliationRun, listDivergences } from '../../shared/data/reconciliation.js';
import { encodeCursor, type Db } from '../../shared/data/table.js';

/** Rows a page of 'Divergências' shows (its rows' clients and contracts are one BatchGetItem of at most 50 keys). */
export const DIVERGENCE_PAGE_SIZE = 25;

/**
 * 'Divergências' (patterns 54 b and 55 b): the newest run's figures and a page of the divergences still open, each
 * completed with its contract's protocol and its client's name as the charges table is (patterns 22–23).
 */
export async function getAdminReconciliation(
  deps: { db: Db; clock: Clock },
  query: { cursor?: string },
): Promise<{
  lastRun: ReconciliationRunSummary | null;
  nextRun: string;
  items: AdminDivergenceRow[];
  cursor: string | null;
}> {
  const [lastRun, page] = await Promise.all([
    latestReconciliationRun(deps.db),
    listDivergences(deps.db, {
      limit: DIVERGENCE_PAGE_SIZE,
      cursor: divergenceCursor(query.cursor),
    }),
  ]);
  const refs = page.items.flatMap((d) =>
    d.user_id && d.contrato_id ? [{ userId: d.user_id, contractId: d.contrato_id }] : [],
  );
  const context = refs.length > 0 ? await rowContextOf(deps.db, refs) : null;
  const items = page.items.map((d): AdminDivergenceRow => {
    const { first_run_id: _first, last_run_id: _last, ...shown } = d;
    return {
      ...shown,
      id: `${d.asaas_id}#${d.kind}`,
      protocolo: (d.user_id && context?.contracts.get(`${d.user_id}#${d.contrato_id}`)?.protocolo) || null,
      nome_cliente: (d.user_id && context?.profiles.get(d.user_id)?.nome_completo) || null,
      profile_id: (d.user_id && context?.profiles.get(d.user_id)?.id) || null,
    };
  });
  // Newest first: what appeared last night is what a person looks for.
  items.sort((a, b) => b.first_seen_at.localeCompare(a.first_seen_at));
  return {
    lastRun: lastRun && { ...lastRun, started_by: lastRun.started_by ?? null },
    nextRun: nextScheduledReconciliation(deps.clock()),
    items,
    cursor: encodeCursor(page.cursor),
  };
}

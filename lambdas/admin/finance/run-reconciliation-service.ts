import type { ReconciliationRunSummary } from '../../../domain/api/admin-reconciliation.js';
import { RECONCILIATION_MESSAGES } from '../../../domain/messages.js';
import { RECONCILIATION_AUDIT_SUBJECT } from '../../../domain/reconciliation.js';
import { reconcilePayments, type ReconciliationDeps } from '../../payments/reconciliation-service.js';
import type { Caller } from '../../shared/caller.js';
import { recordAdminAction } from '../../shared/data/audit.js';
import { ConflictError } from '../../shared/errors.js';

/**
 * How long 'Executar agora' reads Asaas: the run happens within the request, whose gateway waits 29 s at most, less
 * the time to settle the divergences, record the run and answer. What it did not reach it says in its note, and the
 * next run reads it (only a run that read everything moves the cursor).
 */
export const RUN_NOW_READ_SECONDS = 18;

/**
 * 'Executar agora' (docs/decisions.md, 'Executar agora' on 'Divergências'): the nightly run's own code, under its own
 * lock — a run in progress (the night's, another admin's) refuses this one with a 409 — started by this admin, which
 * the run's record keeps and the audit trail records (who, when) once the lock is held.
 */
export async function runReconciliationNow(
  deps: ReconciliationDeps,
  caller: Caller,
  options: { lockSeconds: number },
): Promise<ReconciliationRunSummary> {
  const now = deps.clock();
  const outcome = await reconcilePayments(deps, {
    runId: now.toISOString(),
    deadline: new Date(now.getTime() + RUN_NOW_READ_SECONDS * 1000),
    lockSeconds: options.lockSeconds,
    startedBy: { kind: 'admin', email: caller.email },
    onStarted: async (run) => {
      await recordAdminAction(deps.db, {
        at: run.startedAt.toISOString(),
        actor: { userId: caller.userId, email: caller.email },
        action: 'reconciliation-run',
        targetUserId: RECONCILIATION_AUDIT_SUBJECT,
        target: { type: 'reconciliation', id: run.id },
        before: null,
        after: null,
      });
    },
  });
  if (outcome.skipped) throw new ConflictError(RECONCILIATION_MESSAGES.alreadyRunning);
  return { ...outcome.run, started_by: outcome.run.started_by ?? null };
}

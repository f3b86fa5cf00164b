import { runAdminReconciliationRoute } from '../../../domain/api/admin-reconciliation.js';
import type { ReconciliationDeps } from '../../payments/reconciliation-service.js';
import { systemClock } from '../../shared/clock.js';
import { tableFromEnvironment } from '../../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../../shared/environment.js';
import { apiHandler } from '../../shared/http.js';
import { runReconciliationNow } from './run-reconciliation-service.js';

const deps: ReconciliationDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  workflow: workflowFromEnvironment(),
  // A person waits for the answer: short retries, unlike the night's patient ones.
  asaas: asaasFromEnvironment({ timeoutMs: 8_000, retry: { attempts: 2, baseDelayMs: 500, maxDelayMs: 2_000 } }),
};

/** 'Executar agora' on 'Divergências': the reconciliation with Asaas, now, by an admin; 409 while one runs. */
export const handler = apiHandler(runAdminReconciliationRoute, async ({ caller }) => ({
  // The lock outlives this invocation's 29 s, so a run that died with it blocks the next one for a minute at most.
  body: { run: await runReconciliationNow(deps, caller, { lockSeconds: 60 }) },
}));

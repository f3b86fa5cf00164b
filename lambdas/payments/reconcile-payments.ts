import * as z from 'zod';
import '../../domain/zod-locale.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasFromEnvironment, workflowFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';
import { reconcilePayments, type ReconciliationDeps, type ReconciliationOutcome } from './reconciliation-service.js';

const deps: ReconciliationDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  workflow: workflowFromEnvironment(),
  // Patient, unlike a customer's request: a 429 waits for Asaas's Retry-After (or RateLimit-Reset), up to a minute.
  asaas: asaasFromEnvironment({
    timeoutMs: 20_000,
    retry: { attempts: 5, baseDelayMs: 2_000, maxDelayMs: 60_000 },
  }),
};

/**
 * EventBridge Scheduler's input (lib/constructs/reconciliation.ts): the run's scheduled time, which a retry of the same
 * run keeps. `npm run reconcile` sends none: the run is named after the moment it starts.
 */
const eventSchema = z.object({ scheduledTime: z.iso.datetime({ offset: true }).optional() });

/** Time kept after the reading stops: the divergences to settle, the run's record and the admins' report. */
const WRAP_UP_MS = 60_000;

/** The nightly reconciliation with Asaas (once a night, and `npm run reconcile` locally). */
export const handler = observedHandler<unknown, ReconciliationOutcome>(async (event, context) => {
  const input = eventSchema.safeParse(event ?? {});
  if (!input.success) {
    logger.error('Invalid reconciliation event', { issues: z.prettifyError(input.error) });
    throw new Error('ReconcilePayments: invalid event');
  }
  const now = deps.clock();
  const runId = input.data.scheduledTime ? new Date(input.data.scheduledTime).toISOString() : now.toISOString();
  logger.appendKeys({ task: 'ReconcilePayments', runId });
  const remainingMs = context.getRemainingTimeInMillis?.() ?? 0;
  return reconcilePayments(deps, {
    runId,
    deadline: remainingMs > WRAP_UP_MS ? new Date(now.getTime() + remainingMs - WRAP_UP_MS) : undefined,
    // The lock lasts as long as this invocation may: a run that died frees the next one.
    lockSeconds: Math.max(60, Math.ceil(remainingMs / 1000)),
    startedBy: { kind: input.data.scheduledTime ? 'agendamento' : 'script' },
  });
});

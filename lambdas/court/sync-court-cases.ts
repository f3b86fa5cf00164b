import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { datajudFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { observedHandler } from '../shared/observability.js';
import { syncCourtCases, type CourtSyncDeps, type CourtSyncOutcome } from './court-sync-service.js';

const deps: CourtSyncDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  datajud: datajudFromEnvironment(),
  sleep: (ms) => new Promise<void>((resolveSleep) => setTimeout(resolveSleep, ms)),
};

/** Time kept after the searches stop: the last records and the metrics line. */
const WRAP_UP_MS = 30_000;

/** The court sync with DataJud (a few times a day, and `npm run court-sync` locally). Its input is not read. */
export const handler = observedHandler<unknown, CourtSyncOutcome>(async (_event, context) => {
  logger.appendKeys({ task: 'SyncCourtCases' });
  const now = deps.clock();
  const remainingMs = context.getRemainingTimeInMillis?.() ?? 0;
  const outcome = await syncCourtCases(deps, {
    deadline: remainingMs > WRAP_UP_MS ? new Date(now.getTime() + remainingMs - WRAP_UP_MS) : undefined,
  });
  logger.info('Court sync done', { ...outcome });
  return outcome;
});

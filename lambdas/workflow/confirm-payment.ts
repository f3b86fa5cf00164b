import { filingForecast } from '../../domain/filing.js';
import { systemClock } from '../shared/clock.js';
import { changeProcessStatus } from '../shared/data/processes.js';
import { tableFromEnvironment } from '../shared/db.js';
import { taskHandler } from '../shared/task.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();
const clock = systemClock;

/** The actor recorded in status history for changes the system makes on its own. */
export const SYSTEM_ACTOR = 'sistema';

/**
 * ConfirmPayment: the process becomes 'pago' with its filing forecast. Idempotent: a retried task finds the status
 * already set.
 */
export const handler = taskHandler('ConfirmPayment', workflowInputSchema, async ({ userId, contractId }) => {
  const now = clock();
  const process = await changeProcessStatus(db, {
    ref: { userId, contractId },
    to: 'pago',
    byUser: SYSTEM_ACTOR,
    previsao: filingForecast(now).toISOString(),
    now: now.toISOString(),
  });
  return { status: process.status, previsao: process.previsao };
});

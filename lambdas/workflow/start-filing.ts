import { filingDeadline } from '../../domain/filing.js';
import { PROCESS_MESSAGES } from '../../domain/messages.js';
import { getProcess } from '../shared/data/processes.js';
import { tableFromEnvironment } from '../shared/db.js';
import { NotFoundError } from '../shared/errors.js';
import { logger } from '../shared/logger.js';
import { taskHandler } from '../shared/task.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();

/**
 * StartFiling: hands the paid process to the lawyers' queue (the admin process list, status 'pago'). Filing itself is a
 * lawyer's act, recorded by an admin as 'peticionado'; this task returns the forecast and the deadline the workflow
 * waits for before checking that it happened (CheckFiling).
 */
export const handler = taskHandler('StartFiling', workflowInputSchema, async ({ userId, contractId }) => {
  const process = await getProcess(db, { userId, contractId });
  if (!process) throw new NotFoundError(PROCESS_MESSAGES.processNotFound);
  if (!process.previsao) throw new Error(`Process ${process.id} is paid but has no filing forecast`);
  const deadline = filingDeadline(new Date(process.previsao)).toISOString();
  logger.info('Process queued for filing', { processId: process.id, previsao: process.previsao, deadline });
  return { processId: process.id, previsao: process.previsao, deadline };
});

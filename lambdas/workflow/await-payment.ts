import * as z from 'zod';
import { saveChargeTaskToken } from '../shared/data/charges.js';
import { tableFromEnvironment } from '../shared/db.js';
import { taskHandler } from '../shared/task.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();

/**
 * AwaitPayment (waitForTaskToken): parks the execution by storing its task token on the charge.
 * The webhook resumes it when Asaas reports the payment.
 */
export const handler = taskHandler(
  'AwaitPayment',
  workflowInputSchema.extend({ taskToken: z.string().min(1) }),
  async ({ taskToken, userId, contractId, chargeId }) => {
    await saveChargeTaskToken(db, { userId, contractId, chargeId }, taskToken);
  },
);

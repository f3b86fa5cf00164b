import * as z from 'zod';
import { isChargePaid } from '../../domain/charge-status.js';
import { getCharge, saveChargeTaskToken } from '../shared/data/charges.js';
import { tableFromEnvironment } from '../shared/db.js';
import { workflowFromEnvironment } from '../shared/environment.js';
import { taskHandler } from '../shared/task.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();
const workflow = workflowFromEnvironment();

/**
 * AwaitPayment (waitForTaskToken): parks the execution by storing its task token on the charge; the webhook (or a
 * verification) resumes it when the charge is paid. A payment that landed before the token was stored resumed
 * nothing, so this task resumes itself when it finds the charge paid already.
 */
export const handler = taskHandler(
  'AwaitPayment',
  workflowInputSchema.extend({ taskToken: z.string().min(1) }),
  async ({ taskToken, userId, contractId, chargeId }) => {
    const ref = { userId, contractId, chargeId };
    await saveChargeTaskToken(db, ref, taskToken);
    const charge = await getCharge(db, ref);
    if (charge && isChargePaid(charge.status)) {
      await workflow.resume(taskToken, { chargeId, status: charge.status, paidAt: charge.updated_at });
    }
  },
);

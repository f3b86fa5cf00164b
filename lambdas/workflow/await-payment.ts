import * as z from 'zod';
import { saveChargeTaskToken } from '../shared/data/charges.js';
import { tableFromEnvironment } from '../shared/db.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();
const eventSchema = workflowInputSchema.extend({ taskToken: z.string().min(1) });

/**
 * AwaitPayment (waitForTaskToken): parks the execution by storing its task token on the charge.
 * The webhook resumes it when Asaas reports the payment.
 */
export async function handler(event: unknown): Promise<void> {
  const { taskToken, userId, contractId, chargeId } = eventSchema.parse(event);
  await saveChargeTaskToken(db, { userId, contractId, chargeId }, taskToken);
}

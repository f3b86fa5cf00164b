import { addBusinessDays } from '@brazilian-utils/brazilian-utils';
import { PROCESSING_BUSINESS_DAYS } from '../../domain/pricing.js';
import { changeProcessStatus } from '../shared/data/processes.js';
import { tableFromEnvironment } from '../shared/db.js';
import { workflowInputSchema } from './task-input.js';

const db = tableFromEnvironment();

/** The actor recorded in status history for changes the system makes on its own. */
export const SYSTEM_ACTOR = 'sistema';

/**
 * ConfirmPayment: the process becomes 'pago' with its filing forecast (7 business days, national
 * and state holidays included by @brazilian-utils). Idempotent: a retried task finds the status already set.
 */
export async function handler(event: unknown): Promise<{ status: string; previsao: string | null }> {
  const { userId, contractId } = workflowInputSchema.parse(event);
  const now = new Date();
  // Filing happens at the court of São Lourenço/MG (spec 02 §9), so MG's holidays count too.
  const previsao = addBusinessDays(now, PROCESSING_BUSINESS_DAYS, { stateCode: 'MG' })?.toISOString() ?? null;
  const process = await changeProcessStatus(db, {
    ref: { userId, contractId },
    to: 'pago',
    byUser: SYSTEM_ACTOR,
    previsao,
    now: now.toISOString(),
  });
  return { status: process.status, previsao: process.previsao };
}

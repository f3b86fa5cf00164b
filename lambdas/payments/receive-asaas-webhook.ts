import { SendTaskSuccessCommand } from '@aws-sdk/client-sfn';
import { sfn } from '../shared/clients.js';
import { loadConfig } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler, parseJsonBody } from '../shared/http.js';
import { logger } from '../shared/logger.js';
import { assertWebhookToken, asaasWebhookSchema, handleAsaasWebhook } from './asaas-webhook-service.js';
import * as z from 'zod';

const db = tableFromEnvironment();
const config = loadConfig({ ASAAS_WEBHOOK_TOKEN: z.string().min(32) });

const ALREADY_FINISHED = new Set(['TaskDoesNotExist', 'TaskTimedOut', 'InvalidToken']);

async function resumeWorkflow(taskToken: string, output: unknown): Promise<void> {
  try {
    await sfn.send(new SendTaskSuccessCommand({ taskToken, output: JSON.stringify(output) }));
  } catch (error) {
    // A repeated resume after the workflow moved on is expected, not a failure.
    if (ALREADY_FINISHED.has((error as Error).name)) return logger.info('Workflow task already finished');
    throw error;
  }
}

/** Asaas → API Gateway. Answers 2xx fast; Asaas pauses the queue after 15 straight failures. */
export const handler = apiHandler('ReceiveAsaasWebhook', async ({ event }) => {
  assertWebhookToken(event.headers['asaas-access-token'], config.ASAAS_WEBHOOK_TOKEN);
  const body = parseJsonBody(event, asaasWebhookSchema);
  const outcome = await handleAsaasWebhook(db, body, { now: () => new Date(), resumeWorkflow });
  return { body: { received: true, outcome } };
});

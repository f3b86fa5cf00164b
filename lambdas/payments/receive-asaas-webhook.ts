import { ASAAS_WEBHOOK_TOKEN_HEADER, receiveAsaasWebhookRoute } from '../../domain/api/webhooks.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { asaasFromEnvironment, asaasInvoicesFromEnvironment, workflowFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { grantedSecret } from '../shared/secrets.js';
import { companyIdentity } from '../shared/company.js';
import { assertWebhookToken, handleAsaasWebhook, type WebhookDeps } from './asaas-webhook-service.js';

/** Asaas accepts tokens of 32–255 characters; a shorter one would be guessable. */
const WEBHOOK_TOKEN_MIN_LENGTH = 32;

const db = tableFromEnvironment();
const deps: WebhookDeps = {
  db,
  clock: systemClock,
  workflow: workflowFromEnvironment(),
  asaas: asaasFromEnvironment(),
  invoices: {
    db,
    clock: systemClock,
    invoices: asaasInvoicesFromEnvironment(),
    fiscal: () => companyIdentity().fiscal,
  },
};
const webhookToken = grantedSecret('asaasWebhookToken', { minLength: WEBHOOK_TOKEN_MIN_LENGTH });

/**
 * Asaas → API Gateway. The token is checked before the body is even looked at (a forged call gets 401 whatever it
 * sends). Answers 200 fast; Asaas pauses the queue after 15 straight failures.
 */
export const handler = apiHandler(
  receiveAsaasWebhookRoute,
  async ({ body }) => ({ body: { received: true, outcome: await handleAsaasWebhook(deps, body) } }),
  { authorize: async (event) => assertWebhookToken(event.headers[ASAAS_WEBHOOK_TOKEN_HEADER], await webhookToken()) },
);

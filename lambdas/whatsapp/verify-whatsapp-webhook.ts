import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { verifyWhatsAppWebhookRoute } from '../../domain/api/whatsapp.js';
import { apiHandler, type ApiEvent } from '../shared/http.js';
import { grantedSecret } from '../shared/secrets.js';
import { verifyWebhookSubscription } from './whatsapp-webhook-service.js';

const verifyToken = grantedSecret('whatsappVerifyToken', { minLength: 32 });

const answer = apiHandler(verifyWhatsAppWebhookRoute, async ({ query }) => ({
  body: verifyWebhookSubscription(query, await verifyToken()),
}));

/**
 * Meta's handshake when the webhook is registered in the app's dashboard. Meta compares the body with its challenge
 * byte for byte, so the success is the challenge as plain text, not the JSON string every route answers.
 */
export const handler = async (event: ApiEvent, context: Context): Promise<APIGatewayProxyResultV2> => {
  const result = (await answer(event, context)) as Exclude<APIGatewayProxyResultV2, string>;
  if (result.statusCode !== 200 || typeof result.body !== 'string') return result;
  return {
    ...result,
    headers: { ...result.headers, 'content-type': 'text/plain; charset=utf-8' },
    body: JSON.parse(result.body) as string,
  };
};

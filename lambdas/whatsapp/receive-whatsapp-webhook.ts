import { receiveWhatsAppWebhookRoute, WHATSAPP_SIGNATURE_HEADER } from '../../domain/api/whatsapp.js';
import { systemClock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { tableFromEnvironment } from '../shared/db.js';
import { whatsAppFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { grantedSecret } from '../shared/secrets.js';
import { assertWhatsAppSignature, handleWhatsAppWebhook } from './whatsapp-webhook-service.js';

const db = tableFromEnvironment();
const whatsapp = whatsAppFromEnvironment();
const appSecret = grantedSecret('whatsappAppSecret', { minLength: 16 });

/**
 * Meta → API Gateway: delivery statuses and replies. The signature is checked on the raw body before anything is
 * parsed, so a forged post costs one HMAC and stores nothing. Answers 200 fast: Meta retries anything else for days.
 */
export const handler = apiHandler(
  receiveWhatsAppWebhookRoute,
  async ({ body }) => {
    await handleWhatsAppWebhook({ db, clock: systemClock, whatsapp, brand: companyIdentity().brand }, body);
    return { body: { received: true } };
  },
  {
    authorize: async (event) => {
      const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
      assertWhatsAppSignature(raw, event.headers?.[WHATSAPP_SIGNATURE_HEADER], await appSecret());
    },
  },
);

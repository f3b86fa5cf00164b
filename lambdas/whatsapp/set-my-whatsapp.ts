import { setMyWhatsAppRoute } from '../../domain/api/whatsapp.js';
import { signerIp } from '../../domain/signature-evidence.js';
import { systemClock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { requesterIp } from '../shared/requester.js';
import { setMyWhatsApp } from './whatsapp-channel-service.js';

const db = tableFromEnvironment();

/** Meu Perfil: 'Quero receber atualizações do meu processo pelo WhatsApp', ticked or unticked. */
export const handler = apiHandler(setMyWhatsAppRoute, async (request) => ({
  body: await setMyWhatsApp(
    { db, clock: systemClock, brand: companyIdentity().brand },
    { userId: request.caller.userId, consent: request.body.consent, ip: signerIp(requesterIp(request)) },
  ),
}));

import { getMyWhatsAppRoute } from '../../domain/api/whatsapp.js';
import { systemClock } from '../shared/clock.js';
import { companyIdentity } from '../shared/company.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { getMyWhatsApp } from './whatsapp-channel-service.js';

const db = tableFromEnvironment();

/** Meu Perfil: the WhatsApp choice. */
export const handler = apiHandler(getMyWhatsAppRoute, async ({ caller }) => ({
  body: await getMyWhatsApp({ db, clock: systemClock, brand: companyIdentity().brand }, caller.userId),
}));

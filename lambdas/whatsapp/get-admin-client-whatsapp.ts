import { getAdminClientWhatsAppRoute } from '../../domain/api/whatsapp.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { getAdminClientWhatsApp } from './whatsapp-channel-service.js';

const db = tableFromEnvironment();

/** The case file's WhatsApp section. */
export const handler = apiHandler(getAdminClientWhatsAppRoute, async ({ params }) => ({
  body: await getAdminClientWhatsApp(db, params.id),
}));

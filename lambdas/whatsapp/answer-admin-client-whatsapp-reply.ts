import { answerAdminClientWhatsAppReplyRoute } from '../../domain/api/whatsapp.js';
import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';
import { answerAdminClientWhatsAppReply } from './whatsapp-channel-service.js';

const deps = { db: tableFromEnvironment(), clock: systemClock };

/** 'Marcar como respondida': the reply leaves 'Hoje'. */
export const handler = apiHandler(answerAdminClientWhatsAppReplyRoute, async ({ params, body }) => ({
  body: await answerAdminClientWhatsAppReply(deps, params.id, body.replyId),
}));

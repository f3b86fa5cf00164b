import { reviewKitItemRoute } from '../../domain/api/filing-kit.js';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { emailFromEnvironment, whatsAppFromEnvironment } from '../shared/environment.js';
import { apiHandler } from '../shared/http.js';
import { reviewKitItem } from './kit-service.js';

const deps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  sendEmail: emailFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
  whatsapp: whatsAppFromEnvironment(),
};

export const handler = apiHandler(reviewKitItemRoute, async ({ caller, params, body }) => ({
  body: await reviewKitItem(deps, caller, params.id, params.item, body),
}));

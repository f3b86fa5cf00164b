import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import {
  adminDirectoryFromEnvironment,
  emailFromEnvironment,
  pushFromEnvironment,
  whatsAppFromEnvironment,
} from '../shared/environment.js';
import { streamHandler } from '../shared/stream.js';
import { publishChanges, type PublishDeps } from './publish-changes-service.js';

const db = tableFromEnvironment();
const deps: PublishDeps = {
  db,
  clock: systemClock,
  push: pushFromEnvironment(),
  sendEmail: emailFromEnvironment(process.env, { caseFile: db }),
  admins: adminDirectoryFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
  whatsapp: whatsAppFromEnvironment(),
};

/** The table's DynamoDB stream (filtered to history, charge and admin-alert items by the event source mapping). */
export const handler = streamHandler('publishChanges', (records) => publishChanges(deps, records));

import { tableFromEnvironment } from '../shared/db.js';
import { disconnectHandler } from './connection-handlers.js';

export const handler = disconnectHandler({ db: tableFromEnvironment() });

import { tableFromEnvironment } from '../shared/db.js';
import { disconnectHandler } from './connection-service.js';

export const handler = disconnectHandler({ db: tableFromEnvironment() });

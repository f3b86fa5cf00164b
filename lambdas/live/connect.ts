import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { tokenVerifierFromEnvironment } from '../shared/environment.js';
import { connectHandler } from './connection-service.js';

export const handler = connectHandler({
  db: tableFromEnvironment(),
  clock: systemClock,
  verifyToken: tokenVerifierFromEnvironment(),
});

import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { adminDirectoryFromEnvironment, emailFromEnvironment } from '../shared/environment.js';
import { taskHandler } from '../shared/task.js';
import { checkFiling, type CheckFilingDeps } from './check-filing-service.js';
import { workflowInputSchema } from './task-input.js';

const deps: CheckFilingDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  sendEmail: emailFromEnvironment(),
  admins: adminDirectoryFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
};

export const handler = taskHandler('CheckFiling', workflowInputSchema, (input) => checkFiling(deps, input));

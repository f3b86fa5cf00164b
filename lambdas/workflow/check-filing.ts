import { systemClock } from '../shared/clock.js';
import { tableFromEnvironment } from '../shared/db.js';
import { taskHandler } from '../shared/task.js';
import { checkFiling, type CheckFilingDeps } from './check-filing-service.js';
import { workflowInputSchema } from './task-input.js';

const deps: CheckFilingDeps = { db: tableFromEnvironment(), clock: systemClock };

export const handler = taskHandler('CheckFiling', workflowInputSchema, (input) => checkFiling(deps, input));

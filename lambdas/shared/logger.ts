import { Logger } from '@aws-lambda-powertools/logger';
import { withSourceMappedStacks } from './source-maps.js';

/** One structured logger per function; the service name shows up in every line, and errors point at the source. */
export const logger = new Logger({
  serviceName: 'baixa',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
  jsonReplacerFn: withSourceMappedStacks,
});

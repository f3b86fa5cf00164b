import { Logger } from '@aws-lambda-powertools/logger';

/** One structured logger per function; the service name shows up in every line. */
export const logger = new Logger({
  serviceName: 'baixa',
  logLevel: (process.env.LOG_LEVEL as 'INFO' | undefined) ?? 'INFO',
});

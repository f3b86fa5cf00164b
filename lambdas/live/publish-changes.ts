import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { systemClock } from '../shared/clock.js';
import { appUrlFromEnvironment } from '../shared/config.js';
import { tableFromEnvironment } from '../shared/db.js';
import { adminDirectoryFromEnvironment, emailFromEnvironment, pushFromEnvironment } from '../shared/environment.js';
import { logger } from '../shared/logger.js';
import { publishChanges, type PublishDeps } from './publish-changes-service.js';

const deps: PublishDeps = {
  db: tableFromEnvironment(),
  clock: systemClock,
  push: pushFromEnvironment(),
  sendEmail: emailFromEnvironment(),
  admins: adminDirectoryFromEnvironment(),
  appUrl: appUrlFromEnvironment(),
};

/** The table's DynamoDB stream (filtered to history, charge and admin-alert items by the event source mapping). */
export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  logger.resetKeys();
  logger.appendKeys({ function: 'publishChanges' });
  return publishChanges(deps, event.Records);
}

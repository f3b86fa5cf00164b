import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { logger } from './logger.js';
import { countMetric, METRIC } from './metrics.js';
import { observedHandler } from './observability.js';

/**
 * A consumer of the table's stream (ReportBatchItemFailures): its failed records are counted, so a consumer that keeps
 * failing shows before its records reach the dead-letter queue (after the mapping's retries). A consumer that throws
 * fails its whole batch: every record of it is counted.
 */
export function streamHandler(
  name: string,
  run: (records: DynamoDBRecord[]) => Promise<DynamoDBBatchResponse>,
): (event: DynamoDBStreamEvent, context?: Partial<Context>) => Promise<DynamoDBBatchResponse> {
  return observedHandler<DynamoDBStreamEvent, DynamoDBBatchResponse>(async (event) => {
    logger.appendKeys({ function: name });
    let response: DynamoDBBatchResponse;
    try {
      response = await run(event.Records);
    } catch (error) {
      countMetric(METRIC.streamRecordsFailed, event.Records.length);
      logger.error(`${name} failed its whole batch`, { error: error as Error, records: event.Records.length });
      throw error;
    }
    countMetric(METRIC.streamRecordsFailed, response.batchItemFailures.length);
    return response;
  });
}

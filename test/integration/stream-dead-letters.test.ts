import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  PutItemCommand,
  type AttributeValue,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { METRIC } from '../../lambdas/shared/metric-names.js';
import { streamHandler } from '../../lambdas/shared/stream.js';
import { localDeadLetterQueue } from '../../local/services/dead-letters.js';
import {
  ensureTableStream,
  startStreamPoller,
  type StreamBatchFailure,
  type StreamPoller,
} from '../../local/services/dynamodb-streams.js';

// The global setup's DynamoDB Local; a table of this file's own, with a stream.
const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
const tableName = `baixa-dlq-${ulid().toLowerCase()}`;
const client = new DynamoDBClient({});
const WAIT = { timeout: 15_000, interval: 50 };

let poller: StreamPoller | undefined;
/** The counts of StreamRecordsFailed the consumer wrote (EMF lines, as CloudWatch reads them from the log). */
let failedRecordCounts: number[] = [];

beforeAll(async () => {
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );
  await ensureTableStream(endpoint, tableName);
  // POWERTOOLS_DEV (global setup): Powertools writes its EMF lines with console.log.
  vi.spyOn(console, 'log').mockImplementation((line: unknown) => {
    if (typeof line !== 'string' || !line.includes('"_aws"')) return;
    const emf = JSON.parse(line) as Record<string, unknown>;
    if (METRIC.streamRecordsFailed in emf) failedRecordCounts.push(emf[METRIC.streamRecordsFailed] as number);
  });
});

afterEach(async () => {
  await poller?.stop();
  poller = undefined;
  failedRecordCounts = [];
});

afterAll(async () => {
  vi.restoreAllMocks();
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
});

const put = (pk: string, extra: Record<string, AttributeValue> = {}) =>
  client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, ...extra } }));

describe('a stream consumer that keeps failing', () => {
  it('ends in the dead-letter queue after its retries, and every failed attempt is counted', async () => {
    const queue = localDeadLetterQueue(
      join(mkdtempSync(join(tmpdir(), 'baixa-dlq-')), 'publish-changes.jsonl'),
      () => {},
    );
    const poison = `poison-${ulid()}`;
    let attempts = 0;
    // The real wrapper around a consumer that reports its one poisoned record failed, as publishChanges does.
    const consumer = streamHandler('publishChanges', async (records: DynamoDBRecord[]) => ({
      batchItemFailures: records
        .filter((record) => record.dynamodb?.Keys?.pk?.S === poison)
        .map((record) => {
          attempts += 1;
          return { itemIdentifier: record.dynamodb!.SequenceNumber! };
        }),
    }));
    poller = await startStreamPoller({
      endpoint,
      tableName,
      consume: (event) => consumer(event),
      maxRetries: 2,
      pollIntervalMs: 50,
      onFailure: queue.send,
      log: () => {},
    });
    await put(poison);

    await expect.poll(async () => (await queue.receive()).length, WAIT).toBe(1);
    const [message] = (await queue.receive()) as StreamBatchFailure[];
    expect(message).toMatchObject({
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: 3 },
      DDBStreamBatchInfo: { batchSize: 1, streamArn: expect.stringContaining(tableName) },
    });
    expect(message!.DDBStreamBatchInfo.startSequenceNumber).toBe(message!.DDBStreamBatchInfo.endSequenceNumber);
    // The first try and two retries: each wrote its failed record as a metric, which shows before the queue does.
    expect(attempts).toBe(3);
    expect(failedRecordCounts).toEqual([1, 1, 1]);

    // The stream moves on: a healthy record after it is delivered and nothing more is dead-lettered.
    const healthy = `healthy-${ulid()}`;
    await put(healthy);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await queue.receive()).toHaveLength(1);
  });
});

import { DescribeStreamCommand, DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamPoller, type StreamPoller } from '../../local/services/dynamodb-streams.js';
import { replayDeadLetters, streamRange, type DeadLetter, type DeadLetterQueue } from '../../scripts/dlq/replay.js';
import { testDb } from './db.js';

const db = testDb();

/** An SQS queue's semantics that matter here: receive hides a message, delete removes it. */
function memoryQueue(messages: DeadLetter[]): DeadLetterQueue & { left(): DeadLetter[] } {
  let hidden = new Set<string>();
  return {
    async receive() {
      const visible = messages.filter((m) => !hidden.has(m.id)).slice(0, 10);
      for (const m of visible) hidden.add(m.id);
      return visible;
    },
    async remove(receipt) {
      messages = messages.filter((m) => m.receipt !== receipt);
    },
    left: () => {
      hidden = new Set();
      return messages;
    },
  };
}

/**
 * The dead-letter replay against DynamoDB Local's real stream: a batch the consumer gave up on is described the way
 * Lambda's on-failure destination describes it (shard and sequence range, no records), and the replay reads the very
 * records back and hands them to the consumer.
 */
describe('dead-letter replay (npm run dlq:replay)', () => {
  let poller: StreamPoller;
  const failed: DynamoDBRecord[] = [];
  const pk = `DLQTEST#${ulid()}`;
  let message: DeadLetter;
  const streams = new DynamoDBStreamsClient({ endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB });

  beforeAll(async () => {
    // A consumer that fails every record of this test's items, with no retry: the batch is given up, as Lambda would.
    poller = await startStreamPoller({
      endpoint: process.env.AWS_ENDPOINT_URL_DYNAMODB!,
      tableName: db.tableName,
      pollIntervalMs: 50,
      maxRetries: 0,
      log: () => {},
      consume: async (event) => {
        const ours = event.Records.filter((r) => r.dynamodb?.Keys?.pk?.S === pk);
        failed.push(...ours);
        return { batchItemFailures: ours.map((r) => ({ itemIdentifier: r.dynamodb!.SequenceNumber! })) };
      },
    });
    for (const sk of ['A', 'B', 'C']) {
      await db.client.send(new PutCommand({ TableName: db.tableName, Item: { pk, sk, note: `item ${sk}` } }));
    }
    for (const deadline = Date.now() + 10_000; failed.length < 3 && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (failed.length !== 3) throw new Error(`the consumer saw ${failed.length} of the 3 writes`);
    const dynamodb = new DynamoDBClient({});
    const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: db.tableName }));
    dynamodb.destroy();
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }));
    const open = StreamDescription!.Shards!.find((s) => s.SequenceNumberRange?.EndingSequenceNumber === undefined)!;
    message = {
      id: 'm-1',
      receipt: 'r-1',
      body: JSON.stringify({
        requestContext: { condition: 'RetryAttemptsExhausted', functionArn: 'arn:aws:lambda:sa-east-1:1:function:pub' },
        version: '1.0',
        DDBStreamBatchInfo: {
          shardId: open.ShardId,
          startSequenceNumber: failed[0]!.dynamodb!.SequenceNumber,
          endSequenceNumber: failed[2]!.dynamodb!.SequenceNumber,
          batchSize: 3,
          streamArn: Table!.LatestStreamArn,
        },
      }),
    };
  });
  afterAll(async () => {
    await poller?.stop();
    streams.destroy();
  });

  it('dry run: reports the batch and changes nothing', async () => {
    const queue = memoryQueue([message]);
    const consumed: DynamoDBStreamEvent[] = [];
    const summary = await replayDeadLetters({
      queue,
      stream: streamRange(streams),
      consume: async (event) => void consumed.push(event),
      apply: false,
      max: 10,
      log: () => {},
    });
    expect(summary).toMatchObject({ messages: 1, records: 3, replayed: 0 });
    expect(consumed).toEqual([]);
    expect(queue.left()).toHaveLength(1);
  });

  it('--apply: replays exactly the failed records, deletes the message, keeps what it cannot read', async () => {
    const junk = { id: 'm-2', receipt: 'r-2', body: '{"not":"a stream failure"}' };
    const queue = memoryQueue([message, junk]);
    const consumed: DynamoDBStreamEvent[] = [];
    const summary = await replayDeadLetters({
      queue,
      stream: streamRange(streams),
      consume: async (event) => {
        consumed.push(event);
        return { batchItemFailures: [] };
      },
      apply: true,
      max: 10,
      log: () => {},
    });
    expect(summary).toMatchObject({ messages: 2, records: 3, replayed: 1, unreadable: 1, failed: 0 });
    expect(consumed).toHaveLength(1);
    expect(consumed[0]!.Records.map((r) => r.dynamodb?.SequenceNumber)).toEqual(
      failed.map((r) => r.dynamodb?.SequenceNumber),
    );
    expect(consumed[0]!.Records.map((r) => r.dynamodb?.NewImage?.note?.S)).toEqual(['item A', 'item B', 'item C']);
    expect(queue.left()).toEqual([junk]);
  });

  it('--apply: a batch that fails again stays in the queue', async () => {
    const queue = memoryQueue([message]);
    const summary = await replayDeadLetters({
      queue,
      stream: streamRange(streams),
      consume: async (event) => ({
        batchItemFailures: [{ itemIdentifier: event.Records[1]!.dynamodb!.SequenceNumber! }],
      }),
      apply: true,
      max: 10,
      log: () => {},
    });
    expect(summary).toMatchObject({ replayed: 0, failed: 1 });
    expect(queue.left()).toEqual([message]);
  });
});

import type { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import {
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { toLambdaRecord } from '../../local/services/dynamodb-streams.js';

/**
 * Reprocessing the stream consumer's dead-letter queue (docs/operations.md). Lambda's on-failure destination for a
 * DynamoDB stream keeps no record, only where the batch was (`DDBStreamBatchInfo`: stream, shard, first and last
 * sequence numbers); the records themselves stay in the stream for 24 hours. So a replay reads them back from the
 * stream and hands them to the same consumer, then deletes the message. The consumer is idempotent (the e-mail and the
 * admin alerts are sent once per change), so a record that had half succeeded is safe to replay.
 */

/** The part of Lambda's on-failure message for a stream batch that a replay needs. */
export type StreamBatchInfo = {
  streamArn: string;
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  batchSize?: number;
};
export type DeadLetter = { id: string; receipt: string; body: string };

export type DeadLetterQueue = {
  /** Up to 10 messages, hidden from other readers for a while. */
  receive(): Promise<DeadLetter[]>;
  remove(receipt: string): Promise<void>;
};
export type StreamRange = { records(info: StreamBatchInfo): Promise<DynamoDBRecord[] | 'trimmed'> };
export type Consumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export type ReplaySummary = {
  messages: number;
  records: number;
  replayed: number;
  failed: number;
  /** Past the stream's 24 hours: the records are gone, the message kept for a person (see the runbook). */
  trimmed: number;
  unreadable: number;
};

export function parseBatchInfo(body: string): StreamBatchInfo | null {
  try {
    const info = (JSON.parse(body) as { DDBStreamBatchInfo?: Partial<StreamBatchInfo> }).DDBStreamBatchInfo;
    if (!info?.streamArn || !info.shardId || !info.startSequenceNumber || !info.endSequenceNumber) return null;
    return info as StreamBatchInfo;
  } catch {
    return null;
  }
}

/**
 * Reads every message once (at most `max`), and, when `apply`, replays its records through `consume` and deletes the
 * message when they all succeed. Without `apply` (the default of the command) it only reports what it would do.
 */
export async function replayDeadLetters(o: {
  queue: DeadLetterQueue;
  stream: StreamRange;
  consume: Consumer;
  apply: boolean;
  max: number;
  log: (line: string) => void;
}): Promise<ReplaySummary> {
  const summary: ReplaySummary = { messages: 0, records: 0, replayed: 0, failed: 0, trimmed: 0, unreadable: 0 };
  const seen = new Set<string>();
  while (summary.messages < o.max) {
    const batch = (await o.queue.receive()).filter((message) => !seen.has(message.id));
    if (batch.length === 0) break;
    for (const message of batch.slice(0, o.max - summary.messages)) {
      seen.add(message.id);
      summary.messages++;
      const info = parseBatchInfo(message.body);
      if (!info) {
        summary.unreadable++;
        o.log(`${message.id}: not a stream batch failure, kept`);
        continue;
      }
      const records = await o.stream.records(info);
      if (records === 'trimmed') {
        summary.trimmed++;
        o.log(`${message.id}: ${info.shardId} ${info.startSequenceNumber}… is past the stream's retention, kept`);
        continue;
      }
      summary.records += records.length;
      if (!o.apply) {
        o.log(`${message.id}: would replay ${records.length} record(s) of ${info.shardId} (dry run)`);
        continue;
      }
      const failures = records.length ? ((await o.consume({ Records: records })) ?? { batchItemFailures: [] }) : null;
      if (failures && failures.batchItemFailures.length > 0) {
        summary.failed++;
        o.log(`${message.id}: ${failures.batchItemFailures.length} record(s) failed again, kept`);
        continue;
      }
      await o.queue.remove(message.receipt);
      summary.replayed++;
      o.log(`${message.id}: replayed ${records.length} record(s), message deleted`);
    }
  }
  return summary;
}

/** The records of one failed batch, read back from the stream (DynamoDB Streams' API; DynamoDB Local serves it too). */
export function streamRange(client: DynamoDBStreamsClient): StreamRange {
  return {
    async records(info) {
      const first = BigInt(info.startSequenceNumber);
      const last = BigInt(info.endSequenceNumber);
      let iterator: string | undefined;
      try {
        ({ ShardIterator: iterator } = await client.send(
          new GetShardIteratorCommand({
            StreamArn: info.streamArn,
            ShardId: info.shardId,
            ShardIteratorType: 'AT_SEQUENCE_NUMBER',
            SequenceNumber: info.startSequenceNumber,
          }),
        ));
      } catch (error) {
        if ((error as Error).name === 'TrimmedDataAccessException') return 'trimmed';
        throw error;
      }
      const found: StreamRecord[] = [];
      // Bounded: a batch is at most 10,000 records, and an open shard's empty pages end the walk.
      for (let page = 0; iterator && page < 100; page++) {
        const { Records = [], NextShardIterator } = await client.send(
          new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }),
        );
        for (const record of Records) {
          const sequence = BigInt(record.dynamodb?.SequenceNumber ?? '0');
          if (sequence >= first && sequence <= last) found.push(record);
        }
        const passed = Records.some((record) => BigInt(record.dynamodb?.SequenceNumber ?? '0') >= last);
        if (passed || Records.length === 0) break;
        iterator = NextShardIterator;
      }
      return found.map((record) => toLambdaRecord(record, info.streamArn));
    },
  };
}

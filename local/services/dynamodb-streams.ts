import { setTimeout as sleep } from 'node:timers/promises';
import { DescribeTableCommand, DynamoDBClient, UpdateTableCommand } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  type AttributeValue as StreamAttributeValue,
} from '@aws-sdk/client-dynamodb-streams';
import type {
  AttributeValue,
  DynamoDBBatchResponse,
  DynamoDBRecord,
  DynamoDBStreamEvent,
  StreamRecord as LambdaStreamRecord,
} from 'aws-lambda';

/** A stream-triggered function as Lambda invokes it; returning batchItemFailures is ReportBatchItemFailures. */
export type StreamConsumer = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse | void>;

export type StreamPollerOptions = {
  /** DynamoDB Local's endpoint: it serves the DynamoDB Streams API too. */
  endpoint: string;
  tableName: string;
  consume: StreamConsumer;
  /** Lambda's BatchSize: the most records one invocation receives. */
  batchSize?: number;
  /** How long to wait after a round of GetRecords that found nothing. */
  pollIntervalMs?: number;
  /**
   * The wait once the stream has been quiet for `idleAfterMs`. Lambda polls a shard about four times a second; here
   * five times a second while nothing is written cost DynamoDB Local a twentieth of a core for the whole run, so a
   * quiet stream is polled twice a second (the first record after a quiet spell arrives up to 0.3 s later).
   */
  idlePollIntervalMs?: number;
  idleAfterMs?: number;
  /** Lambda's MaximumRetryAttempts: a batch still failing after this many retries is skipped. */
  maxRetries?: number;
  /**
   * Lambda's on-failure destination (the dead-letter queue): told about each skipped batch, in the message Lambda sends
   * to SQS for a stream (its records are not in it, only where they are in the stream).
   */
  onFailure?: (message: StreamBatchFailure) => void | Promise<void>;
  log?: (line: string) => void;
};

export type StreamPoller = { stop(): Promise<void> };

/** What Lambda sends its on-failure destination for a stream batch it gave up on (DDBStreamBatchInfo). */
export type StreamBatchFailure = {
  requestContext: { condition: 'RetryAttemptsExhausted'; approximateInvokeCount: number };
  DDBStreamBatchInfo: {
    shardId: string;
    startSequenceNumber: string;
    endSequenceNumber: string;
    approximateArrivalOfFirstRecord?: string;
    approximateArrivalOfLastRecord?: string;
    batchSize: number;
    streamArn: string;
  };
};

/** The product's region, so the records carry the awsRegion Lambda would give them (DynamoDB Local says 'ddblocal'). */
const REGION = 'sa-east-1';
const localConfig = (endpoint: string) => ({
  endpoint,
  region: REGION,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

/** Errors that only mean the iterator is unusable: a fresh one from the checkpoint carries on. */
const STALE_ITERATOR = new Set(['ExpiredIteratorException', 'TrimmedDataAccessException']);

/** 200 ms, then doubling up to 5 s: for consumer retries and for errors talking to DynamoDB Local. */
const retryDelay = (attempt: number) => Math.min(200 * 2 ** (attempt - 1), 5000);

async function enabledStreamArn(client: DynamoDBClient, tableName: string): Promise<string | undefined> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  // A disabled stream keeps its LatestStreamArn for a while, so the specification is what tells.
  return Table?.StreamSpecification?.StreamEnabled ? Table.LatestStreamArn : undefined;
}

/**
 * A local table created before the product used streams has none, and `ensureTable` keeps an existing table as it is:
 * this turns a NEW_AND_OLD_IMAGES stream on in place, so `npm start` works without `npm run reset`. A table whose stream
 * is on is left as it is. Returns the stream's ARN.
 */
export async function ensureTableStream(endpoint: string, tableName: string): Promise<string> {
  const client = new DynamoDBClient(localConfig(endpoint));
  try {
    const existing = await enabledStreamArn(client, tableName);
    if (existing) return existing;
    const { TableDescription } = await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
      }),
    );
    if (!TableDescription?.LatestStreamArn) throw new Error(`Enabling the stream of ${tableName} returned no ARN`);
    return TableDescription.LatestStreamArn;
  } finally {
    client.destroy();
  }
}

type Shard = {
  id: string;
  parentId?: string;
  /** Where reading starts while nothing has been delivered from this shard yet. */
  start: 'LATEST' | 'TRIM_HORIZON';
  iterator?: string;
  /** The last record delivered or given up on: an iterator that went stale resumes after it. */
  checkpoint?: string;
  /** Closed and read to its end (or closed before the poller started). */
  finished: boolean;
};

/**
 * Stands in for Lambda's event source mapping on the table's stream: reads DynamoDB Local's stream and invokes
 * `consume` with Lambda's event shape, one batch at a time per shard, retrying a failing batch.
 *
 * Like a mapping created with StartingPosition LATEST, it delivers only what is written after this function resolves:
 * records written while the poller was not running (including before a restart) are not replayed. Shards that appear
 * later (DynamoDB Local rolls them every 4 hours, as DynamoDB does) are read from their start, after their parent.
 */
export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const {
    endpoint,
    tableName,
    consume,
    batchSize = 100,
    pollIntervalMs = 200,
    idlePollIntervalMs = 500,
    idleAfterMs = 5_000,
    maxRetries = 5,
  } = options;
  const log = options.log ?? console.log;
  const dynamodb = new DynamoDBClient(localConfig(endpoint));
  const enabled = await enabledStreamArn(dynamodb, tableName).finally(() => dynamodb.destroy());
  if (!enabled) throw new Error(`Table ${tableName} has no stream: call ensureTableStream first`);
  const streamArn = enabled;
  const streams = new DynamoDBStreamsClient(localConfig(endpoint));
  const controller = new AbortController();
  const { signal } = controller;
  const shards = new Map<string, Shard>();

  async function discoverShards(atStartUp: boolean): Promise<void> {
    let exclusiveStartShardId: string | undefined;
    do {
      const { StreamDescription } = await streams.send(
        new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: exclusiveStartShardId }),
        { abortSignal: signal },
      );
      for (const { ShardId, ParentShardId, SequenceNumberRange } of StreamDescription?.Shards ?? []) {
        if (!ShardId || shards.has(ShardId)) continue;
        const closed = SequenceNumberRange?.EndingSequenceNumber !== undefined;
        shards.set(ShardId, {
          id: ShardId,
          parentId: ParentShardId,
          start: atStartUp ? 'LATEST' : 'TRIM_HORIZON',
          finished: atStartUp && closed,
        });
        if (!atStartUp) log(`${tableName} stream: new shard ${ShardId}, reading it from TRIM_HORIZON`);
      }
      exclusiveStartShardId = StreamDescription?.LastEvaluatedShardId;
    } while (exclusiveStartShardId);
  }

  async function iteratorFor(shard: Shard): Promise<string | undefined> {
    const position = shard.checkpoint
      ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER' as const, SequenceNumber: shard.checkpoint }
      : { ShardIteratorType: shard.start };
    try {
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.id, ...position }),
        { abortSignal: signal },
      );
      return ShardIterator;
    } catch (error) {
      if ((error as Error).name !== 'TrimmedDataAccessException' || !shard.checkpoint) throw error;
      // The checkpoint itself fell out of the 24-hour retention: the oldest record left is the best we can do.
      log(`${tableName} stream: records after ${shard.checkpoint} were trimmed, resuming ${shard.id} at TRIM_HORIZON`);
      shard.checkpoint = undefined;
      shard.start = 'TRIM_HORIZON';
      return iteratorFor(shard);
    }
  }

  /** How many leading records of the batch are done: Lambda checkpoints before the lowest reported failure. */
  async function invoke(batch: StreamRecord[]): Promise<number> {
    let response: DynamoDBBatchResponse | void;
    try {
      response = await consume({ Records: batch.map((record) => toLambdaRecord(record, streamArn)) });
    } catch (error) {
      log(`${tableName} stream: consumer failed: ${(error as Error).stack ?? error}`);
      return 0;
    }
    const failures = response?.batchItemFailures ?? [];
    if (failures.length === 0) return batch.length;
    const indexes = failures.map(({ itemIdentifier }) =>
      batch.findIndex((record) => record.dynamodb?.SequenceNumber === itemIdentifier),
    );
    // As on Lambda, an identifier that names no record of the batch fails all of it.
    const done = indexes.includes(-1) ? 0 : Math.min(...indexes);
    const from = batch[done]?.dynamodb?.SequenceNumber;
    log(`${tableName} stream: consumer reported ${failures.length} failed record(s), retrying from ${from}`);
    return done;
  }

  function batchFailure(shardId: string, records: StreamRecord[], invocations: number): StreamBatchFailure {
    const arrival = (record: StreamRecord) => record.dynamodb?.ApproximateCreationDateTime?.toISOString();
    return {
      requestContext: { condition: 'RetryAttemptsExhausted', approximateInvokeCount: invocations },
      DDBStreamBatchInfo: {
        shardId,
        startSequenceNumber: records[0]!.dynamodb?.SequenceNumber ?? '',
        endSequenceNumber: records.at(-1)!.dynamodb?.SequenceNumber ?? '',
        approximateArrivalOfFirstRecord: arrival(records[0]!),
        approximateArrivalOfLastRecord: arrival(records.at(-1)!),
        batchSize: records.length,
        streamArn,
      },
    };
  }

  async function deliver(shard: Shard, records: StreamRecord[]): Promise<void> {
    let pending = records;
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt > 0) await sleep(retryDelay(attempt), undefined, { signal });
      const done = await invoke(pending);
      if (done > 0) shard.checkpoint = pending[done - 1]!.dynamodb?.SequenceNumber;
      pending = pending.slice(done);
      if (pending.length > 0 && attempt === maxRetries) {
        const first = pending[0]!.dynamodb?.SequenceNumber;
        shard.checkpoint = pending.at(-1)!.dynamodb?.SequenceNumber;
        log(`${tableName} stream: skipping ${pending.length} record(s) from ${first} after ${maxRetries} retries`);
        await options.onFailure?.(batchFailure(shard.id, pending, attempt + 1));
        return;
      }
    }
  }

  /** One GetRecords on the shard, delivered; false when it brought nothing. */
  async function pollShard(shard: Shard): Promise<boolean> {
    shard.iterator ??= await iteratorFor(shard);
    if (!shard.iterator) return false;
    let page;
    try {
      page = await streams.send(new GetRecordsCommand({ ShardIterator: shard.iterator, Limit: batchSize }), {
        abortSignal: signal,
      });
    } catch (error) {
      const { name } = error as Error;
      if (!STALE_ITERATOR.has(name)) throw error;
      // Trimmed: our position is older than the oldest record left, so that record is what comes next. DynamoDB Local
      // also answers this, once the first record arrives, to an iterator taken while the shard was empty.
      if (name === 'TrimmedDataAccessException') shard.start = 'TRIM_HORIZON';
      log(`${tableName} stream: ${name} on ${shard.id}, getting a new iterator`);
      shard.iterator = undefined;
      return false;
    }
    const records = page.Records ?? [];
    if (records.length > 0) await deliver(shard, records);
    shard.iterator = page.NextShardIterator;
    // No next iterator: the shard is closed and read to its end; its children take over.
    if (!shard.iterator) shard.finished = true;
    return records.length > 0;
  }

  // Lambda reads a child shard only once its parent is done, so records of one key stay in order.
  const readable = (shard: Shard) =>
    !shard.finished && !(shard.parentId && shards.get(shard.parentId)?.finished === false);

  async function run(): Promise<void> {
    let errors = 0;
    let lastDeliveryAt = Date.now();
    while (!signal.aborted) {
      try {
        if (![...shards.values()].some((shard) => !shard.finished)) await discoverShards(false);
        let delivered = false;
        for (const shard of shards.values()) {
          if (signal.aborted) return;
          if (readable(shard)) delivered = (await pollShard(shard)) || delivered;
        }
        errors = 0;
        if (delivered) lastDeliveryAt = Date.now();
        else {
          const quiet = Date.now() - lastDeliveryAt >= idleAfterMs;
          await sleep(quiet ? idlePollIntervalMs : pollIntervalMs, undefined, { signal });
        }
      } catch (error) {
        if (signal.aborted) return;
        errors++;
        log(`${tableName} stream: ${(error as Error).message}; retrying in ${retryDelay(errors)} ms`);
        await sleep(retryDelay(errors), undefined, { signal }).catch(() => {});
      }
    }
  }

  try {
    await discoverShards(true);
    // LATEST is pinned now, not at the first poll, so whatever is written once this function resolves is delivered.
    for (const shard of shards.values()) if (!shard.finished) shard.iterator = await iteratorFor(shard);
  } catch (error) {
    streams.destroy();
    throw error;
  }
  const loop = run();
  return {
    async stop() {
      controller.abort();
      await loop;
      streams.destroy();
    },
  };
}

/** Lambda passes images in DynamoDB JSON with binaries in base64, where the SDK hands out bytes. */
function toLambdaValue(value: StreamAttributeValue): AttributeValue {
  if (value.B) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS) return { BS: value.BS.map((bytes) => Buffer.from(bytes).toString('base64')) };
  if (value.M) return { M: toLambdaImage(value.M) };
  if (value.L) return { L: value.L.map(toLambdaValue) };
  return value as AttributeValue;
}

function toLambdaImage(image: Record<string, StreamAttributeValue>): Record<string, AttributeValue> {
  return Object.fromEntries(Object.entries(image).map(([name, value]) => [name, toLambdaValue(value)]));
}

export function toLambdaRecord(record: StreamRecord, streamArn: string): DynamoDBRecord {
  const change = record.dynamodb ?? {};
  const dynamodb: LambdaStreamRecord = {
    // Lambda gives epoch seconds where the SDK parses a Date.
    ApproximateCreationDateTime: change.ApproximateCreationDateTime
      ? Math.floor(change.ApproximateCreationDateTime.getTime() / 1000)
      : undefined,
    Keys: change.Keys && toLambdaImage(change.Keys),
    SequenceNumber: change.SequenceNumber,
    SizeBytes: change.SizeBytes,
    StreamViewType: change.StreamViewType,
  };
  if (change.NewImage) dynamodb.NewImage = toLambdaImage(change.NewImage);
  if (change.OldImage) dynamodb.OldImage = toLambdaImage(change.OldImage);
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: REGION,
    dynamodb,
    eventSourceARN: streamArn,
  };
}

import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
  type AttributeValue,
  type DescribeTableCommandOutput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { ulid } from 'ulid';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureTableStream,
  startStreamPoller,
  type StreamConsumer,
  type StreamPoller,
} from '../../local/services/dynamodb-streams.js';

// The global setup's DynamoDB Local; the table is this file's own, created without a stream.
const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
const tableName = `baixa-streams-${ulid().toLowerCase()}`;
const client = new DynamoDBClient({});
const WAIT = { timeout: 10_000, interval: 25 };
const execFileAsync = promisify(execFile);

/** As a table created before the product used streams: no StreamSpecification. */
const createTable = (name: string) =>
  client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
    }),
  );

let tableBefore: DescribeTableCommandOutput['Table'];
let streamArn: string;
let logs: string[] = [];
const pollers: StreamPoller[] = [];

beforeAll(async () => {
  await createTable(tableName);
  tableBefore = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table;
  streamArn = await ensureTableStream(endpoint, tableName);
});

afterEach(async () => {
  await Promise.all(pollers.splice(0).map((poller) => poller.stop()));
  logs = [];
});

afterAll(async () => {
  await client.send(new DeleteTableCommand({ TableName: tableName }));
  client.destroy();
});

async function poll(consume: StreamConsumer, options: { batchSize?: number; maxRetries?: number } = {}) {
  const poller = await startStreamPoller({
    endpoint,
    tableName,
    consume,
    pollIntervalMs: 50,
    log: (line) => logs.push(line),
    ...options,
  });
  pollers.push(poller);
  return poller;
}

const put = (pk: string, extra: Record<string, AttributeValue> = {}) =>
  client.send(new PutItemCommand({ TableName: tableName, Item: { pk: { S: pk }, ...extra } }));
const putAll = (pks: string[]) =>
  client.send(
    new BatchWriteItemCommand({
      RequestItems: { [tableName]: pks.map((pk) => ({ PutRequest: { Item: { pk: { S: pk } } } })) },
    }),
  );
const keyOf = (record: DynamoDBRecord) => record.dynamodb?.Keys?.pk?.S;
const keysOf = (event: DynamoDBStreamEvent) => event.Records.map(keyOf);

/**
 * Polls with a consumer held on a first record while `write` runs, so everything `write` writes comes back in one
 * GetRecords page, hence one batch, whatever the polling timing. Returns the keys of each later invocation.
 */
async function inOneBatch(write: () => Promise<unknown>, consume: StreamConsumer) {
  const hold = `hold-${ulid()}`;
  const calls: (string | undefined)[][] = [];
  let holding = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await poll(async (event) => {
    if (!keysOf(event).includes(hold)) {
      calls.push(keysOf(event));
      return consume(event);
    }
    holding = true;
    await released;
  });
  await put(hold);
  await expect.poll(() => holding, WAIT).toBe(true);
  await write();
  release();
  return calls;
}

describe('ensureTableStream', () => {
  it('turns NEW_AND_OLD_IMAGES on for a table created without a stream, then leaves it alone', async () => {
    expect(tableBefore?.StreamSpecification).toBeUndefined();
    expect(tableBefore?.LatestStreamArn).toBeUndefined();
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    expect(Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(Table?.LatestStreamArn).toBe(streamArn);
    expect(await ensureTableStream(endpoint, tableName)).toBe(streamArn);
  });
});

describe('startStreamPoller', () => {
  it('refuses a table without a stream', async () => {
    const bare = `baixa-streams-${ulid().toLowerCase()}`;
    await createTable(bare);
    try {
      await expect(startStreamPoller({ endpoint, tableName: bare, consume: async () => {} })).rejects.toThrow(
        /has no stream/,
      );
    } finally {
      await client.send(new DeleteTableCommand({ TableName: bare }));
    }
  });

  it('delivers what is written after start, in order, with images in DynamoDB JSON as Lambda does', async () => {
    const id = ulid();
    await put(`${id}-before`);
    const events: DynamoDBStreamEvent[] = [];
    await poll(async (event) => void events.push(event), { batchSize: 2 });
    const startedAt = Math.floor(Date.now() / 1000);

    await put(id, { name: { S: 'Ana' }, doc: { B: new Uint8Array([1, 2, 3]) }, tags: { L: [{ N: '1' }] } });
    await client.send(
      new UpdateItemCommand({
        TableName: tableName,
        Key: { pk: { S: id } },
        UpdateExpression: 'SET #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': { S: 'Bia' } },
      }),
    );
    await client.send(new DeleteItemCommand({ TableName: tableName, Key: { pk: { S: id } } }));

    await expect.poll(() => events.flatMap((event) => event.Records).length, WAIT).toBe(3);
    expect(events.every((event) => event.Records.length <= 2)).toBe(true);
    const [insert, modify, remove] = events.flatMap((event) => event.Records);
    const image = { pk: { S: id }, name: { S: 'Ana' }, doc: { B: 'AQID' }, tags: { L: [{ N: '1' }] } };
    const common = {
      eventVersion: '1.1',
      eventSource: 'aws:dynamodb',
      awsRegion: 'sa-east-1',
      eventSourceARN: streamArn,
    };
    const change = {
      Keys: { pk: { S: id } },
      StreamViewType: 'NEW_AND_OLD_IMAGES',
      SequenceNumber: expect.stringMatching(/^\d+$/),
      SizeBytes: expect.any(Number),
      ApproximateCreationDateTime: expect.any(Number),
    };
    expect(insert).toEqual({
      ...common,
      eventID: expect.any(String),
      eventName: 'INSERT',
      dynamodb: { ...change, NewImage: image },
    });
    expect(insert?.dynamodb).not.toHaveProperty('OldImage');
    expect(modify).toEqual({
      ...common,
      eventID: expect.any(String),
      eventName: 'MODIFY',
      dynamodb: { ...change, OldImage: image, NewImage: { ...image, name: { S: 'Bia' } } },
    });
    expect(remove).toEqual({
      ...common,
      eventID: expect.any(String),
      eventName: 'REMOVE',
      dynamodb: { ...change, OldImage: { ...image, name: { S: 'Bia' } } },
    });
    expect(remove?.dynamodb).not.toHaveProperty('NewImage');

    const sequence = [insert, modify, remove].map((record) => BigInt(record!.dynamodb!.SequenceNumber!));
    expect(sequence).toEqual([...sequence].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Epoch seconds, not milliseconds; DynamoDB Local rounds it down to the minute.
    const created = insert!.dynamodb!.ApproximateCreationDateTime!;
    expect(created).toBeGreaterThan(startedAt - 120);
    expect(created).toBeLessThanOrEqual(startedAt + 60);
  });

  it('delivers the first records of a stream that was still empty when it started', async () => {
    // The case of `npm start` on a fresh table. DynamoDB Local numbers records across all its tables, so another
    // table's write makes the first record's sequence number skip past where the new shard starts.
    const fresh = `baixa-streams-${ulid().toLowerCase()}`;
    await createTable(fresh);
    try {
      await ensureTableStream(endpoint, fresh);
      const seen: (string | undefined)[] = [];
      const poller = await startStreamPoller({
        endpoint,
        tableName: fresh,
        consume: async (event) => void seen.push(...keysOf(event)),
        pollIntervalMs: 50,
        log: (line) => logs.push(line),
      });
      pollers.push(poller);
      await put(`elsewhere-${ulid()}`);
      await client.send(new PutItemCommand({ TableName: fresh, Item: { pk: { S: 'first' } } }));
      await client.send(new PutItemCommand({ TableName: fresh, Item: { pk: { S: 'second' } } }));

      await expect.poll(() => seen, WAIT).toEqual(['first', 'second']);
      await poller.stop();
    } finally {
      await client.send(new DeleteTableCommand({ TableName: fresh }));
    }
  });

  it('hands a batch whose consumer threw to it again', async () => {
    const id = ulid();
    let thrown = false;
    const calls = await inOneBatch(
      () => putAll([`${id}-a`, `${id}-b`, `${id}-c`]),
      async () => {
        if (thrown) return;
        thrown = true;
        throw new Error('transient');
      },
    );

    const batch = [`${id}-a`, `${id}-b`, `${id}-c`];
    await expect.poll(() => calls, WAIT).toEqual([batch, batch]);
    expect(logs.some((line) => line.includes('consumer failed') && line.includes('transient'))).toBe(true);
  });

  it('re-delivers from the lowest reported batchItemFailure on, not the records before it', async () => {
    const id = ulid();
    let reported = false;
    const calls = await inOneBatch(
      () => putAll([`${id}-a`, `${id}-b`, `${id}-c`, `${id}-d`]),
      async (event) => {
        if (reported) return;
        reported = true;
        // Listed out of order: Lambda checkpoints before the lowest sequence number, c.
        const failed = event.Records.filter((record) => [`${id}-d`, `${id}-c`].includes(keyOf(record)!)).reverse();
        return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.dynamodb!.SequenceNumber! })) };
      },
    );

    await expect
      .poll(() => calls, WAIT)
      .toEqual([
        [`${id}-a`, `${id}-b`, `${id}-c`, `${id}-d`],
        [`${id}-c`, `${id}-d`],
      ]);
  });

  it('skips a batch that still fails after maxRetries and carries on with the next records', async () => {
    const id = ulid();
    const calls: (string | undefined)[][] = [];
    await poll(
      async (event) => {
        calls.push(keysOf(event));
        if (keysOf(event).includes(`${id}-poison`)) throw new Error('poison');
      },
      { maxRetries: 2 },
    );

    await put(`${id}-poison`);
    await expect.poll(() => logs.some((line) => line.includes('skipping 1 record(s)')), WAIT).toBe(true);
    await put(`${id}-next`);

    await expect.poll(() => calls.flat().includes(`${id}-next`), WAIT).toBe(true);
    expect(calls.flat()).toEqual([`${id}-poison`, `${id}-poison`, `${id}-poison`, `${id}-next`]);
  });

  it('stops delivering once stop() resolves, after letting the consume in flight finish', async () => {
    const id = ulid();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: (string | undefined)[] = [];
    const stopped = await poll(async (event) => {
      seen.push(...keysOf(event));
      await released;
    });
    await put(`${id}-1`);
    await expect.poll(() => seen, WAIT).toEqual([`${id}-1`]);

    let stopResolved = false;
    const stopping = stopped.stop().then(() => (stopResolved = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopResolved).toBe(false);
    release();
    await stopping;

    // A poller still running witnesses the next write: once it has it, the stopped one would have had it too.
    const witnessed: (string | undefined)[] = [];
    await poll(async (event) => void witnessed.push(...keysOf(event)));
    await put(`${id}-2`);
    await expect.poll(() => witnessed, WAIT).toEqual([`${id}-2`]);
    expect(seen).toEqual([`${id}-1`]);
  });

  it('resumes after the last delivered record when its iterator expires', async () => {
    // DynamoDB Local expires iterators after 15 minutes, too long to wait for: a proxy in front of it turns the one
    // GetRecords that brings the next record into ExpiredIteratorException. Resuming at LATEST would lose that record,
    // at TRIM_HORIZON would repeat the first one.
    let expire = false;
    const proxy = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const headers = ['authorization', 'content-type', 'x-amz-date', 'x-amz-target'].flatMap((name) => {
        const value = request.headers[name];
        return typeof value === 'string' ? [[name, value] as const] : [];
      });
      const upstream = await fetch(`${endpoint}${request.url}`, {
        method: request.method,
        headers: Object.fromEntries(headers),
        body: Buffer.concat(chunks),
      });
      let body = await upstream.text();
      let status = upstream.status;
      if (expire && request.headers['x-amz-target'] === 'DynamoDBStreams_20120810.GetRecords') {
        if (JSON.parse(body).Records?.length > 0) {
          expire = false;
          status = 400;
          body = JSON.stringify({ __type: 'com.amazonaws.dynamodb.v20120810#ExpiredIteratorException', message: 'x' });
        }
      }
      response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(body);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const id = ulid();
    const seen: (string | undefined)[] = [];
    const poller = await startStreamPoller({
      endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
      tableName,
      consume: async (event) => void seen.push(...keysOf(event)),
      pollIntervalMs: 50,
      log: (line) => logs.push(line),
    });
    try {
      await put(`${id}-a`);
      await expect.poll(() => seen, WAIT).toEqual([`${id}-a`]);
      expire = true;
      await put(`${id}-b`);
      await expect.poll(() => expire, WAIT).toBe(false);
      await expect.poll(() => seen, WAIT).toEqual([`${id}-a`, `${id}-b`]);
      expect(logs.some((line) => line.includes('ExpiredIteratorException'))).toBe(true);
    } finally {
      await poller.stop();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('stops promptly while idle and leaves nothing keeping the process alive', async () => {
    // In a process of its own, whose exit tells that the stopped poller left no timer or socket behind.
    const script = `
      import { startStreamPoller } from ${JSON.stringify(fileURLToPath(new URL('../../local/services/dynamodb-streams.ts', import.meta.url)))};
      const poller = await startStreamPoller({
        endpoint: ${JSON.stringify(endpoint)},
        tableName: ${JSON.stringify(tableName)},
        consume: async () => {},
        pollIntervalMs: 60_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 200)); // well into its idle wait
      const started = Date.now();
      await poller.stop();
      console.log(JSON.stringify({ stopMs: Date.now() - started }));
    `;
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 15_000,
    });
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!).stopMs).toBeLessThan(1000);
  });
});

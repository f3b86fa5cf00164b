import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchGetAll, type Db } from '../../../lambdas/shared/data/table.js';

type Key = { pk: string; sk: string };
type Request = { Keys: Key[]; ConsistentRead?: boolean; ProjectionExpression?: string };

/** A table that answers every key but leaves the first `throttled` keys of each of its first answers unprocessed. */
function fakeDb(options: { throttledRounds: number; missing?: Set<string> }) {
  const requests: Request[] = [];
  let rounds = 0;
  const client = {
    send: async (command: { input: { RequestItems: Record<string, Request> } }) => {
      const request = command.input.RequestItems.table!;
      requests.push(request);
      const keys = request.Keys;
      const throttle = rounds < options.throttledRounds ? keys.slice(0, 1) : [];
      rounds += 1;
      const answered = keys.filter((key) => !throttle.includes(key) && !options.missing?.has(key.sk));
      return {
        Responses: { table: answered.map((key) => ({ ...key, value: key.sk })) },
        UnprocessedKeys: throttle.length > 0 ? { table: { Keys: throttle } } : {},
      };
    },
  };
  return { db: { client: client as unknown as DynamoDBDocumentClient, tableName: 'table' } satisfies Db, requests };
}

const keysOf = (count: number): Key[] => Array.from({ length: count }, (_, i) => ({ pk: 'P', sk: `S${i}` }));

describe('batchGetAll', () => {
  // Its pauses between rounds are real timers: skipped here, not waited for.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks 100 keys a request and answers every item found', async () => {
    const { db, requests } = fakeDb({ throttledRounds: 0, missing: new Set(['S7']) });
    const items = await batchGetAll(db, keysOf(250));
    expect(requests.map((request) => request.Keys.length)).toEqual([100, 100, 50]);
    expect(items).toHaveLength(249);
    expect(items.map((item) => item.sk)).not.toContain('S7');
  });

  it('asks again for the keys DynamoDB left unprocessed, with the same options', async () => {
    const { db, requests } = fakeDb({ throttledRounds: 2 });
    const answer = batchGetAll(db, keysOf(3), { consistent: true, projection: { expression: 'pk, sk' } });
    await vi.runAllTimersAsync();
    const items = await answer;
    expect(items.map((item) => item.sk).sort()).toEqual(['S0', 'S1', 'S2']);
    expect(requests.map((request) => request.Keys.length)).toEqual([3, 1, 1]);
    expect(requests.every((request) => request.ConsistentRead && request.ProjectionExpression === 'pk, sk')).toBe(true);
  });

  it('throws rather than answer part of the items when DynamoDB keeps throttling', async () => {
    const { db } = fakeDb({ throttledRounds: 100 });
    const refused = expect(batchGetAll(db, keysOf(2))).rejects.toThrow('unprocessed');
    await vi.runAllTimersAsync();
    await refused;
  });
});

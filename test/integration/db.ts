import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { afterAll, beforeAll } from 'vitest';
import { dynamo } from '../../lambdas/shared/clients.js';
import type { Db } from '../../lambdas/shared/data/table.js';
import { guardTable, TABLE_GUARD_MIDDLEWARE } from '../../local/functions/table-guard.js';

/** The integration tests' own handle on the table the global setup created. */
export function testDb(): Db {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return { client, tableName: process.env.TABLE_NAME! };
}

/** Every item of the table, all pages: for tests that prove something is nowhere in it. */
export async function scanAllItems(db: Db): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.client.send(new ScanCommand({ TableName: db.tableName, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

/**
 * The table as one catalogue function may reach it: requests its grants do not allow are refused as IAM would
 * (local/functions/table-guard.ts), so a service test run with it proves the function's key prefixes.
 */
export function guardedTestDb(functionName: string): Db {
  const db = testDb();
  const fn = ALL_FUNCTIONS.find((f) => f.name === functionName);
  if (!fn) throw new Error(`No catalogue function ${functionName}`);
  guardTable(db.client, functionName, fn.grants);
  return db;
}

/**
 * For the file that calls it: the lambdas' own shared DynamoDB client (lambdas/shared/clients.ts) refuses what
 * `functionName`'s grants do not allow, so a handler that builds its own table handle runs as IAM would let it. The
 * integration files share one module graph (vitest.config.ts, `isolate: false`): the guard is removed after the file.
 */
export function guardLambdaTableAs(functionName: string): void {
  const fn = ALL_FUNCTIONS.find((f) => f.name === functionName);
  if (!fn) throw new Error(`No catalogue function ${functionName}`);
  beforeAll(() => guardTable(dynamo, functionName, fn.grants));
  afterAll(() => void dynamo.middlewareStack.remove(TABLE_GUARD_MIDDLEWARE));
}

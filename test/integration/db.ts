import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../lambdas/shared/data/table.js';

/** The integration tests' own handle on the table the global setup created. */
export function testDb(): Db {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return { client, tableName: process.env.TABLE_NAME! };
}

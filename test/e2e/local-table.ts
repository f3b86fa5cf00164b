import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../../lambdas/shared/data/table.js';
import { LOCAL_TABLE } from '../../local/settings.js';

/**
 * The local runtime's table, for browser tests that seed data or move a process the way an admin or the workflow
 * would, through the real access patterns. Destroy its client after the file.
 */
export function localTable(dynamodbEndpoint: string): Db {
  return {
    client: DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: dynamodbEndpoint,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    ),
    tableName: LOCAL_TABLE,
  };
}

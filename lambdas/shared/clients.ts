import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * The DynamoDB client, created once per container. Its endpoint comes from the SDK's standard
 * AWS_ENDPOINT_URL_DYNAMODB variable, so the local runtime points it at DynamoDB Local by configuration alone.
 * Other outside services live in lambdas/providers/, one interface and one implementation each.
 */
export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});

import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient } from '@aws-sdk/client-sfn';

/**
 * AWS clients, created once per container. Endpoints come from the SDK's standard
 * AWS_ENDPOINT_URL_<SERVICE> variables, so the local runtime points them at emulators
 * by configuration alone.
 */
export const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}), {
  marshallOptions: { removeUndefinedValues: true },
});
export const ses = new SESv2Client({});
export const sfn = new SFNClient({});

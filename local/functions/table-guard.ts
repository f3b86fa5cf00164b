import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { tableGrantAllows, type FunctionGrants, type TableRequest } from '../../lambdas/grants.js';
import { TABLE_GSIS, TABLE_KEYS } from '../../lambdas/shared/data/table.js';

/**
 * DynamoDB Local does not check IAM. This guard stands in for it in the local runtime: every request a function
 * makes is checked against its catalogue grants by `tableGrantAllows`, the same rule the IAM policy of
 * lib/constructs/service-function.ts encodes, and refused with the error AWS gives. So a grant that misses a key
 * prefix fails under `npm start` and the browser tests, not first after a deploy.
 */

type Input = Record<string, unknown>;
type AttributeValue = string | { S?: string } | undefined;

/** Low-level and document-client command names, as IAM names their actions. */
const ACTIONS: Record<string, string> = {
  GetItem: 'GetItem',
  Get: 'GetItem',
  PutItem: 'PutItem',
  Put: 'PutItem',
  UpdateItem: 'UpdateItem',
  Update: 'UpdateItem',
  DeleteItem: 'DeleteItem',
  Delete: 'DeleteItem',
  Query: 'Query',
  Scan: 'Scan',
  BatchGetItem: 'BatchGetItem',
  BatchGet: 'BatchGetItem',
  BatchWriteItem: 'BatchWriteItem',
  BatchWrite: 'BatchWriteItem',
  DescribeTable: 'DescribeTable',
};

const text = (value: AttributeValue): string | undefined => (typeof value === 'string' ? value : value?.S);
const pkOf = (item: unknown) => text((item as Input | undefined)?.[TABLE_KEYS.partitionKey] as AttributeValue);

/** The partition key value a Query's key condition names (of the index it queries, if any). */
function queriedPartitionKey(input: Input): string | undefined {
  const index = input.IndexName as keyof typeof TABLE_GSIS | undefined;
  const attribute = index ? TABLE_GSIS[index]?.partitionKey : TABLE_KEYS.partitionKey;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, AttributeValue>;
  for (const clause of String(input.KeyConditionExpression ?? '').split(/\s+and\s+/i)) {
    const match = /^\(?\s*([#\w]+)\s*=\s*(:\w+)\s*\)?$/.exec(clause.trim());
    if (match && (names[match[1]!] ?? match[1]) === attribute) return text(values[match[2]!]);
  }
  return undefined;
}

/** The requests IAM authorizes for one command: one per item of a transaction or a batch. */
export function tableRequestsOf(commandName: string, input: Input): TableRequest[] {
  const name = commandName.replace(/Command$/, '');
  if (name === 'TransactWriteItems' || name === 'TransactWrite') {
    return ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
      Object.entries(item).map(([kind, op]) => ({
        action: kind === 'ConditionCheck' ? 'ConditionCheckItem' : `${kind}Item`,
        partitionKey: pkOf((op as Input).Key ?? (op as Input).Item),
      })),
    );
  }
  if (name === 'TransactGetItems' || name === 'TransactGet') {
    return ((input.TransactItems ?? []) as { Get: Input }[]).map(({ Get }) => ({
      action: 'GetItem',
      partitionKey: pkOf(Get.Key),
    }));
  }
  const action = ACTIONS[name] ?? name;
  if (action === 'BatchGetItem') {
    return Object.values((input.RequestItems ?? {}) as Record<string, { Keys: Input[] }>).flatMap(({ Keys }) =>
      Keys.map((key) => ({ action, partitionKey: pkOf(key) })),
    );
  }
  if (action === 'BatchWriteItem') {
    return Object.values((input.RequestItems ?? {}) as Record<string, Input[]>).flatMap((requests) =>
      requests.map((request) => ({
        action,
        partitionKey: pkOf((request.PutRequest as Input | undefined)?.Item ?? (request.DeleteRequest as Input)?.Key),
      })),
    );
  }
  if (action === 'Query') {
    return [{ action, index: input.IndexName as string | undefined, partitionKey: queriedPartitionKey(input) }];
  }
  if (action === 'Scan') return [{ action, index: input.IndexName as string | undefined }];
  return [{ action, partitionKey: pkOf(input.Key ?? input.Item) }];
}

/** A key's family only (`DOCUMENT#…`): never a CPF, e-mail or id in a log line. */
const keyFamily = (key: string | undefined) => (key === undefined ? 'no key' : `${key.split('#')[0]}#…`);

export class AccessDeniedException extends Error {
  override readonly name = 'AccessDeniedException';
  readonly $metadata = { httpStatusCode: 400 };
}

/** The guard's name in a client's middleware stack (a test removes it again). */
export const TABLE_GUARD_MIDDLEWARE = 'localTableGuard';

/** Makes `client` refuse what `grants` do not allow, as IAM would for the function `functionName`. */
export function guardTable(
  client: Pick<DynamoDBClient, 'middlewareStack'>,
  functionName: string,
  grants: FunctionGrants,
): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = String((context as { commandName?: string }).commandName ?? '');
      for (const request of tableRequestsOf(commandName, args.input as Input)) {
        if (!tableGrantAllows(grants, request)) {
          throw new AccessDeniedException(
            `${functionName} is not authorized to perform: dynamodb:${request.action} on ` +
              `${request.index ? `index ${request.index}` : 'the table'} (partition key ${keyFamily(request.partitionKey)}): ` +
              'its catalogue grants (lambdas/functions.ts) do not allow it.',
          );
        }
      }
      return next(args);
    },
    { step: 'initialize', name: TABLE_GUARD_MIDDLEWARE, priority: 'high' },
  );
}

import type { MiddlewareStack } from '@smithy/types';

/**
 * What one function used, for the cost model (`npm run cost`): measured beside the business code, never in it. The
 * DynamoDB units come from the client's middleware stack (ReturnConsumedCapacity added to every call that takes it),
 * so the handlers and the data layer run exactly as they do on AWS.
 */
export type Usage = { invocations: number; durationMs: number; readUnits: number; writeUnits: number };

export const emptyUsage = (): Usage => ({ invocations: 0, durationMs: 0, readUnits: 0, writeUnits: 0 });

export function addUsage(into: Usage, more: Partial<Usage>): void {
  for (const key of Object.keys(into) as (keyof Usage)[]) into[key] += more[key] ?? 0;
}

const READS = new Set([
  'GetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const WRITES = new Set([
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'BatchWriteItemCommand',
  'TransactWriteItemsCommand',
]);

type Consumed = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

/** Adds every DynamoDB call's consumed capacity to `usage`; a refused conditional write reports none and counts none. */
export function meterDynamoDb(client: { middlewareStack: MiddlewareStack<object, object> }, usage: Usage): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName ?? '';
      const kind = READS.has(command) ? 'read' : WRITES.has(command) ? 'write' : undefined;
      if (kind) (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      if (!kind) return result;
      const consumed = (result.output as { ConsumedCapacity?: Consumed | Consumed[] }).ConsumedCapacity;
      for (const entry of [consumed ?? []].flat()) {
        const units = entry.CapacityUnits ?? (entry.ReadCapacityUnits ?? 0) + (entry.WriteCapacityUnits ?? 0);
        if (kind === 'read') usage.readUnits += units;
        else usage.writeUnits += units;
      }
      return result;
    },
    { step: 'initialize', name: 'baixaMeterConsumedCapacity', override: true },
  );
}

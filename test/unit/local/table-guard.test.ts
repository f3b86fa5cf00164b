import { describe, expect, it } from 'vitest';
import { ALL_FUNCTIONS } from '../../../lambdas/functions.js';
import { tableGrantAllows, type FunctionGrants } from '../../../lambdas/grants.js';
import { keys } from '../../../lambdas/shared/data/keys.js';
import { tableRequestsOf } from '../../../local/functions/table-guard.js';

const grantsOf = (name: string): FunctionGrants => ALL_FUNCTIONS.find((fn) => fn.name === name)!.grants;

describe('tableRequestsOf: what IAM authorizes for one command', () => {
  it('reads the partition key of items, low-level or document-client shaped', () => {
    expect(tableRequestsOf('GetItemCommand', { Key: { pk: { S: 'CUSTOMER#u1' }, sk: { S: 'PROFILE' } } })).toEqual([
      { action: 'GetItem', partitionKey: 'CUSTOMER#u1' },
    ]);
    expect(tableRequestsOf('PutCommand', { Item: { pk: 'RATE#X#h#1', sk: 'RATE#X#h#1' } })).toEqual([
      { action: 'PutItem', partitionKey: 'RATE#X#h#1' },
    ]);
  });

  it('splits transactions and batches into one request per item, with its own action', () => {
    const requests = tableRequestsOf('TransactWriteItemsCommand', {
      TransactItems: [
        { Put: { Item: { pk: { S: 'CUSTOMER#u1' } } } },
        { Update: { Key: { pk: { S: 'COUNTER' } } } },
        { Delete: { Key: { pk: { S: 'SEARCH#CLIENT#ab' } } } },
        { ConditionCheck: { Key: { pk: { S: 'CUSTOMER#u1' } } } },
      ],
    });
    expect(requests).toEqual([
      { action: 'PutItem', partitionKey: 'CUSTOMER#u1' },
      { action: 'UpdateItem', partitionKey: 'COUNTER' },
      { action: 'DeleteItem', partitionKey: 'SEARCH#CLIENT#ab' },
      { action: 'ConditionCheckItem', partitionKey: 'CUSTOMER#u1' },
    ]);
    expect(
      tableRequestsOf('BatchGetItemCommand', {
        RequestItems: { t: { Keys: [{ pk: { S: 'CUSTOMER#a' } }, { pk: { S: 'CUSTOMER#b' } }] } },
      }).map((r) => r.partitionKey),
    ).toEqual(['CUSTOMER#a', 'CUSTOMER#b']);
    expect(
      tableRequestsOf('BatchWriteItemCommand', {
        RequestItems: { t: [{ DeleteRequest: { Key: { pk: { S: 'DOCUMENT#1' } } } }] },
      }),
    ).toEqual([{ action: 'BatchWriteItem', partitionKey: 'DOCUMENT#1' }]);
  });

  it("takes a Query's partition key from its key condition, of the index it names", () => {
    expect(
      tableRequestsOf('QueryCommand', {
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(#sk, :from)',
        ExpressionAttributeNames: { '#sk': 'gsi2sk' },
        ExpressionAttributeValues: { ':pk': { S: 'CHARGE_STATUS#PENDING' }, ':from': { S: '2026' } },
      }),
    ).toEqual([{ action: 'Query', index: 'gsi2', partitionKey: 'CHARGE_STATUS#PENDING' }]);
    expect(
      tableRequestsOf('QueryCommand', {
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk' },
        ExpressionAttributeValues: { ':pk': { S: 'CUSTOMER#u1' } },
      }),
    ).toEqual([{ action: 'Query', index: undefined, partitionKey: 'CUSTOMER#u1' }]);
  });
});

describe('tableGrantAllows: the IAM policy ServiceFunction writes, decided here', () => {
  it('lets a table-wide grant do its actions on any key, and nothing more', () => {
    expect(tableGrantAllows({ table: 'read' }, { action: 'Query', index: 'gsi2', partitionKey: 'X' })).toBe(true);
    expect(tableGrantAllows({ table: 'read' }, { action: 'PutItem', partitionKey: 'X' })).toBe(false);
    expect(tableGrantAllows({ table: 'readwrite' }, { action: 'DeleteItem', partitionKey: 'X' })).toBe(true);
    // No table-wide grant scans; only the deletions' `erase` writes in batches.
    for (const table of ['read', 'readwrite', 'erase'] as const) {
      expect(tableGrantAllows({ table }, { action: 'Scan' })).toBe(false);
    }
    expect(tableGrantAllows({ table: 'readwrite' }, { action: 'BatchWriteItem', partitionKey: 'X' })).toBe(false);
    expect(tableGrantAllows({ table: 'erase' }, { action: 'BatchWriteItem', partitionKey: 'X' })).toBe(true);
  });

  it('scopes tableItems by action and partition-key prefix, and never allows a Scan', () => {
    const lookup = grantsOf('LookupProcess');
    const rate = keys.rateLimit('LOOKUP_IP', 'h', 1);
    expect(tableGrantAllows(lookup, { action: 'GetItem', partitionKey: keys.documentGuard('12345678909') })).toBe(true);
    expect(tableGrantAllows(lookup, { action: 'Query', partitionKey: keys.customer('u1') })).toBe(true);
    expect(tableGrantAllows(lookup, { action: 'UpdateItem', partitionKey: rate })).toBe(true);
    // The same keys with the wrong action, another rule's counters, a Scan, an index: refused.
    expect(tableGrantAllows(lookup, { action: 'UpdateItem', partitionKey: keys.customer('u1') })).toBe(false);
    expect(tableGrantAllows(lookup, { action: 'UpdateItem', partitionKey: keys.rateLimit('NADA_IP', 'h', 1) })).toBe(
      false,
    );
    expect(tableGrantAllows(lookup, { action: 'Scan' })).toBe(false);
    expect(tableGrantAllows(lookup, { action: 'Query', index: 'gsi1', partitionKey: keys.customer('u1') })).toBe(false);
  });

  it('allows an index Query only with the index’s own prefixes', () => {
    const grants: FunctionGrants = {
      tableItems: { actions: ['GetItem'], pkPrefixes: ['CUSTOMER#'], indexes: { gsi2: ['CHARGE_STATUS#'] } },
    };
    expect(tableGrantAllows(grants, { action: 'Query', index: 'gsi2', partitionKey: 'CHARGE_STATUS#PAID' })).toBe(true);
    expect(tableGrantAllows(grants, { action: 'Query', index: 'gsi2', partitionKey: 'CUSTOMER#u1' })).toBe(false);
    expect(tableGrantAllows(grants, { action: 'Query', index: 'gsi1', partitionKey: 'CHARGE_STATUS#PAID' })).toBe(
      false,
    );
  });

  it('gives the scoped functions no Scan and no BatchWriteItem anywhere', () => {
    for (const name of [
      'GetProfile',
      'UpdateProfile',
      'LookupProcess',
      'IssueNadaConsta',
      'VerifyNadaConsta',
      'AwaitPayment',
      'StartFiling',
      'StartFreeRenewal',
      'StartPaidRenewal',
    ]) {
      const grants = grantsOf(name);
      expect(grants.table, name).toBeUndefined();
      expect(tableGrantAllows(grants, { action: 'Scan' }), name).toBe(false);
      expect(tableGrantAllows(grants, { action: 'BatchWriteItem', partitionKey: keys.customer('u1') }), name).toBe(
        false,
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { GSI1, GSI2 } from '../../../lambdas/shared/data/table.js';
import { TABLE_GSIS, TABLE_KEYS } from '../../../lib/constructs/data.js';
import { resolveIntrinsics } from '../../../local/cdk-definitions.js';

describe('resolveIntrinsics', () => {
  it('resolves pseudo parameters inside Fn::Join', () => {
    const value = {
      'Fn::Join': [
        '',
        ['arn:', { Ref: 'AWS::Partition' }, ':states:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }],
      ],
    };
    expect(resolveIntrinsics(value)).toBe('arn:aws:states:us-east-1:000000000000');
  });
  it('refuses what it cannot resolve rather than guessing', () => {
    expect(() => resolveIntrinsics({ Ref: 'SomeLogicalId' })).toThrow('Cannot resolve');
    expect(() => resolveIntrinsics({ 'Fn::GetAtt': ['X', 'Arn'] })).toThrow('Cannot resolve');
  });
});

describe('table contract between CDK and the data-access layer', () => {
  it('uses the same index and key names', () => {
    expect(Object.keys(TABLE_GSIS).sort()).toEqual([GSI1, GSI2].sort());
    expect(TABLE_KEYS).toMatchObject({ partitionKey: 'pk', sortKey: 'sk', ttl: 'expiresAt' });
  });
});

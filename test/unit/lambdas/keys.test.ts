import { describe, expect, it } from 'vitest';
import { keys, parseKey } from '../../../lambdas/shared/data/keys.js';

describe('parseKey reads back what keys builds', () => {
  it('a customer partition', () => {
    expect(parseKey.customer(keys.customer('user-1'))).toEqual({ userId: 'user-1' });
    expect(parseKey.customer(keys.audit('user-1'))).toBeNull();
  });

  it('a charge sort key', () => {
    expect(parseKey.chargeSk(keys.chargeSk('c1', 'ch1'))).toEqual({ contractId: 'c1', chargeId: 'ch1' });
    expect(parseKey.chargeSk(keys.processSk('c1'))).toBeNull();
  });

  it('a history sort key, whose time holds colons and dots', () => {
    const at = '2026-11-24T10:00:00.000Z';
    expect(parseKey.historySk(keys.historySk('c1', at, 'h1'))).toEqual({ contractId: 'c1', at, id: 'h1' });
    expect(parseKey.historySk(keys.chargeSk('c1', 'ch1'))).toBeNull();
    expect(parseKey.historySk(keys.processSk('c1'))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ITEM_TYPE, storedChargeStatusOf } from '../../../lambdas/shared/data/items.js';
import { keys } from '../../../lambdas/shared/data/keys.js';

describe('storedChargeStatusOf (what the stream reads of a charge item)', () => {
  const item = (status: unknown) => ({
    pk: keys.customer('user-1'),
    sk: keys.chargeSk('contract-1', 'charge-1'),
    type: ITEM_TYPE.charge,
    status,
  });

  it('gives the charge, its owner and its status', () => {
    expect(storedChargeStatusOf(item('RECEIVED'))).toEqual({
      userId: 'user-1',
      contractId: 'contract-1',
      chargeId: 'charge-1',
      status: 'RECEIVED',
    });
  });

  it('passes over, without throwing, a status no charge of ours holds', () => {
    expect(storedChargeStatusOf(item('DUNNING_REQUESTED'))).toBeNull();
    expect(storedChargeStatusOf(item(undefined))).toBeNull();
  });
});

import { ulid } from 'ulid';
import { getCustomerCollection } from '../lambdas/shared/data/customers.js';
import { markReferralPaid, type ReferralPayment } from '../lambdas/shared/data/referrals.js';
import type { Db } from '../lambdas/shared/data/table.js';
import type { Profile } from '../domain/schemas/entities.js';
import { createCharge } from './seeds.js';

/**
 * What ConfirmPayment does for a referred payer, with the paid charge it needs: a RECEIVED charge on the payer's
 * latest contract (as Asaas's confirmation would leave it), then the referral marked paid by it — through `confirmDb`
 * if given (an integration test passes the table as ConfirmPayment's grants reach it: guardedTestDb).
 */
export async function payReferral(
  db: Db,
  payer: Profile,
  now = new Date().toISOString(),
  confirmDb: Db = db,
): Promise<ReferralPayment> {
  const { contracts } = await getCustomerCollection(db, payer.user_id);
  const contract = contracts.at(-1);
  if (!contract) throw new Error(`The payer ${payer.user_id} has no contract to pay`);
  const charge = await createCharge(db, {
    userId: payer.user_id,
    contractId: contract.id,
    asaasId: `pay_${ulid().toLowerCase()}`,
    status: 'RECEIVED',
    now,
  });
  const paidBy = { userId: payer.user_id, contractId: contract.id, chargeId: charge.id };
  return markReferralPaid(confirmDb, payer, now, paidBy);
}

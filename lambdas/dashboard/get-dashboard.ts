import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { settlementPlan, withdrawalEligibility } from '../../domain/withdrawal.js';
import { systemClock } from '../shared/clock.js';
import { getCustomerCollection } from '../shared/data/customers.js';
import { emailSuppressionOf } from '../shared/data/email-suppressions.js';
import { tableFromEnvironment } from '../shared/db.js';
import { apiHandler } from '../shared/http.js';

const db = tableFromEnvironment();

/**
 * The dashboard reads the caller's whole item collection in one query (the owner is the key), and beside it whether
 * SES stopped mail to the caller's address (pattern 64, one GetItem).
 */
export const handler = apiHandler(getDashboardRoute, async ({ caller }) => {
  const [{ profile, contracts, charges, processes, history, movements, courtCases, kit, invoices }, suppression] =
    await Promise.all([getCustomerCollection(db, caller.userId), emailSuppressionOf(db, caller.email)]);
  const now = systemClock();
  const withdrawals = contracts.flatMap((contract) => {
    const eligibility = withdrawalEligibility(
      contract,
      processes.find((p) => p.contrato_id === contract.id) ?? null,
      now,
    );
    return eligibility.allowed
      ? [{ contractId: contract.id, until: eligibility.until, settlement: settlementPlan(contract, charges) }]
      : [];
  });
  const emailDelivery = suppression ? { problem: suppression.reason, since: suppression.at } : null;
  return {
    body: {
      email: caller.email,
      profile,
      contracts,
      charges,
      processes,
      history,
      movements,
      courtCases,
      kit,
      invoices,
      withdrawals,
      emailDelivery,
    },
  };
});

import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { ADMIN_GROUP, ADMIN_SECOND_FACTOR_CLAIM, ADMIN_SECOND_FACTOR_TOTP } from '../../domain/auth.js';
import type { UserAccounts } from '../providers/user-accounts.js';

/** The pool that invoked a trigger, by its id (every trigger event names it). */
export type AccountsOfPool = (userPoolId: string) => UserAccounts;

/**
 * The id token's second-factor claim: only for a member of the `admin` group whose authenticator app is enrolled.
 * With the app enrolled, Cognito asks for its code at every password sign-in, and admins get no magic links
 * (`refusesMagicLink`), so the claim means "this session passed TOTP". Customers cost no Cognito call: the event
 * already lists the user's groups.
 */
export async function addAdminSecondFactorClaim(
  accountsOf: AccountsOfPool,
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> {
  const groups = event.request.groupConfiguration?.groupsToOverride ?? [];
  if (!groups.includes(ADMIN_GROUP)) return event;
  if (await accountsOf(event.userPoolId).hasAuthenticatorApp(event.userName)) {
    event.response.claimsOverrideDetails = {
      ...event.response.claimsOverrideDetails,
      claimsToAddOrOverride: {
        ...event.response.claimsOverrideDetails?.claimsToAddOrOverride,
        [ADMIN_SECOND_FACTOR_CLAIM]: ADMIN_SECOND_FACTOR_TOTP,
      },
    };
  }
  return event;
}

/**
 * Admins sign in with their password and authenticator code only: a magic link proves the e-mail alone, which is
 * not enough for the back office. Their link requests are treated like an unknown address (nothing sent, the same
 * answer), and a link issued before a promotion is not accepted.
 */
export function refusesMagicLink(accountsOf: AccountsOfPool, userPoolId: string, userId: string): Promise<boolean> {
  return accountsOf(userPoolId).isAdmin(userId);
}

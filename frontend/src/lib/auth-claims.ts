import { ADMIN_GROUP, ADMIN_SECOND_FACTOR_CLAIM, ADMIN_SECOND_FACTOR_TOTP } from '@domain/auth.js';

export type SessionUser = {
  userId: string;
  email: string;
  groups: string[];
  /** In the `admin` group and signed in with the second factor: what the API accepts on admin routes. */
  isAdmin: boolean;
  /** In the `admin` group without an enrolled authenticator app: the back office first asks for one. */
  needsSecondFactorSetup: boolean;
};

/** Where an admin enrols their authenticator app (outside the admin guard, which sends them here). */
export const SECOND_FACTOR_SETUP_PATH = '/admin/duas-etapas';

/** Reads the id token's claims. Anything malformed counts as "not admin", never as an error. */
export function sessionUserFromClaims(claims: Record<string, unknown>): SessionUser | null {
  const userId = typeof claims.sub === 'string' ? claims.sub : null;
  if (!userId) return null;
  const rawGroups = claims['cognito:groups'];
  const groups = Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [];
  const inAdminGroup = groups.includes(ADMIN_GROUP);
  const secondFactor = claims[ADMIN_SECOND_FACTOR_CLAIM] === ADMIN_SECOND_FACTOR_TOTP;
  return {
    userId,
    email: typeof claims.email === 'string' ? claims.email : '',
    groups,
    isAdmin: inAdminGroup && secondFactor,
    needsSecondFactorSetup: inAdminGroup && !secondFactor,
  };
}

/** Where to go after login: the guarded page the user came from, or the dashboard. */
export const DEFAULT_AFTER_LOGIN = '/app/dashboard';

/** An admin's home: 'Hoje', what is due (docs/decisions.md, "'Hoje': the admin's day"). */
export const ADMIN_HOME = '/admin';

/** Where a signed-in user lands: where they were going, but an admin's default is 'Hoje', not the customer dashboard. */
export function landingFor(user: { isAdmin: boolean }, target: string): string {
  return user.isAdmin && target === DEFAULT_AFTER_LOGIN ? ADMIN_HOME : target;
}

type LocationLike = { pathname?: unknown; search?: unknown; hash?: unknown };

export function redirectTargetFrom(state: unknown): string {
  const from = (state as { from?: LocationLike } | null | undefined)?.from;
  const pathname = typeof from?.pathname === 'string' ? from.pathname : '';
  // Only same-origin app paths: "//host" would be read by the browser as another origin.
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.startsWith('/auth'))
    return DEFAULT_AFTER_LOGIN;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

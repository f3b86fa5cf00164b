// Relative imports (not @domain / @/): the unit-test runner and the root tsc know no aliases.
import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { ApiRequestError } from '../../../lib/api-error.js';

export type DashboardErrorView = { message: string; sessionExpired: boolean };

/** Spec 01 §8: session errors, a broken profile, and everything else read differently. */
export function dashboardErrorView(error: unknown): DashboardErrorView {
  if (error instanceof ApiRequestError) {
    if (error.status === 401 || error.code === 'unauthorized') {
      return { message: DASHBOARD_MESSAGES.sessionExpired, sessionExpired: true };
    }
    if (error.code === 'invalid_response' && firstIssueField(error.cause) === 'profile') {
      return { message: DASHBOARD_MESSAGES.profileLoadFailed, sessionExpired: false };
    }
  }
  return { message: DASHBOARD_MESSAGES.loadFailed, sessionExpired: false };
}

function firstIssueField(cause: unknown): unknown {
  const issues = (cause as { issues?: { path?: unknown[] }[] } | undefined)?.issues;
  return issues?.[0]?.path?.[0];
}

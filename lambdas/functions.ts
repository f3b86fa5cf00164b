/**
 * The catalogue of every Lambda function: API routes, workflow tasks, Cognito triggers, the live channel, scheduled
 * and event functions. The CDK app (lib/) and the local runtime (local/) both read it, so a function, its route and its
 * grants are declared once and can never drift between AWS and this machine. A route's method, path and access come
 * from its contract in `domain/api/`; the catalogue adds only where the handler lives and what it may reach.
 *
 * Each area declares its own functions beside its handlers, in `lambdas/<area>/functions.ts` (the area is the folder of
 * the handler, as for the CDK's nested stacks): a new route goes at the end of its area's list; a new area is a new
 * file there and one line below. This file only joins them, in a fixed order.
 *
 * Handlers never import these files: a bundle would carry every contract of the API.
 */
import type { RouteContract } from '../domain/api/route.js';
import { AUTH_TRIGGERS } from './auth/functions.js';
import type { ApiFunction, FunctionDefinition } from './catalogue.js';
import { COURT_SCHEDULED_FUNCTIONS } from './court/functions.js';
import { EVENT_FUNCTIONS } from './email/functions.js';
import type { FunctionGrants, SecretName } from './grants.js';
import { LIVE_FUNCTIONS } from './live/functions.js';
import { REMINDER_SCHEDULED_FUNCTIONS } from './reminders/functions.js';
import { WORKFLOW_TASKS } from './workflow/functions.js';
import { HEALTH_ROUTES } from './health/functions.js';
import { DASHBOARD_ROUTES } from './dashboard/functions.js';
import { PROFILE_ROUTES } from './profile/functions.js';
import { CONTRACT_ROUTES } from './contracts/functions.js';
import { DOCUMENT_ROUTES } from './documents/functions.js';
import { PAYMENT_ROUTES, PAYMENT_SCHEDULED_FUNCTIONS } from './payments/functions.js';
import { RENEWAL_ROUTES } from './renewals/functions.js';
import { REFERRAL_ROUTES } from './referrals/functions.js';
import { ADMIN_ROUTES } from './admin/functions.js';
import { LOOKUP_ROUTES } from './lookup/functions.js';
import { CERTIFICATE_ROUTES } from './certificates/functions.js';
import { CONVERSION_ROUTES } from './conversions/functions.js';
import { DATA_RIGHTS_ROUTES } from './data-rights/functions.js';
import { BROWSER_ERROR_ROUTES } from './browser-errors/functions.js';
import { KIT_ROUTES } from './kit/functions.js';
import { WHATSAPP_ROUTES } from './whatsapp/functions.js';

export type { FunctionGrants } from './grants.js';
export type { ApiFunction, FunctionDefinition, RouteThrottle, ScheduledFunction } from './catalogue.js';
export { WEBHOOK_THROTTLE } from './catalogue.js';
export { AUTH_TRIGGERS, type AuthTriggerName } from './auth/functions.js';
export { EVENT_FUNCTIONS, type EventFunctionName } from './email/functions.js';
export { LIVE_FUNCTIONS, type LiveFunctionName } from './live/functions.js';
export { WORKFLOW_TASKS, type WorkflowTaskName } from './workflow/functions.js';

/** Every route, area by area (each area's routes in their own order). */
const ROUTES = [
  ...HEALTH_ROUTES,
  ...DASHBOARD_ROUTES,
  ...PROFILE_ROUTES,
  ...CONTRACT_ROUTES,
  ...DOCUMENT_ROUTES,
  ...PAYMENT_ROUTES,
  ...RENEWAL_ROUTES,
  ...REFERRAL_ROUTES,
  ...ADMIN_ROUTES,
  ...LOOKUP_ROUTES,
  ...CERTIFICATE_ROUTES,
  ...CONVERSION_ROUTES,
  ...DATA_RIGHTS_ROUTES,
  ...BROWSER_ERROR_ROUTES,
  ...KIT_ROUTES,
  ...WHATSAPP_ROUTES,
] as const satisfies readonly ApiFunction[];
export type ApiRouteId = (typeof ROUTES)[number]['contract']['id'];

/**
 * Every route sits behind the CloudFront distribution (under /api) and refuses requests that bypass it, which CloudFront
 * marks with a secret origin header (`apiHandler`): so each route function may read that one secret too.
 */
export const API_ROUTES: readonly (ApiFunction & { readonly contract: { readonly id: ApiRouteId } })[] = ROUTES.map(
  (route) => ({ ...route, grants: withRouteGrants(route.contract, route.grants) }),
);

/**
 * What every route's grants imply, written once here: the origin secret; and on admin routes the check that the caller
 * is still in the `admin` group (`adminMembership`: a token keeps its groups for an hour after a demotion).
 */
function withRouteGrants(contract: RouteContract, grants: FunctionGrants): FunctionGrants {
  return {
    ...grants,
    ...(contract.access === 'admin' ? { adminMembership: true } : {}),
    secrets: [...secretsNamedBy(grants), 'originVerify'],
  };
}

function secretsNamedBy(grants: FunctionGrants): readonly SecretName[] {
  return grants.secrets ?? [];
}

/** Every scheduled function (lib/constructs/schedules.ts), by name. */
export const SCHEDULED_FUNCTIONS = {
  ...PAYMENT_SCHEDULED_FUNCTIONS,
  ...COURT_SCHEDULED_FUNCTIONS,
  ...REMINDER_SCHEDULED_FUNCTIONS,
};
export type ScheduledFunctionName = keyof typeof SCHEDULED_FUNCTIONS;

/** Every function by a unique name (route id, task name, trigger name): what the local runtime and the tests walk. */
export const ALL_FUNCTIONS: readonly (FunctionDefinition & { readonly name: string })[] = [
  ...API_ROUTES.map(({ contract, ...fn }) => ({ name: contract.id, ...fn })),
  ...Object.entries(WORKFLOW_TASKS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(LIVE_FUNCTIONS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(AUTH_TRIGGERS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(SCHEDULED_FUNCTIONS).map(([name, { schedule: _schedule, ...fn }]) => ({ name, ...fn })),
  ...Object.entries(EVENT_FUNCTIONS).map(([name, fn]) => ({ name, ...fn })),
];

/**
 * What every area's catalogue file (`lambdas/<area>/functions.ts`) is written with: the shapes of a function, a route
 * and a scheduled function, and the grants several areas share. `lambdas/functions.ts` joins the areas into the one
 * catalogue the CDK app, IAM and the local runtime read.
 */
import type { RouteContract } from '../domain/api/route.js';
import { RATE_LIMITS } from '../domain/rate-limits.js';
import type { FunctionGrants, TableItemAction, TableItemsGrant } from './grants.js';
import { keys } from './shared/data/keys.js';

/** A Lambda function: its handler module (relative to the repo root, exporting `handler`) and its grants. */
export type FunctionDefinition = {
  readonly entry: string;
  readonly grants: FunctionGrants;
  /** Seconds Lambda lets it run (default 10); routes are capped by API Gateway's 30-second integration limit. */
  readonly timeoutSeconds?: number;
  /** Memory in MB (default ServiceFunction's 512); Lambda gives CPU in proportion (1,769 MB = one vCPU). */
  readonly memorySize?: number;
};

/** API Gateway's throttle of one route (a token bucket: requests a second, and the burst it absorbs). */
export type RouteThrottle = { readonly rateLimit: number; readonly burstLimit: number };

export type ApiFunction = FunctionDefinition & {
  readonly contract: RouteContract;
  /**
   * A throttle of the route's own (a stage route setting), apart from the stage's default: what a flood of this
   * route cannot take from the others, nor the others from it.
   * @default - the stage's default throttle
   */
  readonly throttle?: RouteThrottle;
};

/**
 * The Asaas webhook's bucket. Asaas delivers events one by one per account (docs/decisions.md, Edge firewall): even a
 * paused queue of 14 days released at once is a few thousand events at our volume, drained at 20 a second in minutes,
 * and a failed delivery is retried anyway. Below the stage's default (50/s), so junk aimed at the webhook stays in
 * this bucket and the customers' routes keep theirs.
 */
export const WEBHOOK_THROTTLE: RouteThrottle = { rateLimit: 20, burstLimit: 40 };

/** A function EventBridge Scheduler invokes on a schedule (lib/constructs/schedules.ts), with no input but the time. */
export type ScheduledFunction = FunctionDefinition & {
  /**
   * At this local time, once a day or at each of several hours (a cron in `timeZone`, so the hour stays put whatever
   * the zone's offset does).
   */
  readonly schedule: { readonly hour: number | readonly number[]; readonly minute: number; readonly timeZone: string };
};

/** A `tableItems` grant: these actions on items whose partition key starts with one of these prefixes. */
export function items(actions: readonly TableItemAction[], ...pkPrefixes: string[]): TableItemsGrant {
  return { actions, pkPrefixes };
}

/**
 * The charge status path (charge-status-service.ts: `applyProviderStatus`), shared by every function that applies
 * Asaas's word on a charge: the charge moved (the customer's partition, read by key or by a Query of the contract's
 * charges), its counter and the day's money; a paid charge's process; a refund's reversal: the process moved back, the
 * payer's referral and the referrer's reward in the referrer's partition, under a check of the charge, and the admins'
 * alert (pattern 49). No index: the status index (gsi2) keys are written, never queried here. `moreCustomerActions`
 * joins the `CUSTOMER#` statement (IAM policies merge statements of the same condition, so it cannot be one apart).
 */
export function chargeStatusPathGrants(moreCustomerActions: readonly TableItemAction[] = []): TableItemsGrant[] {
  return [
    items(
      ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem', ...moreCustomerActions],
      keys.customer(''),
    ),
    items(['UpdateItem'], keys.counterPk, keys.financeDayPk),
    items(['PutItem'], keys.adminAlert('')),
  ];
}

/**
 * A contract's cancellation (cancellations.ts, pattern 50) and the settlement of its money (charge-settlement-service.ts):
 * the customer's collection read, the transaction in their partition (contract, process, history, a free renewal's
 * credit) with the counters and the audit record; one settlement at a time under its `SETTLEMENT#` lease (Put, read
 * back when taken, Deleted after); Asaas's answer applied through the status path; the admins' alert; its reads of
 * Asaas counted in the global budget (pattern 43).
 */
export function cancellationGrants(moreCustomerActions: readonly TableItemAction[] = []): TableItemsGrant[] {
  return [
    ...chargeStatusPathGrants(moreCustomerActions),
    items(['PutItem'], keys.audit('')),
    settlementGrant(),
    items(['UpdateItem'], ...rateLimitPrefixes('asaasReadsGlobal')),
  ];
}

/**
 * One settlement of a cancelled contract's charge at a time (charge-settlement-service.ts): its `SETTLEMENT#` lease Put,
 * read back when taken, Deleted by its owner after. Every function that applies a paid status may settle again money a
 * cancelled contract holds (held-money-service.ts).
 */
export function settlementGrant(): TableItemsGrant {
  return items(['GetItem', 'PutItem', 'DeleteItem'], keys.chargeSettlement(''));
}

/** The key prefixes of some rate-limit rules' counters: a function may count only its own rules. */
export function rateLimitPrefixes(...rules: (keyof typeof RATE_LIMITS)[]): string[] {
  return rules.map((rule) => keys.rateLimitScope(RATE_LIMITS[rule].scope));
}

/**
 * The reconciliation's grants (the nightly run's and 'Executar agora''s, one code): the status path; our charges listed
 * by the type and status indexes (patterns 52 a/b) and read in batches with their processes; provider pointers; orphan
 * payments (as the webhook); its run lease, watermark and divergences; the report and the orphans' alerts through the
 * status path's `ADMIN_ALERT#` grant.
 */
export function reconciliationGrants() {
  return {
    tableItems: [
      ...chargeStatusPathGrants(),
      settlementGrant(),
      {
        actions: ['BatchGetItem'],
        pkPrefixes: [keys.customer(''), keys.providerChargePointer('')],
        indexes: { gsi1: [keys.typeList('CHARGE')], gsi2: [keys.statusList('CHARGE', '')] },
      },
      items(['GetItem'], keys.providerChargePointer('')),
      items(['GetItem', 'Query', 'UpdateItem'], keys.orphanPaymentPk),
      items(
        ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem'],
        keys.reconciliationPk,
        keys.reconciliationRunPk,
        keys.divergencePk,
      ),
    ],
    asaas: true,
    workflow: 'start-and-callback',
  } satisfies FunctionGrants;
}

/**
 * A client's deletion (pattern 28), by an admin (DeleteAdminClient) or by an erasure request (ExecuteErasureRequest):
 * their payments and customer at Asaas first, their running workflow executions (describe + stop only), every item of
 * the client (any partition their pointers name), their documents with every version (list + delete only) and their
 * Cognito user (after checking it is not an admin).
 */
export function clientDeletionGrants() {
  return {
    table: 'erase',
    documents: 'erase',
    userPool: 'manage',
    asaas: true,
    workflow: 'stop',
    secrets: ['rateLimitKey'],
  } as const satisfies FunctionGrants;
}

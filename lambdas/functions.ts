/**
 * The catalogue of every Lambda function: API routes, workflow tasks and Cognito triggers.
 * The CDK app (lib/) and the local runtime (local/) both read it, so a route, its access level
 * and its grants are declared once and can never drift between AWS and this machine.
 */

/** Who may call a route. 'customer' = any signed-in user; 'admin' = member of the Cognito `admin` group. */
export type RouteAccess = 'public' | 'customer' | 'admin';

import { keys } from './shared/data/keys.js';

export type TableItemAction = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem';

/** What a function may do with the single table / documents bucket / workflow. Least privilege. */
export type FunctionGrants = {
  table?: 'read' | 'readwrite';
  /**
   * Narrower than `table`, for functions that own one kind of item: only these item actions, only on items whose
   * partition key starts with one of these prefixes (IAM `dynamodb:LeadingKeys`). No Query, Scan or index.
   */
  tableItems?: { actions: readonly TableItemAction[]; pkPrefixes: readonly string[] };
  documents?: 'read' | 'readwrite';
  workflow?: 'start' | 'callback';
  email?: boolean;
  userPool?: 'read';
};

export type ApiRoute = {
  /** Stable id, used for CDK construct ids and local logs. */
  id: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** API Gateway path syntax, e.g. /admin/clients/{id}. */
  path: string;
  /** Module path from the repo root; it exports `handler`. */
  entry: string;
  access: RouteAccess;
  grants: FunctionGrants;
};

export const API_ROUTES = [
  {
    id: 'GetHealth',
    method: 'GET',
    path: '/health',
    entry: 'lambdas/health/get-health.ts',
    access: 'public',
    grants: {},
  },
  {
    id: 'GetDashboard',
    method: 'GET',
    path: '/me/dashboard',
    entry: 'lambdas/dashboard/get-dashboard.ts',
    access: 'customer',
    grants: { table: 'read' },
  },
  {
    id: 'GetAdminSummary',
    method: 'GET',
    path: '/admin/summary',
    entry: 'lambdas/admin/get-admin-summary.ts',
    access: 'admin',
    grants: { table: 'read' },
  },
  {
    id: 'LookupProcess',
    method: 'POST',
    path: '/public/lookup',
    entry: 'lambdas/lookup/lookup-process.ts',
    access: 'public',
    grants: { table: 'read' },
  },
  {
    id: 'ReceiveAsaasWebhook',
    method: 'POST',
    path: '/webhooks/asaas',
    entry: 'lambdas/payments/receive-asaas-webhook.ts',
    access: 'public',
    grants: { table: 'readwrite', workflow: 'callback' },
  },
] as const satisfies readonly ApiRoute[];

/** Tasks of the charge → payment → filing state machine (lib/constructs/workflow.ts). */
export const WORKFLOW_TASKS = {
  AwaitPayment: { entry: 'lambdas/workflow/await-payment.ts', grants: { table: 'readwrite' } },
  ConfirmPayment: { entry: 'lambdas/workflow/confirm-payment.ts', grants: { table: 'readwrite', email: true } },
  StartFiling: { entry: 'lambdas/workflow/start-filing.ts', grants: { table: 'readwrite' } },
} as const satisfies Record<string, { entry: string; grants: FunctionGrants }>;
export type WorkflowTaskName = keyof typeof WORKFLOW_TASKS;

/** Cognito user-pool triggers. */
export const AUTH_TRIGGERS = {
  // Writes only the last recovery request of a user (its one-a-minute limit).
  customMessage: {
    entry: 'lambdas/auth/custom-message.ts',
    grants: { tableItems: { actions: ['PutItem'], pkPrefixes: [keys.recoveryRequest('')] } },
  },
  // Magic link (CUSTOM_AUTH). Create and Verify also read the signing key (lib/constructs/auth.ts) and touch only
  // magic-link records: Create replaces one (and gives it back if its e-mail fails), Verify uses it up.
  defineAuthChallenge: { entry: 'lambdas/auth/define-auth-challenge.ts', grants: {} },
  createAuthChallenge: {
    entry: 'lambdas/auth/create-auth-challenge.ts',
    grants: { tableItems: { actions: ['PutItem', 'UpdateItem'], pkPrefixes: [keys.magicLink('')] }, email: true },
  },
  verifyAuthChallengeResponse: {
    entry: 'lambdas/auth/verify-auth-challenge-response.ts',
    grants: { tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.magicLink('')] } },
  },
  // Claims (and on failure gives back) the welcome e-mail on the customer's ACCOUNT marker.
  postConfirmation: {
    entry: 'lambdas/auth/post-confirmation.ts',
    grants: { tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.customer('')] }, email: true },
  },
} as const satisfies Record<string, { entry: string; grants: FunctionGrants }>;

/** Environment variable names handlers read (parsed once per cold start in lambdas/shared/config.ts). */
export const ENV = {
  stage: 'STAGE',
  tableName: 'TABLE_NAME',
  documentsBucket: 'DOCUMENTS_BUCKET',
  stateMachineArn: 'STATE_MACHINE_ARN',
  emailFrom: 'EMAIL_FROM',
  appUrl: 'APP_URL',
  asaasWebhookToken: 'ASAAS_WEBHOOK_TOKEN',
  /** Magic-link HMAC key, inline (local runtime) … */
  magicLinkSecret: 'MAGIC_LINK_SECRET',
  /** … or the ARN of the Secrets Manager secret holding it (AWS). Exactly one is set. */
  magicLinkSecretArn: 'MAGIC_LINK_SECRET_ARN',
} as const;

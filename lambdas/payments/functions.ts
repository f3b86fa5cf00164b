import { RECONCILIATION_SCHEDULE } from '../../domain/reconciliation.js';
import { TIME_ZONE } from '../../domain/sao-paulo-calendar.js';
import { createChargeRoute, verifyChargeRoute } from '../../domain/api/payments.js';
import { receiveAsaasWebhookRoute } from '../../domain/api/webhooks.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './asaas-timeouts.js';
import { keys } from '../shared/data/keys.js';
import {
  chargeStatusPathGrants,
  items,
  rateLimitPrefixes,
  reconciliationGrants,
  settlementGrant,
  WEBHOOK_THROTTLE,
  type ApiFunction,
  type ScheduledFunction,
} from '../catalogue.js';

/** The payments routes (their handlers in this folder): each with its contract and its grants. */
export const PAYMENT_ROUTES = [
  {
    contract: createChargeRoute,
    entry: 'lambdas/payments/create-charge.ts',
    // start: the charge's workflow; callback: stop the one of an expired charge it replaces. The claim on the contract,
    // the customer's Asaas id on the profile, the process moved on, the charge with its provider pointer, counter and
    // day's money; an expired charge it replaces goes through the status path.
    grants: {
      tableItems: [
        ...chargeStatusPathGrants(),
        items(['PutItem'], keys.providerChargePointer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('asaasReadsGlobal')),
      ],
      asaas: true,
      workflow: 'start-and-callback',
      secrets: ['rateLimitKey'],
      // APP_URL: Asaas's card page sends the customer back to the payment screen.
      appLinks: true,
    },
    // Still shorter than the claim it holds (CHARGE_CLAIM_SECONDS).
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: verifyChargeRoute,
    entry: 'lambdas/payments/verify-charge.ts',
    // rateLimitKey: the per-customer limit of 'Verificar Pagamento' and the global budget of Asaas reads (pattern 43),
    // their own counters only. Asaas's answer goes through the status path.
    grants: {
      tableItems: [
        ...chargeStatusPathGrants(),
        settlementGrant(),
        items(['UpdateItem'], ...rateLimitPrefixes('chargeVerificationsByCustomer', 'asaasReadsGlobal')),
      ],
      asaas: true,
      workflow: 'start-and-callback',
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: receiveAsaasWebhookRoute,
    entry: 'lambdas/payments/receive-asaas-webhook.ts',
    // asaas: a claim that moves money is read back before it is applied.
    // The table: the status path; the charge found by its provider pointer; the event's done-marker (pattern 40) and
    // its count of deliveries Asaas did not confirm yet (pattern 10 b); an orphan payment recorded (its admin alert is
    // the status path's `ADMIN_ALERT#` grant).
    grants: {
      tableItems: [
        ...chargeStatusPathGrants(),
        settlementGrant(),
        items(['GetItem'], keys.providerChargePointer('')),
        items(['GetItem', 'PutItem', 'UpdateItem'], keys.webhookEvent('asaas', '')),
        items(['GetItem', 'Query', 'UpdateItem'], keys.orphanPaymentPk),
      ],
      asaas: true,
      workflow: 'start-and-callback',
      secrets: ['asaasWebhookToken'],
    },
    // Room for the read-back's retries (the Asaas client waits up to 10 s a try).
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
    throttle: WEBHOOK_THROTTLE,
  },
  // A new payments route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];

/** The payments area's scheduled function: the nightly reconciliation. */
export const PAYMENT_SCHEDULED_FUNCTIONS = {
  // The nightly reconciliation with Asaas (docs/decisions.md): lists Asaas's payments and repairs our charges through
  // the webhook's path (table, workflow: resume or start a late payment's execution), records orphan payments and
  // divergences, and raises the admins' report (an admin alert the stream consumer e-mails). At 03:00 in São Paulo: the day's payments are
  // in, nobody is paying, and a morning is left to act on the report.
  ReconcilePayments: {
    entry: 'lambdas/payments/reconcile-payments.ts',
    // The table: the status path; our charges listed by the type and status indexes (patterns 52 a/b: gsi1
    // `TYPE#CHARGE`, gsi2 `CHARGE_STATUS#`) and read in batches with their processes; provider pointers (Asaas's
    // payments matched to ours in batches); orphan payments (as the webhook); its run lease, watermark and divergences;
    // the report and the orphans' alerts through the status path's `ADMIN_ALERT#` grant.
    grants: reconciliationGrants(),
    // 10,000 charges take well under two minutes (npm run bench:reconcile); Lambda's maximum leaves room for Asaas's
    // back-offs (a 429 waits up to a minute) and for the run to stop by itself and report (RunStopped).
    timeoutSeconds: 900,
    schedule: { ...RECONCILIATION_SCHEDULE, timeZone: TIME_ZONE },
  },
} as const satisfies Record<string, ScheduledFunction>;

import { items, type FunctionDefinition } from '../catalogue.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from '../payments/asaas-timeouts.js';
import { keys } from '../shared/data/keys.js';

/** Tasks of the charge → payment → filing state machine (lib/constructs/workflow.ts). */
export const WORKFLOW_TASKS = {
  // Stores its task token on the charge and reads it back.
  AwaitPayment: {
    entry: 'lambdas/workflow/await-payment.ts',
    grants: { tableItems: items(['GetItem', 'UpdateItem'], keys.customer('')), workflow: 'callback' },
  },
  // The process made 'pago' (its history and counter, under a check that the charge is paid still); the payer's
  // referral made paid in the referrer's partition: found through the profile-id pointer, by its key or, after an
  // e-mail change, by a Query of the referrer's referrals (markReferralPaid), the charge marked, the referrer's counts
  // and reward; the referrals counter. conversions: the purchase for the ad platforms, once per charge (its marker).
  // asaas: the payment's nota fiscal scheduled once (pattern 91, in the customer's partition), and the admins' alert
  // (pattern 49) when Asaas would not.
  ConfirmPayment: {
    entry: 'lambdas/workflow/confirm-payment.ts',
    grants: {
      tableItems: [
        items(['GetItem', 'Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], keys.customer('')),
        items(['GetItem'], keys.profileIdPointer('')),
        items(['UpdateItem'], keys.counterPk),
        items(['PutItem'], keys.purchaseConversion(''), keys.adminAlert('')),
      ],
      email: true,
      conversions: true,
      asaas: true,
    },
    // The nota's creation at Asaas, with the client's retries.
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  // Reads the paid process only.
  StartFiling: {
    entry: 'lambdas/workflow/start-filing.ts',
    grants: { tableItems: items(['GetItem'], keys.customer('')) },
  },
  // Tells the admins about a paid process not filed by its deadline: an admin alert (pattern 49) the stream consumer
  // e-mails.
  CheckFiling: {
    entry: 'lambdas/workflow/check-filing.ts',
    // The process and contract it reads; the alert and its reference in the customer's partition.
    grants: {
      tableItems: [items(['GetItem', 'PutItem'], keys.customer('')), items(['PutItem'], keys.adminAlert(''))],
    },
  },
  // A new task: its entry goes here, at the end.
} as const satisfies Record<string, FunctionDefinition>;
export type WorkflowTaskName = keyof typeof WORKFLOW_TASKS;

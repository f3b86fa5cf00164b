import type { FunctionDefinition } from '../catalogue.js';
import { keys } from '../shared/data/keys.js';

/**
 * Functions EventBridge invokes for events of AWS services (lib/constructs/email.ts): SES's bounces and complaints from
 * the configuration set every e-mail is sent through.
 */
export const EVENT_FUNCTIONS = {
  // Writes only the suppression records of pattern 64.
  ReceiveEmailFeedback: {
    entry: 'lambdas/email/receive-email-feedback.ts',
    grants: { tableItems: { actions: ['PutItem'], pkPrefixes: [keys.emailSuppression('')] } },
  },
} as const satisfies Record<string, FunctionDefinition>;
export type EventFunctionName = keyof typeof EVENT_FUNCTIONS;

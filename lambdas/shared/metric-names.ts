/**
 * The catalogue of the product's own CloudWatch metrics: the functions emit them (lambdas/shared/metrics.ts, as
 * Embedded Metric Format log lines), the alarms and the dashboard read them (lib/constructs/observability.ts). One
 * home for every name, so an alarm can never watch a metric nobody emits. No imports: CDK reads this file too.
 */

/** The CloudWatch namespace of every business and failure count. */
export const METRICS_NAMESPACE = 'Baixa';
/** Powertools adds this as the `service` dimension of every metric; alarms and graphs must name it to match. */
export const METRICS_SERVICE = 'baixa';

export const METRIC = {
  // The funnel, in the order a customer goes through it.
  signUps: 'SignUps',
  profilesCreated: 'ProfilesCreated',
  contractsSigned: 'ContractsSigned',
  chargesCreated: 'ChargesCreated',
  paymentsConfirmed: 'PaymentsConfirmed',
  processesFiled: 'ProcessesFiled',
  removalsGranted: 'RemovalsGranted',
  nadaConstaIssued: 'NadaConstaIssued',
  // Money that needs a person.
  latePayments: 'LatePayments',
  orphanPayments: 'OrphanPayments',
  refunds: 'Refunds',
  reconciliationDivergences: 'ReconciliationDivergences',
  // The court sync (DataJud): movements stored, and filed cases DataJud has not answered about for two days.
  courtMovementsStored: 'CourtMovementsStored',
  courtCasesUnanswered: 'CourtCasesUnanswered',
  // Reminders of unpaid charges and missing documents sent (e-mail, and WhatsApp with consent).
  remindersSent: 'RemindersSent',
  // Asaas's webhook deliveries: applied (or known duplicates), refused at the door, or about a payment we do not have.
  webhooksAccepted: 'WebhooksAccepted',
  webhooksRejected: 'WebhooksRejected',
  webhooksUnknownCharge: 'WebhooksUnknownCharge',
  // Failures a customer may feel.
  asaasUnavailable: 'AsaasUnavailable',
  emailsFailed: 'EmailsFailed',
  browserErrors: 'BrowserErrors',
  rateLimited: 'RateLimited',
  streamRecordsFailed: 'StreamRecordsFailed',
  /**
   * A route answered 500 (dimension `route`: the contract id). The API wrapper turns every failure into an answer, so
   * Lambda's own Errors metric never sees these.
   */
  routeFailures: 'RouteFailures',
} as const;

/** The dimension RouteFailures carries besides `service`. */
export const ROUTE_DIMENSION = 'route';
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

/**
 * Routes whose success is itself the business event, counted by the API wrapper on a 2xx answer (each refuses a
 * repeat with a 4xx, so a 2xx is never a second count of the same thing). Keyed by route contract id.
 */
export const ROUTE_SUCCESS_METRICS: Readonly<Partial<Record<string, MetricName>>> = {
  CreateProfile: METRIC.profilesCreated,
  SignContract: METRIC.contractsSigned,
  // Each accepted report (202) is one error a customer's browser met.
  ReportBrowserError: METRIC.browserErrors,
};

/** Cognito trigger sources whose success is the business event, counted by the trigger wrapper. */
export const TRIGGER_SOURCE_METRICS: Readonly<Partial<Record<string, MetricName>>> = {
  // ConfirmForgotPassword fires the same trigger; only a confirmed sign-up is a new customer.
  PostConfirmation_ConfirmSignUp: METRIC.signUps,
};

/** Process statuses an admin sets that are funnel steps, counted when a process moves into them. */
export const PROCESS_STATUS_METRICS: Readonly<Partial<Record<string, MetricName>>> = {
  peticionado: METRIC.processesFiled,
  baixa_deferida: METRIC.removalsGranted,
};

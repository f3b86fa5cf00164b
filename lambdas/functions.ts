/**
 * The catalogue of every Lambda function: API routes, workflow tasks and Cognito triggers.
 * The CDK app (lib/) and the local runtime (local/) both read it, so a function, its route and its grants are
 * declared once and can never drift between AWS and this machine. A route's method, path and access come from its
 * contract in `domain/api/`; the catalogue adds only where the handler lives and what it may reach.
 *
 * Handlers never import this file: a bundle would carry every contract of the API.
 */
import { getAdminSummaryRoute } from '../domain/api/admin.js';
import { getAdminTodayRoute } from '../domain/api/admin-today.js';
import { listAdminInvoiceProblemsRoute, retryAdminInvoiceRoute } from '../domain/api/admin-invoices.js';
import {
  deleteAdminClientRoute,
  getAdminClientRoute,
  getAdminContractPdfRoute,
  listAdminClientsRoute,
} from '../domain/api/admin-clients.js';
import {
  getAdminFinanceSummaryRoute,
  listAdminChargesRoute,
  listOrphanPaymentsRoute,
  markAdminChargePaidRoute,
  refundAdminChargeRoute,
  refundOrphanPaymentRoute,
  verifyAdminChargeRoute,
} from '../domain/api/admin-finance.js';
import { changeAdminProcessStatusRoute, listAdminProcessesRoute } from '../domain/api/admin-processes.js';
import { getAdminReconciliationRoute, runAdminReconciliationRoute } from '../domain/api/admin-reconciliation.js';
import { listAdminReferralsRoute } from '../domain/api/admin-referrals.js';
import { searchAdminRoute } from '../domain/api/admin-search.js';
import { reportBrowserErrorRoute } from '../domain/api/browser-errors.js';
import { unsubscribeInvitesRoute } from '../domain/api/invite-unsubscribe.js';
import {
  cancelContractRoute,
  downloadContractByLinkRoute,
  getContractPdfRoute,
  signContractRoute,
} from '../domain/api/contracts.js';
import { recordConversionRoute } from '../domain/api/conversions.js';
import { CONVERSION_RATE_LIMIT } from '../domain/conversion-events.js';
import { RECONCILIATION_AUDIT_SUBJECT, RECONCILIATION_SCHEDULE } from '../domain/reconciliation.js';
import { TIME_ZONE } from '../domain/sao-paulo-calendar.js';
import { FILED_PROCESS_STATUSES } from '../domain/process-status.js';
import { getDashboardRoute } from '../domain/api/dashboard.js';
import { getFilingDocumentRoute } from '../domain/api/filing-documents.js';
import {
  executeErasureRequestRoute,
  exportMyDataRoute,
  getMyErasureRequestRoute,
  listErasureRequestsRoute,
  requestErasureRoute,
} from '../domain/api/data-rights.js';
import {
  confirmKitUploadRoute,
  createKitUploadRoute,
  getAdminKitFileRoute,
  getMyKitFileRoute,
  getMyKitRoute,
  reviewKitItemRoute,
} from '../domain/api/filing-kit.js';
import { getHealthRoute } from '../domain/api/health.js';
import { lookupProcessRoute } from '../domain/api/lookup.js';
import { issueNadaConstaRoute, verifyNadaConstaRoute } from '../domain/api/nada-consta.js';
import { lookupPostalCodeRoute } from '../domain/api/postal-codes.js';
import { createChargeRoute, verifyChargeRoute } from '../domain/api/payments.js';
import { createProfileRoute, getProfileRoute, updateProfileRoute } from '../domain/api/profile.js';
import { startFreeRenewalRoute, startPaidRenewalRoute } from '../domain/api/renewals.js';
import { getReferralsRoute, inviteReferralRoute } from '../domain/api/referrals.js';
import type { RouteContract } from '../domain/api/route.js';
import { receiveAsaasWebhookRoute } from '../domain/api/webhooks.js';
import {
  answerAdminClientWhatsAppReplyRoute,
  getAdminClientWhatsAppRoute,
  getMyWhatsAppRoute,
  receiveWhatsAppWebhookRoute,
  setMyWhatsAppRoute,
  verifyWhatsAppWebhookRoute,
} from '../domain/api/whatsapp.js';
import { RATE_LIMITS } from '../domain/rate-limits.js';
import { REMINDER_SCHEDULE } from '../domain/reminders.js';
import type { FunctionGrants, SecretName, TableItemAction, TableItemsGrant } from './grants.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from './payments/asaas-timeouts.js';
import { keys } from './shared/data/keys.js';

export type { FunctionGrants } from './grants.js';

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

const ROUTES = [
  { contract: getHealthRoute, entry: 'lambdas/health/get-health.ts', grants: {} },
  { contract: getDashboardRoute, entry: 'lambdas/dashboard/get-dashboard.ts', grants: { table: 'read' } },
  // The caller's profile item only.
  {
    contract: getProfileRoute,
    entry: 'lambdas/profile/get-profile.ts',
    grants: { tableItems: items(['GetItem'], keys.customer('')) },
  },
  {
    contract: createProfileRoute,
    entry: 'lambdas/profile/create-profile.ts',
    // Pattern 3: the profile, its guards (document, referral code, profile id), its first contract with its protocol
    // pointer and process, the search tokens and counters, under a check of the deleted-user marker (pattern 62). The
    // sign-up's referral (pattern 34): the invite's pointer or the code's guard read, the referrer's profile and
    // referral read, the referral created or moved in the referrer's partition, with its search token.
    grants: {
      tableItems: [
        items(['GetItem', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['GetItem'], keys.invitePointer(''), keys.referralCodeGuard('')),
        items(
          ['PutItem'],
          keys.documentGuard(''),
          keys.referralCodeGuard(''),
          keys.profileIdPointer(''),
          keys.protocolPointer(''),
          keys.searchPartition('CLIENT', ''),
          keys.searchPartition('REFERRAL', ''),
        ),
        items(['ConditionCheckItem'], keys.deletedUser('')),
        items(['UpdateItem'], keys.counterPk),
      ],
    },
  },
  {
    contract: updateProfileRoute,
    entry: 'lambdas/profile/update-profile.ts',
    // Pattern 4: the profile read and updated under its version, its admin-search tokens swapped.
    grants: {
      tableItems: [
        items(['GetItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem', 'DeleteItem'], keys.searchPartition('CLIENT', '')),
      ],
    },
  },
  { contract: lookupPostalCodeRoute, entry: 'lambdas/profile/lookup-postal-code.ts', grants: { postalCode: true } },
  {
    contract: signContractRoute,
    entry: 'lambdas/contracts/sign-contract.ts',
    // The customer's contract, process and profile read (pattern 7: a Query of the contract's range, the profile by
    // key); one transaction: the contract signed, the process moved with its history, the profile's `has_contract`,
    // the process and clients counters. The signed PDF in the bucket, the customer's e-mail with its signed link to
    // the PDF (contractLinkKey).
    grants: {
      tableItems: [
        items(['GetItem', 'Query', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['UpdateItem'], keys.counterPk),
      ],
      documents: 'readwrite',
      email: true,
      secrets: ['contractLinkKey'],
    },
  },
  {
    contract: getContractPdfRoute,
    entry: 'lambdas/contracts/get-contract-pdf.ts',
    // Pattern 67: the caller's contract item; a presigned link to its PDF (signing the link needs s3:GetObject).
    grants: { tableItems: items(['GetItem'], keys.customer('')), documents: 'read' },
  },
  {
    contract: getFilingDocumentRoute,
    entry: 'lambdas/documents/get-filing-document.ts',
    // Pattern 2: the caller's profile item, which the procuração or declaração is generated from; the company identity
    // (`appLinks`) names the lawyers it appoints.
    grants: { tableItems: items(['GetItem'], keys.customer('')), appLinks: true },
  },
  {
    contract: downloadContractByLinkRoute,
    entry: 'lambdas/contracts/download-contract-by-link.ts',
    // Pattern 67 for the contract the e-mail's signed token names; the key that checks the token.
    grants: {
      tableItems: items(['GetItem'], keys.customer('')),
      documents: 'read',
      secrets: ['contractLinkKey'],
    },
  },
  {
    contract: cancelContractRoute,
    entry: 'lambdas/contracts/cancel-contract.ts',
    // The cancellation's transaction (contract, process, history, counters, audit, a free renewal's credit), the
    // refund or removal at Asaas through the webhook's status path, the waiting workflow stopped, the customer's e-mail.
    grants: {
      tableItems: cancellationGrants(),
      asaas: true,
      workflow: 'start-and-callback',
      email: true,
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
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
  { contract: startFreeRenewalRoute, entry: 'lambdas/renewals/start-free-renewal.ts', grants: renewalGrants() },
  { contract: startPaidRenewalRoute, entry: 'lambdas/renewals/start-paid-renewal.ts', grants: renewalGrants() },
  { contract: getReferralsRoute, entry: 'lambdas/referrals/get-referrals.ts', grants: { table: 'read' } },
  {
    contract: inviteReferralRoute,
    entry: 'lambdas/referrals/invite-referral.ts',
    // Reads the friend's opt-out (pattern 65) and the caller's profile; counts its own rate limits (pattern 43); writes
    // the referral (under a check of the profile), its invite pointer, search token and counter, or takes them back
    // when the e-mail fails (pattern 33). E-mails the invited friend, once (pattern 66: its marker beside the referral).
    grants: {
      tableItems: [
        items(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'], keys.customer('')),
        items(['GetItem'], keys.inviteOptOut('')),
        items(['PutItem', 'DeleteItem'], keys.invitePointer(''), keys.searchPartition('REFERRAL', '')),
        items(['UpdateItem'], keys.counterPk),
        items(
          ['UpdateItem'],
          ...rateLimitPrefixes('referralInvitesByCustomer', 'referralInvitesByCustomerDaily', 'referralInvitesGlobal'),
        ),
      ],
      email: true,
      secrets: ['rateLimitKey'],
    },
  },
  { contract: getAdminSummaryRoute, entry: 'lambdas/admin/get-admin-summary.ts', grants: { table: 'read' } },
  // 'Hoje': index queries of the statuses work waits in, the divergences, orphan payments and erasure requests.
  { contract: getAdminTodayRoute, entry: 'lambdas/admin/today/get-admin-today.ts', grants: { table: 'read' } },
  { contract: listAdminClientsRoute, entry: 'lambdas/admin/clients/list-admin-clients.ts', grants: { table: 'read' } },
  { contract: getAdminClientRoute, entry: 'lambdas/admin/clients/get-admin-client.ts', grants: { table: 'read' } },
  // Pattern 86 (search tokens, profiles, each client's collection) and pattern 27's pointer.
  { contract: searchAdminRoute, entry: 'lambdas/admin/search/search-admin.ts', grants: { table: 'read' } },
  {
    contract: getAdminContractPdfRoute,
    entry: 'lambdas/admin/clients/get-admin-contract-pdf.ts',
    // The profile id's pointer, then pattern 67 under its owner; a presigned link to the PDF (s3:GetObject).
    grants: { tableItems: items(['GetItem'], keys.profileIdPointer(''), keys.customer('')), documents: 'read' },
  },
  {
    contract: deleteAdminClientRoute,
    entry: 'lambdas/admin/clients/delete-admin-client.ts',
    // Pattern 28: the client's payments and customer at Asaas first, their running workflow executions (describe +
    // stop only), every item of the client (any partition their pointers name), their documents with every version
    // (list + delete only) and their Cognito user (after checking it is not an admin).
    grants: {
      table: 'erase',
      documents: 'erase',
      userPool: 'manage',
      asaas: true,
      workflow: 'stop',
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: 29,
  },
  {
    contract: listAdminProcessesRoute,
    entry: 'lambdas/admin/processes/list-admin-processes.ts',
    grants: { table: 'read' },
  },
  {
    contract: listAdminReferralsRoute,
    entry: 'lambdas/admin/referrals/list-admin-referrals.ts',
    grants: { table: 'read' },
  },
  {
    contract: changeAdminProcessStatusRoute,
    entry: 'lambdas/admin/processes/change-admin-process-status.ts',
    // One transaction: the process and its history (the customer's partition), the counters and the audit record;
    // a filing's CNJ number as a search token (pattern 86).
    grants: adminTableWrites(keys.searchPartition('CLIENT', '')),
  },
  { contract: listAdminChargesRoute, entry: 'lambdas/admin/finance/list-admin-charges.ts', grants: { table: 'read' } },
  {
    contract: getAdminReconciliationRoute,
    entry: 'lambdas/admin/finance/get-admin-reconciliation.ts',
    grants: { table: 'read' },
  },
  {
    contract: getAdminFinanceSummaryRoute,
    entry: 'lambdas/admin/finance/get-admin-finance-summary.ts',
    grants: { table: 'read' },
  },
  {
    contract: markAdminChargePaidRoute,
    entry: 'lambdas/admin/finance/mark-admin-charge-paid.ts',
    // The webhook's confirmation path: the charge, the counters, the day's money and the audit record; resumes the
    // waiting workflow (or starts a late payment's).
    grants: { ...adminTableWrites(keys.financeDayPk), workflow: 'start-and-callback' },
  },
  {
    contract: verifyAdminChargeRoute,
    entry: 'lambdas/admin/finance/verify-admin-charge.ts',
    // 'Marcar pago''s writes, and the status path's alert (pattern 49): a refund or chargeback it finds on a filed
    // process is told to the admins, as when the webhook brings it; the settlement of money a cancelled contract
    // holds (its lease). The global budget of Asaas reads (pattern 43).
    grants: {
      table: 'read',
      tableItems: [
        adminItemWrites(keys.financeDayPk),
        items(['PutItem'], keys.adminAlert('')),
        items(['UpdateItem'], ...rateLimitPrefixes('asaasReadsGlobal')),
        settlementGrant(),
      ],
      asaas: true,
      workflow: 'start-and-callback',
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: refundAdminChargeRoute,
    entry: 'lambdas/admin/finance/refund-admin-charge.ts',
    // The withdrawal's path: the cancellation's transaction (contract, process, history, counters, audit), the refund
    // at Asaas through the webhook's status path (charge, reversal of the referral and reward, admin alerts). The
    // answer's row reads the profile and contract with one BatchGetItem (rowContextOf). Its other two kinds need no
    // more: a manual refund (pattern 68c: the charge updated under a check of the contract, audited) and a duplicate
    // payment's refund (the status path, audited).
    grants: {
      tableItems: cancellationGrants(['BatchGetItem']),
      asaas: true,
      workflow: 'start-and-callback',
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: listOrphanPaymentsRoute,
    entry: 'lambdas/admin/finance/list-orphan-payments.ts',
    grants: { table: 'read' },
  },
  {
    contract: refundOrphanPaymentRoute,
    entry: 'lambdas/admin/finance/refund-orphan-payment.ts',
    // The orphan item and its audit record.
    grants: {
      table: 'read',
      tableItems: { actions: ['PutItem', 'UpdateItem'], pkPrefixes: [keys.orphanPaymentPk, keys.audit('')] },
      asaas: true,
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: lookupProcessRoute,
    entry: 'lambdas/lookup/lookup-process.ts',
    // Reads the lookup's pointers (patterns 5 and 6) and the customer's collection; counts only its own rate limits
    // (pattern 43).
    grants: {
      tableItems: [
        items(['GetItem'], keys.documentGuard(''), keys.protocolPointer('')),
        items(['Query'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('lookupByAddress', 'lookupByQuery')),
      ],
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: issueNadaConstaRoute,
    entry: 'lambdas/certificates/issue-nada-consta.ts',
    // The protocol's pointer, the customer's profile, process and certificate (pattern 44), a new certificate and its
    // code pointer written under a check of the process; its own counters. Reads and writes the PDFs; e-mails the
    // customer.
    grants: {
      tableItems: [
        items(['GetItem'], keys.protocolPointer(''), keys.customer('')),
        // UpdateItem: the e-mail's record in the customer's case file (pattern 84). One statement per condition: IAM
        // merges statements of the same partition-key condition.
        items(['BatchGetItem', 'ConditionCheckItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem'], keys.customer(''), keys.certificatePointer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('nadaConstaByAddress', 'nadaConstaByProtocol')),
      ],
      documents: 'readwrite',
      email: true,
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: verifyNadaConstaRoute,
    entry: 'lambdas/certificates/verify-nada-consta.ts',
    // Pattern 45: the code's pointer, then the certificate and its process; its own counters.
    grants: {
      tableItems: [
        items(['GetItem'], keys.certificatePointer('')),
        items(['BatchGetItem'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('verificationByAddress')),
      ],
      secrets: ['rateLimitKey'],
    },
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
  {
    contract: recordConversionRoute,
    entry: 'lambdas/conversions/record-conversion.ts',
    // Only its own per-address counters (pattern 43), and the ad platforms.
    grants: {
      tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.rateLimitScope(CONVERSION_RATE_LIMIT.scope)] },
      conversions: true,
      secrets: ['rateLimitKey'],
    },
  },
  // LGPD self-service (lambdas/data-rights). The export reads the caller's partition, audit trail and markers, and
  // signs links to their PDFs.
  {
    contract: exportMyDataRoute,
    entry: 'lambdas/data-rights/export-my-data.ts',
    grants: { table: 'read', documents: 'read' },
  },
  {
    contract: getMyErasureRequestRoute,
    entry: 'lambdas/data-rights/get-my-erasure-request.ts',
    grants: { table: 'read' },
  },
  {
    contract: requestErasureRoute,
    entry: 'lambdas/data-rights/request-erasure.ts',
    // Writes only the request and the customer's open-request guard; e-mails its protocol once, under its marker in
    // the request's partition (pattern 66: claimed and completed by UpdateItem).
    grants: {
      table: 'read',
      tableItems: [
        items(['PutItem'], keys.erasureRequest(''), keys.openErasureRequest('')),
        // The request's marker; the e-mail's record in the customer's case file (pattern 84).
        items(['UpdateItem'], keys.erasureRequest(''), keys.customer('')),
      ],
      email: true,
    },
  },
  {
    contract: listErasureRequestsRoute,
    entry: 'lambdas/data-rights/list-erasure-requests.ts',
    grants: { table: 'read' },
  },
  {
    contract: executeErasureRequestRoute,
    entry: 'lambdas/data-rights/execute-erasure-request.ts',
    // The client's deletion (pattern 28, the same grants as DeleteAdminClient) and the request's own items.
    grants: {
      table: 'erase',
      documents: 'erase',
      userPool: 'manage',
      asaas: true,
      workflow: 'stop',
      secrets: ['rateLimitKey'],
    },
    timeoutSeconds: 29,
  },
  {
    contract: reportBrowserErrorRoute,
    entry: 'lambdas/browser-errors/report-browser-error.ts',
    // Only its own counters (pattern 43): per address and the global cap. It logs; it stores no report.
    grants: {
      tableItems: {
        actions: ['UpdateItem'],
        pkPrefixes: rateLimitPrefixes('browserErrorsByAddress', 'browserErrorsGlobal'),
      },
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: unsubscribeInvitesRoute,
    entry: 'lambdas/referrals/unsubscribe-invites.ts',
    // Reads the invite pointer (pattern 33); writes only the opt-out (pattern 65) and its own counters (pattern 43).
    grants: {
      table: 'read',
      tableItems: {
        actions: ['PutItem', 'UpdateItem'],
        pkPrefixes: [keys.inviteOptOut(''), ...rateLimitPrefixes('inviteUnsubscribesByAddress')],
      },
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: getMyKitRoute,
    entry: 'lambdas/kit/get-my-kit.ts',
    // Pattern 1's Query of the caller's own partition (the kit items are in it).
    grants: { tableItems: items(['Query'], keys.customer('')) },
  },
  {
    contract: createKitUploadRoute,
    entry: 'lambdas/kit/create-kit-upload.ts',
    // Reads the caller's partition, counts its uploads (pattern 43) and signs the POST policy, which S3 authorizes as
    // this function's role: hence its PutObject on the customers' prefix.
    grants: {
      tableItems: [
        items(['Query'], keys.customer('')),
        items(['UpdateItem'], ...rateLimitPrefixes('kitUploadsByCustomer')),
      ],
      documents: 'kit',
      secrets: ['rateLimitKey'],
    },
  },
  {
    contract: confirmKitUploadRoute,
    entry: 'lambdas/kit/confirm-kit-upload.ts',
    // Patterns 69–70 in the caller's partition; the scan's tag, the original, the converted PDFs. Decoding a 12 MP
    // photo in JavaScript takes a few hundred MB and seconds: more memory (and so CPU), and the gateway's 29 s.
    grants: {
      tableItems: items(['Query', 'GetItem', 'PutItem'], keys.customer('')),
      documents: 'kit',
    },
    memorySize: 1769,
    timeoutSeconds: 29,
  },
  {
    contract: getAdminKitFileRoute,
    entry: 'lambdas/kit/get-admin-kit-file.ts',
    // The client by profile id, the item (pattern 69), 'Em análise' (pattern 71); a signed link to the file.
    grants: {
      tableItems: [
        items(['GetItem'], keys.profileIdPointer('')),
        items(['Query', 'GetItem', 'UpdateItem'], keys.customer('')),
      ],
      documents: 'read',
    },
  },
  {
    contract: reviewKitItemRoute,
    entry: 'lambdas/kit/review-kit-item.ts',
    // Pattern 72 (the item and its audit record), the refusal's e-mail once (pattern 66), and the move to 'em_analise'
    // (pattern 13: the process, its history, the counters).
    grants: {
      tableItems: [
        items(['GetItem'], keys.profileIdPointer('')),
        items(['Query', 'GetItem', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem'], keys.audit('')),
        items(['UpdateItem'], keys.counterPk),
        items(['UpdateItem'], keys.whatsappMessagePointer('')),
      ],
      email: true,
      // The refusal's WhatsApp once, with consent (patterns 94, 95 and the message id's pointer, 96).
      whatsapp: true,
    },
  },
  {
    contract: getMyKitFileRoute,
    entry: 'lambdas/kit/get-my-kit-file.ts',
    // The caller's own partition (pattern 1's Query, the item by key: pattern 69); an original's scan tag, then a signed
    // link, only under the customers' prefix.
    grants: {
      tableItems: items(['Query', 'GetItem'], keys.customer('')),
      documents: 'kitRead',
    },
  },

  // Notas fiscais with a problem (pattern 93), each row's contract read for its protocol.
  {
    contract: listAdminInvoiceProblemsRoute,
    entry: 'lambdas/admin/invoices/list-admin-invoice-problems.ts',
    grants: { table: 'read' },
  },
  {
    contract: retryAdminInvoiceRoute,
    entry: 'lambdas/admin/invoices/retry-admin-invoice.ts',
    // The nota (pattern 92) and its charge and contract in the customer's partition, its creation lease, the admins'
    // alert when it fails again (pattern 49), the audit record; the nota at Asaas.
    grants: {
      tableItems: [
        items(['GetItem', 'PutItem', 'UpdateItem'], keys.customer('')),
        items(['PutItem'], keys.adminAlert(''), keys.audit('')),
      ],
      asaas: true,
    },
    timeoutSeconds: ASAAS_CALLER_TIMEOUT_SECONDS,
  },
  {
    contract: getMyWhatsAppRoute,
    entry: 'lambdas/whatsapp/get-my-whatsapp.ts',
    // Pattern 94 and the profile's WhatsApp (pattern 2); the company's brand names who writes (`appLinks`).
    grants: { tableItems: items(['GetItem'], keys.customer('')), appLinks: true },
  },
  {
    contract: setMyWhatsAppRoute,
    entry: 'lambdas/whatsapp/set-my-whatsapp.ts',
    // Pattern 94: the consent granted (with the number's pointer, for the replies) or withdrawn.
    grants: {
      tableItems: [
        items(['GetItem', 'UpdateItem'], keys.customer('')),
        items(['UpdateItem'], keys.whatsappPhonePointer('')),
      ],
      appLinks: true,
    },
  },
  {
    contract: getAdminClientWhatsAppRoute,
    entry: 'lambdas/whatsapp/get-admin-client-whatsapp.ts',
    // Pattern 21's pointer, then patterns 94–97 in one Query of the customer's partition, and the profile.
    grants: {
      tableItems: [items(['GetItem'], keys.profileIdPointer('')), items(['GetItem', 'Query'], keys.customer(''))],
    },
  },
  {
    contract: answerAdminClientWhatsAppReplyRoute,
    entry: 'lambdas/whatsapp/answer-admin-client-whatsapp-reply.ts',
    // Pattern 21's pointer; pattern 97's reply marked answered (out of the sparse index).
    grants: {
      tableItems: [items(['GetItem'], keys.profileIdPointer('')), items(['UpdateItem'], keys.customer(''))],
    },
  },
  {
    contract: verifyWhatsAppWebhookRoute,
    entry: 'lambdas/whatsapp/verify-whatsapp-webhook.ts',
    // Only the token Meta echoes.
    grants: { secrets: ['whatsappVerifyToken'] },
    throttle: WEBHOOK_THROTTLE,
  },
  {
    contract: receiveWhatsAppWebhookRoute,
    entry: 'lambdas/whatsapp/receive-whatsapp-webhook.ts',
    // The app secret checks every post first. Pattern 96: a status through the message id's pointer onto the message
    // in the customer's partition; pattern 97: a reply's customer through the number's pointer, the reply stored, a
    // 'SAIR' withdrawing the consent (94) and confirmed (whatsapp); the brand names the company (`appLinks`).
    grants: {
      tableItems: [
        items(['GetItem'], keys.whatsappMessagePointer(''), keys.whatsappPhonePointer('')),
        items(['UpdateItem'], keys.customer('')),
      ],
      whatsapp: true,
      appLinks: true,
      secrets: ['whatsappAppSecret'],
    },
    throttle: WEBHOOK_THROTTLE,
  },
  {
    contract: runAdminReconciliationRoute,
    entry: 'lambdas/admin/finance/run-admin-reconciliation.ts',
    // 'Executar agora': the nightly run's own grants, and the audit record of who started it (AUDIT#RECONCILIATION).
    grants: {
      ...reconciliationGrants(),
      tableItems: [...reconciliationGrants().tableItems, items(['PutItem'], keys.audit(RECONCILIATION_AUDIT_SUBJECT))],
    },
    // Within the gateway's 29 s: the run reads Asaas for 18 s, then settles, records and answers.
    timeoutSeconds: 29,
  },
] as const satisfies readonly ApiFunction[];
export type ApiRouteId = (typeof ROUTES)[number]['contract']['id'];

/** A `tableItems` grant: these actions on items whose partition key starts with one of these prefixes. */
function items(actions: readonly TableItemAction[], ...pkPrefixes: string[]): TableItemsGrant {
  return { actions, pkPrefixes };
}

/**
 * The reconciliation's grants (the nightly run's and 'Executar agora''s, one code): the status path; our charges listed
 * by the type and status indexes (patterns 52 a/b) and read in batches with their processes; provider pointers; orphan
 * payments and their alert lease (as the webhook); its run lease, report, watermark and divergences.
 */
function reconciliationGrants() {
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
 * The admin routes that change a customer's records: read anything (their screens), write only the customer's items,
 * the counters and the audit trail, plus what a route names (the day's money).
 */
function adminTableWrites(...more: string[]): FunctionGrants {
  return { table: 'read', tableItems: adminItemWrites(...more) };
}

/** `adminTableWrites`'s item writes alone, for a route that adds a statement of its own. */
function adminItemWrites(...more: string[]): TableItemsGrant {
  return items(['PutItem', 'UpdateItem'], keys.customer(''), keys.counterPk, keys.audit(''), ...more);
}

/**
 * A renewal (patterns 36 and 37): reads the customer's collection, takes the day's protocol number, and writes the new
 * contract, its process and protocol pointer, the profile's counts (or its free renewal), the parent contract's link,
 * under a check of the parent's process, and the process counter.
 */
function renewalGrants(): FunctionGrants {
  return {
    tableItems: [
      items(['Query', 'PutItem', 'UpdateItem', 'ConditionCheckItem'], keys.customer('')),
      // The protocol's pointer and its search tokens (pattern 86).
      items(['PutItem'], keys.protocolPointer(''), keys.searchPartition('CLIENT', '')),
      items(['UpdateItem'], keys.counterPk),
    ],
  };
}

/**
 * The charge status path (charge-status-service.ts: `applyProviderStatus`), shared by every function that applies
 * Asaas's word on a charge: the charge moved (the customer's partition, read by key or by a Query of the contract's
 * charges), its counter and the day's money; a paid charge's process; a refund's reversal: the process moved back, the
 * payer's referral and the referrer's reward in the referrer's partition, under a check of the charge, and the admins'
 * alert (pattern 49). No index: the status index (gsi2) keys are written, never queried here. `moreCustomerActions`
 * joins the `CUSTOMER#` statement (IAM policies merge statements of the same condition, so it cannot be one apart).
 */
function chargeStatusPathGrants(moreCustomerActions: readonly TableItemAction[] = []): TableItemsGrant[] {
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
function cancellationGrants(moreCustomerActions: readonly TableItemAction[] = []): TableItemsGrant[] {
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
function settlementGrant(): TableItemsGrant {
  return items(['GetItem', 'PutItem', 'DeleteItem'], keys.chargeSettlement(''));
}

/** The key prefixes of some rate-limit rules' counters: a function may count only its own rules. */
function rateLimitPrefixes(...rules: (keyof typeof RATE_LIMITS)[]): string[] {
  return rules.map((rule) => keys.rateLimitScope(RATE_LIMITS[rule].scope));
}

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
} as const satisfies Record<string, FunctionDefinition>;
export type WorkflowTaskName = keyof typeof WORKFLOW_TASKS;

/**
 * The live channel: the WebSocket API's $connect / $disconnect, and the one consumer of the table's stream that tells
 * customers about changes (pushes to their open screens, the 'status-update' e-mail).
 */
export const LIVE_FUNCTIONS = {
  // Verifies the id token itself and writes the connection and its pointer (pattern 39), nothing else.
  connectLive: {
    entry: 'lambdas/live/connect.ts',
    grants: {
      tableItems: { actions: ['PutItem'], pkPrefixes: [keys.customer(''), keys.connectionPointer('')] },
      tokens: true,
    },
  },
  disconnectLive: {
    entry: 'lambdas/live/disconnect.ts',
    grants: {
      tableItems: { actions: ['GetItem', 'DeleteItem'], pkPrefixes: [keys.customer(''), keys.connectionPointer('')] },
    },
  },
  publishChanges: {
    entry: 'lambdas/live/publish-changes.ts',
    // userPool: the admins' addresses, for the admin alerts (pattern 49) it e-mails.
    // whatsapp: the status notices' WhatsApp twins, once, with consent (patterns 94–96).
    grants: { table: 'readwrite', email: true, push: true, userPool: 'read', whatsapp: true },
  },
} as const satisfies Record<string, FunctionDefinition>;
export type LiveFunctionName = keyof typeof LIVE_FUNCTIONS;

/** Cognito user-pool triggers. */
export const AUTH_TRIGGERS = {
  // Writes only the last recovery request of a user (its one-a-minute limit); its e-mails link to the SPA.
  customMessage: {
    entry: 'lambdas/auth/custom-message.ts',
    grants: { tableItems: { actions: ['PutItem'], pkPrefixes: [keys.recoveryRequest('')] }, appLinks: true },
  },
  // Magic link (CUSTOM_AUTH). Create and Verify also read the signing key and touch only magic-link records: Create
  // replaces one (and gives it back if its e-mail fails), Verify uses it up. Both read the pool: admins get no links.
  defineAuthChallenge: { entry: 'lambdas/auth/define-auth-challenge.ts', grants: {} },
  createAuthChallenge: {
    entry: 'lambdas/auth/create-auth-challenge.ts',
    grants: {
      // The link's record; the e-mail's record in the customer's case file (pattern 84).
      tableItems: [
        { actions: ['PutItem', 'UpdateItem'], pkPrefixes: [keys.magicLink('')] },
        { actions: ['UpdateItem'], pkPrefixes: [keys.customer('')] },
      ],
      email: true,
      secrets: ['magicLinkKey'],
      ownUserPool: 'read',
    },
  },
  verifyAuthChallengeResponse: {
    entry: 'lambdas/auth/verify-auth-challenge-response.ts',
    grants: {
      tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.magicLink('')] },
      secrets: ['magicLinkKey'],
      ownUserPool: 'read',
    },
  },
  // The admins' second-factor claim on their id tokens (sign-in and refresh); reads an admin's MFA settings. A confirmed
  // change of e-mail (pattern 63) reaches the profile, its search tokens and the copies on the referrals the customer
  // made (a Query of their own partition: a referral lives in its referrer's), and the old address is e-mailed (issue
  // 20, item 9).
  preTokenGeneration: {
    entry: 'lambdas/auth/pre-token-generation.ts',
    grants: {
      tableItems: [
        items(['GetItem', 'Query', 'UpdateItem'], keys.customer('')),
        items(['PutItem', 'DeleteItem'], keys.searchPartition('CLIENT', '')),
      ],
      email: true,
      ownUserPool: 'read',
    },
  },
  // Claims (and on failure gives back) the welcome e-mail on the customer's ACCOUNT marker.
  postConfirmation: {
    entry: 'lambdas/auth/post-confirmation.ts',
    grants: { tableItems: { actions: ['UpdateItem'], pkPrefixes: [keys.customer('')] }, email: true },
  },
} as const satisfies Record<string, FunctionDefinition>;
export type AuthTriggerName = keyof typeof AUTH_TRIGGERS;

/** A function EventBridge Scheduler invokes on a schedule (lib/constructs/schedules.ts), with no input but the time. */
export type ScheduledFunction = FunctionDefinition & {
  /**
   * At this local time, once a day or at each of several hours (a cron in `timeZone`, so the hour stays put whatever
   * the zone's offset does).
   */
  readonly schedule: { readonly hour: number | readonly number[]; readonly minute: number; readonly timeZone: string };
};

export const SCHEDULED_FUNCTIONS = {
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
  // The court sync with DataJud (docs/decisions.md, Court movements from DataJud): four times a day in São Paulo,
  // as DataJud can be hours behind the courts and the judges decide during office hours.
  SyncCourtCases: {
    entry: 'lambdas/court/sync-court-cases.ts',
    // The filed processes by status (pattern 76: gsi2 `PROCESS_STATUS#` of the filed statuses); the cases' sync
    // records (pattern 78, BatchGetItem and UpdateItem) and their movements (pattern 77, conditional PutItem) in the
    // customer's partition; the admins' alert for an injunction granted or revoked (pattern 49, with its reference).
    grants: {
      tableItems: [
        {
          actions: ['BatchGetItem', 'PutItem', 'UpdateItem'],
          pkPrefixes: [keys.customer('')],
          indexes: { gsi2: FILED_PROCESS_STATUSES.map((status) => keys.statusList('PROCESS', status)) },
        },
        items(['PutItem'], keys.adminAlert('')),
      ],
      datajud: true,
    },
    // One search every two seconds with backoffs: Lambda's maximum, and the run stops by itself before it.
    timeoutSeconds: 900,
    schedule: { hour: [7, 11, 15, 19], minute: 30, timeZone: TIME_ZONE },
  },
  // Reminders of unpaid charges and missing documents (docs/decisions.md, Reminders: an hourly sweep): every hour in
  // São Paulo's day, never at night; each run sends what is due now and nothing twice.
  SendReminders: {
    entry: 'lambdas/reminders/send-reminders.ts',
    // The candidates (pattern 99: gsi2 `CHARGE_STATUS#PENDING` and `PROCESS_STATUS#pago`); in the customer's partition,
    // the profile, contract, latest charge, process and kit items read (patterns 2, 8, 69), the reminder's once-only
    // marker (pattern 66, GetItem and UpdateItem), the day's record (pattern 98) and the e-mail's record (pattern 84).
    grants: {
      tableItems: [
        {
          actions: ['GetItem', 'Query', 'UpdateItem'],
          pkPrefixes: [keys.customer('')],
          indexes: {
            gsi2: [
              keys.statusList('CHARGE', 'PENDING'),
              keys.statusList('PROCESS', 'pago'),
              // The WhatsApp messages whose next attempt is due (pattern 108: retryDueWhatsApp runs first).
              keys.whatsappRetryQueue,
            ],
          },
        },
        // The reminder by WhatsApp (sendWhatsAppOnce) and the retries: the consent and the outbox entry are in the
        // customer's partition; the accepted message's pointer (pattern 96) is its own.
        items(['UpdateItem'], keys.whatsappMessagePointer('')),
      ],
      email: true,
      appLinks: true,
      whatsapp: true,
    },
    // A few hundred customers a run, a handful of reads each: seconds; the rest is room for SES's slow answers.
    timeoutSeconds: 300,
    schedule: { hour: [...REMINDER_SCHEDULE.sendHours], minute: 5, timeZone: TIME_ZONE },
  },
} as const satisfies Record<string, ScheduledFunction>;
export type ScheduledFunctionName = keyof typeof SCHEDULED_FUNCTIONS;

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

/** Every function by a unique name (route id, task name, trigger name): what the local runtime and the tests walk. */
export const ALL_FUNCTIONS: readonly (FunctionDefinition & { readonly name: string })[] = [
  ...API_ROUTES.map(({ contract, ...fn }) => ({ name: contract.id, ...fn })),
  ...Object.entries(WORKFLOW_TASKS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(LIVE_FUNCTIONS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(AUTH_TRIGGERS).map(([name, fn]) => ({ name, ...fn })),
  ...Object.entries(SCHEDULED_FUNCTIONS).map(([name, { schedule: _schedule, ...fn }]) => ({ name, ...fn })),
  ...Object.entries(EVENT_FUNCTIONS).map(([name, fn]) => ({ name, ...fn })),
];

import {
  deleteAdminClientRoute,
  getAdminClientRoute,
  getAdminContractPdfRoute,
  listAdminClientsRoute,
} from '../../domain/api/admin-clients.js';
import {
  getAdminFinanceSummaryRoute,
  listAdminChargesRoute,
  listOrphanPaymentsRoute,
  markAdminChargePaidRoute,
  refundAdminChargeRoute,
  refundOrphanPaymentRoute,
  verifyAdminChargeRoute,
} from '../../domain/api/admin-finance.js';
import { listAdminInvoiceProblemsRoute, retryAdminInvoiceRoute } from '../../domain/api/admin-invoices.js';
import { changeAdminProcessStatusRoute, listAdminProcessesRoute } from '../../domain/api/admin-processes.js';
import { getAdminReconciliationRoute, runAdminReconciliationRoute } from '../../domain/api/admin-reconciliation.js';
import { RECONCILIATION_AUDIT_SUBJECT } from '../../domain/reconciliation.js';
import { listAdminReferralsRoute } from '../../domain/api/admin-referrals.js';
import { searchAdminRoute } from '../../domain/api/admin-search.js';
import { getAdminTodayRoute } from '../../domain/api/admin-today.js';
import { getAdminSummaryRoute } from '../../domain/api/admin.js';
import { ASAAS_CALLER_TIMEOUT_SECONDS } from '../payments/asaas-timeouts.js';
import { keys } from '../shared/data/keys.js';
import {
  cancellationGrants,
  clientDeletionGrants,
  items,
  rateLimitPrefixes,
  reconciliationGrants,
  settlementGrant,
  type ApiFunction,
} from '../catalogue.js';
import type { FunctionGrants, TableItemsGrant } from '../grants.js';

/** The admin routes (their handlers in this folder): each with its contract and its grants. */
export const ADMIN_ROUTES = [
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
    grants: clientDeletionGrants(),
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
  // A new admin route: its block goes here, at the end.
] as const satisfies readonly ApiFunction[];

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

import { SECRET_NAMES } from '../../lambdas/grants.js';
import type { Prices } from './prices.js';

/** One function's measured use over one customer's journey (local function host, `npm run cost -- --measure`). */
export type FunctionCounts = { invocations: number; durationMs: number; readUnits: number; writeUnits: number };

/** What one customer's journey used, measured on the local runtime; the file `measured-counts.json` holds a run's. */
export type JourneyCounts = {
  measuredAt: string;
  /** The journey's steps, in words. */
  journey: string[];
  functions: Record<string, FunctionCounts>;
  httpApiRequests: number;
  stateTransitions: number;
  emails: number;
  s3Objects: number;
  s3Bytes: number;
  webSocketMessages: number;
  /** The customer's items in the table after the journey, in bytes (DynamoDB counts 100 bytes of overhead each). */
  tableBytes: number;
};

/** What the local run cannot measure, stated once, with the reason for each figure. */
export const ASSUMPTIONS = {
  /** Every function's memory (ServiceFunction's default, lib/constructs/service-function.ts). */
  lambdaMemoryGb: 0.5,
  /** A customer's items and documents are kept (contracts five years, CDC art. 27): a year's customers are stored. */
  monthsOfCustomersStored: 12,
  /** The SPA and its assets through CloudFront per customer a month: ≈ 15 page loads of ≈ 400 KB, 40 requests each. */
  cloudFrontGbPerCustomer: (15 * 400) / 1_000_000,
  cloudFrontRequestsPerCustomer: 15 * 40,
  /** Log lines per invocation (Powertools JSON, ≈ 3 lines of 400 bytes, plus Lambda's START/END/REPORT). */
  logBytesPerInvocation: 1_500,
  /** A live-channel connection lives while a screen is open: ≈ 30 minutes a customer a month. */
  webSocketMinutesPerCustomer: 30,
  // Every secret the stage creates (lambdas/grants.ts), each billed a month whether read or not.
  secrets: SECRET_NAMES.length,
} as const;

export type BillLine = { service: string; what: string; usd: number };

/** The monthly bill for `customers` customers a month who each make the measured journey. */
export function monthlyBill(counts: JourneyCounts, customers: number, prices: Prices): BillLine[] {
  const fns = Object.values(counts.functions);
  const sum = (pick: (f: FunctionCounts) => number) => fns.reduce((total, f) => total + pick(f), 0);
  const invocations = sum((f) => f.invocations) * customers;
  const gbSeconds = (sum((f) => f.durationMs) / 1000) * ASSUMPTIONS.lambdaMemoryGb * customers;
  const storedCustomers = customers * ASSUMPTIONS.monthsOfCustomersStored;
  const tableGb = (counts.tableBytes * storedCustomers) / 1e9;
  const lines: BillLine[] = [
    { service: 'Lambda', what: `${fmt(invocations)} requests`, usd: invocations * prices.lambda.request },
    { service: 'Lambda', what: `${fmt(gbSeconds)} GB-s (Arm)`, usd: gbSeconds * prices.lambda.gbSecondArm },
    {
      service: 'DynamoDB',
      what: `${fmt(sum((f) => f.readUnits) * customers)} read units`,
      usd: sum((f) => f.readUnits) * customers * prices.dynamodb.readUnit,
    },
    {
      service: 'DynamoDB',
      what: `${fmt(sum((f) => f.writeUnits) * customers)} write units`,
      usd: sum((f) => f.writeUnits) * customers * prices.dynamodb.writeUnit,
    },
    {
      service: 'DynamoDB',
      what: `${tableGb.toFixed(3)} GB stored + PITR`,
      usd: tableGb * (prices.dynamodb.storageGbMonth + prices.dynamodb.pitrGbMonth),
    },
    {
      service: 'API Gateway',
      what: `${fmt(counts.httpApiRequests * customers)} HTTP API requests`,
      usd: counts.httpApiRequests * customers * prices.apiGateway.httpRequest,
    },
    {
      service: 'API Gateway',
      what: `${fmt(counts.webSocketMessages * customers)} WebSocket messages, ${fmt(ASSUMPTIONS.webSocketMinutesPerCustomer * customers)} connection-minutes`,
      usd:
        counts.webSocketMessages * customers * prices.apiGateway.webSocketMessage +
        ASSUMPTIONS.webSocketMinutesPerCustomer * customers * prices.apiGateway.webSocketConnectionMinute,
    },
    {
      service: 'Step Functions',
      what: `${fmt(counts.stateTransitions * customers)} state transitions`,
      usd: counts.stateTransitions * customers * prices.stepFunctions.stateTransition,
    },
    {
      service: 'SES',
      what: `${fmt(counts.emails * customers)} e-mails`,
      usd: counts.emails * customers * prices.ses.email,
    },
    {
      service: 'S3',
      what: `${fmt(counts.s3Objects * customers)} objects written, ${((counts.s3Bytes * storedCustomers) / 1e9).toFixed(3)} GB stored`,
      usd:
        counts.s3Objects * customers * (prices.s3.put + prices.s3.get) +
        ((counts.s3Bytes * storedCustomers) / 1e9) * prices.s3.storageGbMonth,
    },
    {
      service: 'CloudFront',
      what: `${(ASSUMPTIONS.cloudFrontGbPerCustomer * customers).toFixed(1)} GB out, ${fmt(ASSUMPTIONS.cloudFrontRequestsPerCustomer * customers)} requests`,
      usd:
        ASSUMPTIONS.cloudFrontGbPerCustomer * customers * prices.cloudFront.dataOutGb +
        ASSUMPTIONS.cloudFrontRequestsPerCustomer * customers * prices.cloudFront.httpsRequest,
    },
    {
      service: 'Cognito',
      what: `${fmt(customers)} monthly active users`,
      usd: Math.max(0, customers - prices.cognito.freeMonthlyActiveUsers) * prices.cognito.monthlyActiveUser,
    },
    {
      service: 'CloudWatch Logs',
      what: `${((invocations * ASSUMPTIONS.logBytesPerInvocation) / 1e9).toFixed(2)} GB ingested`,
      usd: ((invocations * ASSUMPTIONS.logBytesPerInvocation) / 1e9) * prices.cloudWatchLogs.ingestedGb,
    },
    {
      service: 'Secrets Manager',
      what: `${ASSUMPTIONS.secrets} secrets`,
      usd: ASSUMPTIONS.secrets * prices.secretsManager.secretMonth,
    },
  ];
  return lines;
}

export const total = (lines: readonly BillLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);

/** The largest lines first. */
export const biggest = (lines: readonly BillLine[], n: number) => [...lines].sort((a, b) => b.usd - a.usd).slice(0, n);

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

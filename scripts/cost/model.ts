import { SECRET_NAMES } from '../../lambdas/grants.js';
import type { OutsidePrices, Prices } from './prices.js';

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
  /**
   * The filing kit (docs/decisions.md, the filing kit): about eight files a customer (identity front and back, proof
   * of address, two bureau reports, the procuração, the declaração, one re-sent after a refusal), each kept as sent
   * and as the PDF made from it: sixteen objects of about 1.5 MB on average, each scanned for malware once on upload.
   */
  kitObjectsPerCustomer: 16,
  kitBytesPerCustomer: 16 * 1_500_000,
  /** Requests the user pool's web ACL inspects a customer a month (sign-up, confirmations, sign-ins, refreshes). */
  signInRequestsPerCustomer: 12,
  /** WhatsApp status notices a customer consents to a month (paid, documents, filed, decision, one reminder). */
  whatsappNoticesPerCustomer: 5,
} as const;

/** The stage's fixed infrastructure the bill counts (scripts/cost/web-acls.ts reads it from the CDK constructs). */
export type Infrastructure = { webAcls: number; webAclRules: number };

export type BillLine = { service: string; what: string; usd: number };

/** The monthly bill for `customers` customers a month who each make the measured journey. */
export function monthlyBill(
  counts: JourneyCounts,
  customers: number,
  prices: Prices,
  infrastructure: Infrastructure,
): BillLine[] {
  const fns = Object.values(counts.functions);
  const sum = (pick: (f: FunctionCounts) => number) => fns.reduce((total, f) => total + pick(f), 0);
  const invocations = sum((f) => f.invocations) * customers;
  const gbSeconds = (sum((f) => f.durationMs) / 1000) * ASSUMPTIONS.lambdaMemoryGb * customers;
  const storedCustomers = customers * ASSUMPTIONS.monthsOfCustomersStored;
  const tableGb = (counts.tableBytes * storedCustomers) / 1e9;
  const wafRequests = (ASSUMPTIONS.cloudFrontRequestsPerCustomer + ASSUMPTIONS.signInRequestsPerCustomer) * customers;
  const kitObjects = ASSUMPTIONS.kitObjectsPerCustomer * customers;
  const kitGbScanned = (ASSUMPTIONS.kitBytesPerCustomer * customers) / 1e9;
  const kitGbStored = (ASSUMPTIONS.kitBytesPerCustomer * storedCustomers) / 1e9;
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
    {
      service: 'WAF',
      what: `${infrastructure.webAcls} web ACLs, ${infrastructure.webAclRules} rules, ${fmt(wafRequests)} requests`,
      usd:
        infrastructure.webAcls * prices.waf.webAclMonth +
        infrastructure.webAclRules * prices.waf.ruleMonth +
        wafRequests * prices.waf.request,
    },
    {
      service: 'S3 (filing kit)',
      what: `${fmt(kitObjects)} objects written, ${kitGbStored.toFixed(1)} GB stored`,
      usd: kitObjects * (prices.s3.put + prices.s3.get) + kitGbStored * prices.s3.storageGbMonth,
    },
    {
      service: 'GuardDuty',
      what: `${fmt(kitObjects)} uploads scanned, ${kitGbScanned.toFixed(1)} GB`,
      usd: kitObjects * prices.guardDutyMalwareS3.object + kitGbScanned * prices.guardDutyMalwareS3.gbScanned,
    },
  ];
  return lines;
}

/** What one paying customer costs outside AWS, in BRL: the payment provider's fee, the nota fiscal, WhatsApp. */
export type OutsideLine = { what: string; brl: number };

export type PaymentMethod = 'pix' | 'boleto' | 'card';

/** Asaas's fee on one payment of `value` BRL by `method` (a card plan of `instalments`). */
export function paymentFeeBrl(method: PaymentMethod, value: number, prices: OutsidePrices, instalments = 1): number {
  if (method === 'pix') return prices.asaas.pixBrl;
  if (method === 'boleto') return prices.asaas.boletoBrl;
  const plan =
    instalments <= 1 ? prices.asaas.card.single : instalments <= 6 ? prices.asaas.card.upTo6 : prices.asaas.card.upTo12;
  return (value * plan.percent) / 100 + plan.fixedBrl;
}

export function outsideCostsPerCustomer(value: number, prices: OutsidePrices): OutsideLine[] {
  return [
    { what: `Asaas, PIX of R$ ${value}`, brl: paymentFeeBrl('pix', value, prices) },
    { what: `Asaas, boleto of R$ ${value}`, brl: paymentFeeBrl('boleto', value, prices) },
    { what: `Asaas, card of R$ ${value} at once`, brl: paymentFeeBrl('card', value, prices, 1) },
    { what: `Asaas, card of R$ ${value} in 12 instalments`, brl: paymentFeeBrl('card', value, prices, 12) },
    { what: 'Asaas, the nota fiscal (NFS-e) of the payment', brl: prices.asaas.invoiceBrl },
    {
      what: `WhatsApp, ${ASSUMPTIONS.whatsappNoticesPerCustomer} utility notices`,
      brl: ASSUMPTIONS.whatsappNoticesPerCustomer * prices.whatsapp.utilityUsd * prices.brlPerUsd,
    },
  ];
}

export const total = (lines: readonly BillLine[]) => lines.reduce((sum, line) => sum + line.usd, 0);

/** The largest lines first. */
export const biggest = (lines: readonly BillLine[], n: number) => [...lines].sort((a, b) => b.usd - a.usd).slice(0, n);

function fmt(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/**
 * The AWS price table of the cost model (`npm run cost`), sa-east-1 (São Paulo), on-demand, in US dollars, without
 * free tiers (they end after the first year or are small beside 100,000 customers; the model errs on the high side).
 * One file, one date: when prices change, change them here and the date with them.
 *
 * Source: the AWS pricing pages of each service for South America (São Paulo), as read on PRICES_AS_OF. They were
 * transcribed by hand, not fetched from the Price List API: check a figure there before quoting it to anyone.
 */
export const PRICES_AS_OF = '2025-06-01';

export const PRICES = {
  lambda: {
    /** Per request. */
    request: 0.2 / 1_000_000,
    /** Per GB-second, Arm (Graviton): every function is ARM64 (lib/constructs/service-function.ts). */
    gbSecondArm: 0.0000133334,
  },
  dynamodb: {
    /** On-demand, per read request unit (4 KB strongly consistent, or two eventually consistent reads). */
    readUnit: 0.1875 / 1_000_000,
    /** On-demand, per write request unit (1 KB). */
    writeUnit: 0.9375 / 1_000_000,
    /** Per GB-month of table storage (Standard table class). */
    storageGbMonth: 0.375,
    /** Point-in-time recovery, per GB-month of table size. */
    pitrGbMonth: 0.3,
  },
  apiGateway: {
    /** HTTP API, per request (first 300 million a month). */
    httpRequest: 1.9 / 1_000_000,
    /** WebSocket API, per message (32 KB increments; first billion a month). */
    webSocketMessage: 1.5 / 1_000_000,
    /** WebSocket API, per connection-minute. */
    webSocketConnectionMinute: 0.375 / 1_000_000,
  },
  stepFunctions: {
    /** Standard workflows, per state transition. */
    stateTransition: 0.0375 / 1_000,
  },
  ses: {
    /** Per e-mail sent (outbound). */
    email: 0.1 / 1_000,
  },
  s3: {
    /** Standard, per GB-month. */
    storageGbMonth: 0.0405,
    /** PUT, COPY, POST, LIST, per request. */
    put: 0.007 / 1_000,
    /** GET and others, per request. */
    get: 0.00056 / 1_000,
  },
  cloudFront: {
    /** Data out to the internet, South America, per GB (first 10 TB). */
    dataOutGb: 0.11,
    /** HTTPS requests, South America, per request. */
    httpsRequest: 0.022 / 10_000,
  },
  cognito: {
    /** Essentials tier, per monthly active user above the free 10,000. */
    monthlyActiveUser: 0.015,
    freeMonthlyActiveUsers: 10_000,
  },
  cloudWatchLogs: {
    /** Ingestion, per GB. */
    ingestedGb: 0.75,
  },
  secretsManager: {
    /** Per secret per month. */
    secretMonth: 0.4,
  },
  waf: {
    /** Per web ACL per month (the edge ACL of the distribution and the regional one of the user pool). */
    webAclMonth: 5,
    /** Per rule per month, in any web ACL. */
    ruleMonth: 1,
    /** Per request inspected. */
    request: 0.6 / 1_000_000,
  },
  guardDutyMalwareS3: {
    /** Malware Protection for S3: per GB scanned (after the 2025 price cut; us-east-1 figure, check sa-east-1's). */
    gbScanned: 0.09,
    /** Per object evaluated. */
    object: 0.215 / 1_000,
  },
} as const;

/**
 * What the product pays outside AWS, per payment or message, as each provider publishes it (Asaas: its standard plan
 * for companies, in BRL; Meta: the WhatsApp Business Platform's per-message rates for Brazil since July 2025, in USD).
 * Transcribed by hand on OUTSIDE_PRICES_AS_OF: check each on the provider's page before quoting it.
 */
export const OUTSIDE_PRICES_AS_OF = '2026-11-26';

export const OUTSIDE_PRICES = {
  asaas: {
    /** Per PIX received (BRL). */
    pixBrl: 1.99,
    /** Per boleto paid (BRL). */
    boletoBrl: 1.99,
    /** Card, per charge: a percentage of the value plus a fixed fee (BRL), by the number of instalments. */
    card: {
      single: { percent: 2.99, fixedBrl: 0.49 },
      upTo6: { percent: 3.49, fixedBrl: 0.49 },
      upTo12: { percent: 3.99, fixedBrl: 0.49 },
    },
    /** Per nota fiscal de serviço issued through Asaas (BRL). */
    invoiceBrl: 0.49,
  },
  whatsapp: {
    /** Per utility template message delivered to a Brazilian number (USD). */
    utilityUsd: 0.0068,
    /** Per marketing template message (USD): never sent by the product, listed to show why. */
    marketingUsd: 0.0625,
  },
  /** BRL per USD, to put Meta's rate beside Asaas's fees. */
  brlPerUsd: 5.4,
} as const;

export type OutsidePrices = typeof OUTSIDE_PRICES;

export type Prices = typeof PRICES;

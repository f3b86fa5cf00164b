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
} as const;

export type Prices = typeof PRICES;

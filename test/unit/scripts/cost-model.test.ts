import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRepoRoot } from '../../../lib/paths.js';
import { ASSUMPTIONS, biggest, monthlyBill, total, type JourneyCounts } from '../../../scripts/cost/model.js';
import { PRICES } from '../../../scripts/cost/prices.js';

const recorded = JSON.parse(readFileSync(fromRepoRoot('scripts/cost/measured-counts.json'), 'utf8')) as JourneyCounts;

/** A journey of round figures, so each line can be worked out by hand. */
const journey: JourneyCounts = {
  measuredAt: '2025-06-01',
  journey: ['test'],
  functions: {
    A: { invocations: 10, durationMs: 2000, readUnits: 20, writeUnits: 4 },
    B: { invocations: 5, durationMs: 1000, readUnits: 0, writeUnits: 6 },
  },
  httpApiRequests: 12,
  stateTransitions: 8,
  emails: 3,
  s3Objects: 1,
  s3Bytes: 50_000,
  webSocketMessages: 4,
  tableBytes: 10_000,
};
const line = (lines: ReturnType<typeof monthlyBill>, service: string, what: RegExp) =>
  lines.find((l) => l.service === service && what.test(l.what))!.usd;

describe('cost model', () => {
  it('prices each measured count by the customers a month', () => {
    const lines = monthlyBill(journey, 1000, PRICES);
    expect(line(lines, 'Lambda', /requests/)).toBeCloseTo(15_000 * PRICES.lambda.request, 10);
    expect(line(lines, 'Lambda', /GB-s/)).toBeCloseTo(
      3 * ASSUMPTIONS.lambdaMemoryGb * 1000 * PRICES.lambda.gbSecondArm,
      10,
    );
    expect(line(lines, 'DynamoDB', /read units/)).toBeCloseTo(20_000 * PRICES.dynamodb.readUnit, 10);
    expect(line(lines, 'DynamoDB', /write units/)).toBeCloseTo(10_000 * PRICES.dynamodb.writeUnit, 10);
    expect(line(lines, 'Step Functions', /transitions/)).toBeCloseTo(8000 * PRICES.stepFunctions.stateTransition, 10);
    expect(line(lines, 'SES', /e-mails/)).toBeCloseTo(3000 * PRICES.ses.email, 10);
    expect(line(lines, 'API Gateway', /HTTP API/)).toBeCloseTo(12_000 * PRICES.apiGateway.httpRequest, 10);
  });

  it('grows linearly but for the fixed lines and the Cognito free tier', () => {
    const small = monthlyBill(journey, 1000, PRICES);
    const large = monthlyBill(journey, 10_000, PRICES);
    expect(line(large, 'SES', /e-mails/)).toBeCloseTo(10 * line(small, 'SES', /e-mails/), 10);
    expect(line(large, 'Secrets Manager', /secrets/)).toBe(line(small, 'Secrets Manager', /secrets/));
    expect(line(large, 'Cognito', /users/)).toBe(0);
    expect(line(monthlyBill(journey, 100_000, PRICES), 'Cognito', /users/)).toBeCloseTo(
      90_000 * PRICES.cognito.monthlyActiveUser,
      6,
    );
  });

  it('lists the biggest lines first and sums them all', () => {
    const lines = monthlyBill(recorded, 100_000, PRICES);
    const top = biggest(lines, 3);
    expect(top[0]!.usd).toBeGreaterThanOrEqual(top[1]!.usd);
    expect(top[1]!.usd).toBeGreaterThanOrEqual(top[2]!.usd);
    expect(total(lines)).toBeCloseTo(
      lines.reduce((sum, l) => sum + l.usd, 0),
      10,
    );
  });

  it('reads recorded counts measured on the local runtime', () => {
    // The recorded journey did reach the paid path: the webhook and the workflow ran, the customer was e-mailed.
    expect(recorded.functions.ReceiveAsaasWebhook?.invocations).toBeGreaterThan(0);
    expect(recorded.functions.GetDashboard?.readUnits).toBeGreaterThan(0);
    expect(recorded.stateTransitions).toBeGreaterThan(0);
    expect(recorded.emails).toBeGreaterThan(0);
  });
});

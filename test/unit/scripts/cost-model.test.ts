import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRepoRoot } from '../../../lib/paths.js';
import {
  ASSUMPTIONS,
  biggest,
  monthlyBill,
  outsideCostsPerCustomer,
  paymentFeeBrl,
  total,
  type JourneyCounts,
} from '../../../scripts/cost/model.js';
import { OUTSIDE_PRICES, PRICES } from '../../../scripts/cost/prices.js';
import { webAclInfrastructure } from '../../../scripts/cost/web-acls.js';

const INFRA = { webAcls: 2, webAclRules: 9 };

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
    const lines = monthlyBill(journey, 1000, PRICES, INFRA);
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
    const small = monthlyBill(journey, 1000, PRICES, INFRA);
    const large = monthlyBill(journey, 10_000, PRICES, INFRA);
    expect(line(large, 'SES', /e-mails/)).toBeCloseTo(10 * line(small, 'SES', /e-mails/), 10);
    expect(line(large, 'Secrets Manager', /secrets/)).toBe(line(small, 'Secrets Manager', /secrets/));
    expect(line(large, 'Cognito', /users/)).toBe(0);
    expect(line(monthlyBill(journey, 100_000, PRICES, INFRA), 'Cognito', /users/)).toBeCloseTo(
      90_000 * PRICES.cognito.monthlyActiveUser,
      6,
    );
  });

  it('lists the biggest lines first and sums them all', () => {
    const lines = monthlyBill(recorded, 100_000, PRICES, INFRA);
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

describe('cost model: this wave (web ACLs, the filing kit, fees outside AWS)', () => {
  it('prices each web ACL and rule a month, and every request they inspect', () => {
    const lines = monthlyBill(journey, 1000, PRICES, INFRA);
    const requests = (ASSUMPTIONS.cloudFrontRequestsPerCustomer + ASSUMPTIONS.signInRequestsPerCustomer) * 1000;
    expect(line(lines, 'WAF', /web ACLs/)).toBeCloseTo(
      2 * PRICES.waf.webAclMonth + 9 * PRICES.waf.ruleMonth + requests * PRICES.waf.request,
      8,
    );
  });

  it('counts the web ACLs and rules the constructs really deploy', () => {
    const infra = webAclInfrastructure();
    expect(infra.webAcls).toBe(2);
    expect(infra.webAclRules).toBeGreaterThan(2);
  });

  it('scans every filing-kit upload once and stores a year of them', () => {
    const lines = monthlyBill(journey, 1000, PRICES, INFRA);
    const objects = ASSUMPTIONS.kitObjectsPerCustomer * 1000;
    expect(line(lines, 'GuardDuty', /scanned/)).toBeCloseTo(
      objects * PRICES.guardDutyMalwareS3.object +
        ((ASSUMPTIONS.kitBytesPerCustomer * 1000) / 1e9) * PRICES.guardDutyMalwareS3.gbScanned,
      8,
    );
    expect(line(monthlyBill(journey, 2000, PRICES, INFRA), 'S3 (filing kit)', /objects/)).toBeCloseTo(
      2 * line(lines, 'S3 (filing kit)', /objects/),
      8,
    );
  });

  it('charges a card by its instalments, PIX and boleto a fixed fee', () => {
    expect(paymentFeeBrl('pix', 399, OUTSIDE_PRICES)).toBe(OUTSIDE_PRICES.asaas.pixBrl);
    expect(paymentFeeBrl('card', 399, OUTSIDE_PRICES, 1)).toBeCloseTo(399 * 0.0299 + 0.49, 6);
    expect(paymentFeeBrl('card', 399, OUTSIDE_PRICES, 6)).toBeCloseTo(399 * 0.0349 + 0.49, 6);
    expect(paymentFeeBrl('card', 399, OUTSIDE_PRICES, 12)).toBeCloseTo(399 * 0.0399 + 0.49, 6);
    const outside = outsideCostsPerCustomer(399, OUTSIDE_PRICES);
    expect(outside.map((l) => l.what)).toContain('Asaas, the nota fiscal (NFS-e) of the payment');
    expect(outside.every((l) => l.brl > 0)).toBe(true);
  });
});

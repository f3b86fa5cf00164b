/**
 * Cost model (docs/decisions.md, "Operations tools: dead-letter replay, load test, cost model"): turns what one
 * customer's journey used on the local runtime into a monthly AWS bill for 1,000, 10,000 and 100,000 customers a month
 * at sa-east-1 prices (scripts/cost/prices.ts, with its date), and prints the total, the cost per customer and the
 * biggest lines.
 *
 * `npm run cost` prices the counts recorded in scripts/cost/measured-counts.json. `npm run cost -- --measure` first
 * measures them again: it starts the local runtime with metering (ports + 5000, a throwaway data folder, loopback only;
 * the function host counts invocations and durations, the DynamoDB client's middleware the consumed capacity, the
 * Step Functions runner the state transitions — no business code path changes) and walks one customer through the
 * product: sign-up and confirmation, sign-in, profile, contract signature, 'Gerar PIX', payment and its webhook, the
 * workflow's confirmation, ten dashboard visits and two public lookups, with the live channel open; then it counts the
 * e-mails sent, the documents stored and the customer's items, and writes the file. `--quick`: the model alone over the
 * recorded counts, what `npm test` runs (test/tools/scripts.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fromRepoRoot } from '../lib/paths.js';
import { hasFlag, numberFlag } from './cli.js';
import { biggest, monthlyBill, outsideCostsPerCustomer, total, type JourneyCounts } from './cost/model.js';
import { OUTSIDE_PRICES, OUTSIDE_PRICES_AS_OF, PRICES, PRICES_AS_OF } from './cost/prices.js';
import { webAclInfrastructure } from './cost/web-acls.js';
import { CONTRACT_PRICE } from '../domain/pricing.js';

const COUNTS_FILE = fromRepoRoot('scripts/cost/measured-counts.json');
const CUSTOMERS = [1_000, 10_000, 100_000];

if (hasFlag('measure') && !hasFlag('quick')) {
  // The runtime's modules (CDK among them) load only to measure: pricing recorded counts takes a second.
  const { measureJourney } = await import('./cost/measure.js');
  const counts = await measureJourney(numberFlag('port-offset', 5000));
  writeFileSync(COUNTS_FILE, `${JSON.stringify(counts, null, 2)}\n`);
  console.log(`Measured one journey; counts written to scripts/cost/measured-counts.json`);
}
printBill(JSON.parse(readFileSync(COUNTS_FILE, 'utf8')) as JourneyCounts);

function printBill(counts: JourneyCounts): void {
  const usd = (value: number) => `$${value.toFixed(2)}`;
  console.log(`\nMonthly AWS bill, sa-east-1, prices of ${PRICES_AS_OF}; counts measured ${counts.measuredAt}`);
  const fns = Object.values(counts.functions);
  console.log(
    `One journey: ${fns.reduce((n, f) => n + f.invocations, 0)} Lambda invocations, ` +
      `${counts.httpApiRequests} API requests, ${fns.reduce((n, f) => n + f.readUnits, 0).toFixed(1)} read / ` +
      `${fns.reduce((n, f) => n + f.writeUnits, 0).toFixed(1)} write units, ${counts.stateTransitions} state transitions, ` +
      `${counts.emails} e-mails, ${counts.s3Objects} S3 objects, ${counts.webSocketMessages} WebSocket messages\n`,
  );
  const infrastructure = webAclInfrastructure();
  for (const customers of CUSTOMERS) {
    const lines = monthlyBill(counts, customers, PRICES, infrastructure);
    const sum = total(lines);
    console.log(
      `${customers.toLocaleString('en-US')} customers/month: ${usd(sum)} a month, ${usd((sum / customers) * 1000)} per 1,000 customers`,
    );
    for (const line of biggest(lines, 5)) {
      console.log(`  ${line.service.padEnd(16)}${usd(line.usd).padStart(10)}  ${line.what}`);
    }
  }
  const brl = (value: number) => `R$ ${value.toFixed(2).replace('.', ',')}`;
  console.log(
    `\nOutside AWS, per paying customer (prices of ${OUTSIDE_PRICES_AS_OF}; R$ ${OUTSIDE_PRICES.brlPerUsd} per US$):`,
  );
  for (const line of outsideCostsPerCustomer(CONTRACT_PRICE, OUTSIDE_PRICES)) {
    console.log(`  ${line.what.padEnd(48)}${brl(line.brl).padStart(10)}`);
  }
}

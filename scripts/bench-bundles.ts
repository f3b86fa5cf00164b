/**
 * Lambda bundle benchmark: bundles every catalogue function exactly as `cdk deploy` does (lib/bundling.ts), then
 * prints each bundle's minified and gzipped size and its cold module-init time (a fresh Node process importing the
 * bundle with the environment its grants give, median of several runs). Figures, not assertions; it exits non-zero
 * only when a bundle fails to build or to initialise (within 30 s).
 *
 * Usage: `npm run bench:bundles [-- --runs 7]`. `--quick`: one cold import per function instead of five (every
 * function is still bundled and listed); `npm test` runs that (test/tools/scripts.test.ts) so the bench cannot rot.
 */
import { EXAMPLE_COMPANY } from '../domain/company.js';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING, lambdaEsbuildOptions } from '../lib/bundling.js';
import { REPO_ROOT } from '../lib/paths.js';
import { ALL_FUNCTIONS, API_ROUTES } from '../lambdas/functions.js';
import { environmentFor, type CompleteGrantValues } from '../lambdas/grants.js';
import { hasFlag, numberFlag } from './cli.js';

/** The smallest route, the yardstick of the others' cold starts. */
const HEALTH_ROUTE = 'GetHealth';
const RUNS = numberFlag('runs', hasFlag('quick') ? 1 : 5);
// Inside the repository, so the external @aws-sdk/* packages resolve from node_modules as they do on Lambda; a folder
// of its own per run, so two runs (a developer's and the tools test) never delete each other's bundles.
mkdirSync(join(REPO_ROOT, '.bench'), { recursive: true });
const OUT_DIR = mkdtempSync(join(REPO_ROOT, '.bench', 'bundles-'));

// Values that let every handler finish its cold start without reaching anything: secrets inline, local URLs. Every
// value, by type: a grant value added to lambdas/grants.ts is a compile error here until the bench gives it too.
const VALUES: CompleteGrantValues = {
  documentsPathStyle: false,
  tableName: 'bench',
  documentsBucket: 'bench',
  stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:bench',
  emailFrom: 'bench@example.com',
  emailConfigurationSet: 'bench',
  appUrl: 'http://127.0.0.1:5173',
  company: JSON.stringify(EXAMPLE_COMPANY),
  pushEndpoint: 'http://127.0.0.1:1',
  tokenIssuer: 'http://127.0.0.1:1/us-east-1_bench',
  tokenAudience: 'bench-client',
  userPoolId: 'us-east-1_bench',
  asaasApiUrl: 'http://127.0.0.1:1',
  postalCodeApiUrl: 'http://127.0.0.1:1',
  datajudApiUrl: 'http://127.0.0.1:1',
  conversions: {
    metaApiUrl: 'http://127.0.0.1:1/meta',
    metaPixelId: '100000000000001',
    googleAdsApiUrl: 'http://127.0.0.1:1/google-ads',
    googleOAuthTokenUrl: 'http://127.0.0.1:1/google-oauth/token',
    googleAdsCustomerId: '1234567890',
    googleAdsConversionActions: 'purchase=1',
  },
  whatsapp: { apiUrl: 'http://127.0.0.1:1', phoneNumberId: '100000000000002' },
  secret: () => ({ value: 'bench-secret-0123456789abcdef0123456789abcdef' }),
};

const IMPORT_TIMER = `
const started = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;
/**
 * The health route with DynamoDB's client loaded beside it: the least a route that reads the table can load at its
 * cold start. Every client but DynamoDB's loads at its first call (lambdas/shared/lazy-sdk.ts), so the health route,
 * which reads nothing, no longer carries any AWS client, and DynamoDB's (about 90 ms here) stays in every data route's
 * init on purpose: moving it to the first request would only hide it from this bench. The init target is read against
 * this floor.
 */
const DATA_FLOOR_TIMER = `
const started = performance.now();
await import(process.argv[1]);
await import('@aws-sdk/client-dynamodb');
await import('@aws-sdk/lib-dynamodb');
process.stdout.write(String(performance.now() - started));
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

writeFileSync(join(OUT_DIR, 'package.json'), '{"type":"module"}');

const PDF_FUNCTIONS: string[] = [];
const rows: { name: string; size: number; gzip: number; mapSize: number; initMs: number }[] = [];
let bareNodeMs = 0;
let dataFloorMs = 0;
try {
  // One esbuild run for every entry point: without code splitting each bundle is built on its own, byte for byte what
  // a build per function (CDK's) gives, in a fraction of the time.
  const { metafile } = await build({
    metafile: true,
    entryPoints: Object.fromEntries(ALL_FUNCTIONS.map((fn) => [fn.name, join(REPO_ROOT, fn.entry)])),
    outdir: OUT_DIR,
    ...lambdaEsbuildOptions(),
  });
  // The functions that draw PDFs (pdf-lib, fontkit and the fonts): their own size and init targets.
  for (const [output, { inputs }] of Object.entries(metafile.outputs)) {
    if (Object.keys(inputs).some((input) => input.includes('node_modules/pdf-lib/'))) {
      PDF_FUNCTIONS.push(basename(output, '.mjs'));
    }
  }
  for (const fn of ALL_FUNCTIONS) {
    const outfile = join(OUT_DIR, `${fn.name}.mjs`);
    const code = readFileSync(outfile);
    const env = {
      PATH: process.env.PATH,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'bench',
      AWS_SECRET_ACCESS_KEY: 'bench',
      STAGE: 'bench',
      LOG_LEVEL: 'SILENT',
      ...environmentFor(fn.name, fn.grants, VALUES),
    };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, outfile], {
        env,
        timeout: 30_000,
      });
      times.push(Number(out.toString()));
    }
    const mapSize = existsSync(`${outfile}.map`) ? statSync(`${outfile}.map`).size : 0;
    rows.push({ name: fn.name, size: code.length, gzip: gzipSync(code).length, mapSize, initMs: median(times) });
  }
  const healthBundle = join(OUT_DIR, `${HEALTH_ROUTE}.mjs`);
  const healthFn = ALL_FUNCTIONS.find((fn) => fn.name === HEALTH_ROUTE)!;
  const floor: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', DATA_FLOOR_TIMER, healthBundle], {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'us-east-1',
        LOG_LEVEL: 'SILENT',
        ...environmentFor(healthFn.name, healthFn.grants, VALUES),
      },
      cwd: OUT_DIR,
      timeout: 30_000,
    });
    floor.push(Number(out.toString()));
  }
  dataFloorMs = median(floor);
  // The floor every figure above stands on, in the same run: a whole Node process that does nothing.
  const bare: number[] = [];
  for (let run = 0; run < Math.max(RUNS, 3); run++) {
    const started = performance.now();
    execFileSync(process.execPath, ['-e', '0']);
    bare.push(performance.now() - started);
  }
  bareNodeMs = median(bare);
} finally {
  rmSync(OUT_DIR, { recursive: true, force: true });
}

const width = Math.max(...rows.map((r) => r.name.length));
const health = rows.find((r) => r.name === HEALTH_ROUTE)!;
console.log(
  `Lambda bundles (esbuild ${LAMBDA_BUNDLING.target}, minified, @aws-sdk external, maps beside the code, no NODE_OPTIONS; init = median of ${RUNS} cold imports on Node ${process.versions.node}; ×health = init / ${HEALTH_ROUTE}'s init)\n`,
);
console.log(
  `${'function'.padEnd(width)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(9)}  ${'map'.padStart(10)}  ${'init'.padStart(8)}  ${'×health'.padStart(7)}`,
);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(width)}  ${kb(row.size).padStart(10)}  ${kb(row.gzip).padStart(9)}  ${kb(row.mapSize).padStart(10)}  ${`${row.initMs.toFixed(0)} ms`.padStart(8)}  ${(row.initMs / health.initMs).toFixed(2).padStart(7)}`,
  );
}
console.log(`\nbare node -e 0 (a whole process, same run): ${bareNodeMs.toFixed(0)} ms`);
console.log(
  `${HEALTH_ROUTE} with DynamoDB's client beside it (the least a data route loads, same run): ${dataFloorMs.toFixed(0)} ms`,
);
// What the official client costs by itself: the part of a data route's init no code of ours can remove (docs/decisions.md,
// "Small cold starts").
console.log(
  `DynamoDB's client alone (the line above − ${HEALTH_ROUTE}): ${(dataFloorMs - health.initMs).toFixed(0)} ms, ` +
    `${((dataFloorMs - health.initMs) / health.initMs).toFixed(2)}× ${HEALTH_ROUTE}'s whole init`,
);

// The targets (docs/decisions.md, "Small cold starts"): figures to read, not assertions; an over-target row is named.
const isPdf = (name: string) => PDF_FUNCTIONS.includes(name);
const isRoute = (name: string) => API_ROUTES.some((route) => route.contract.id === name);
const targets: { label: string; over: string[] }[] = [
  { label: `${HEALTH_ROUTE} ≤ 150 KB`, over: health.size > 150 * 1024 ? [HEALTH_ROUTE] : [] },
  {
    label: 'every other route ≤ 300 KB',
    over: rows.filter((r) => isRoute(r.name) && !isPdf(r.name) && r.size > 300 * 1024).map((r) => r.name),
  },
  {
    label: 'PDF functions ≤ 1.5 MB',
    over: rows.filter((r) => isPdf(r.name) && r.size > 1536 * 1024).map((r) => r.name),
  },
  {
    label: 'init ≤ 2× the health route (PDF functions ≤ 3×)',
    over: rows.filter((r) => r.initMs > (isPdf(r.name) ? 3 : 2) * health.initMs).map((r) => r.name),
  },
  {
    label: "init ≤ 2× the health route with DynamoDB's client (PDF functions ≤ 3×)",
    over: rows.filter((r) => r.initMs > (isPdf(r.name) ? 3 : 2) * dataFloorMs).map((r) => r.name),
  },
];
for (const target of targets) {
  console.log(`target ${target.label}: ${target.over.length === 0 ? 'met' : `over: ${target.over.join(', ')}`}`);
}

/**
 * Lambda bundle benchmark: bundles every catalogue function exactly as `cdk deploy` does (lib/bundling.ts), then
 * prints each bundle's minified and gzipped size and its cold module-init time (a fresh Node process importing the
 * bundle with the environment its grants give, median of several runs). Not part of `npm test`: figures, not
 * assertions. Usage: `npm run bench:bundles [-- --runs 7]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_BUNDLING } from '../lib/bundling.js';
import { REPO_ROOT } from '../lib/paths.js';
import { ALL_FUNCTIONS } from '../lambdas/functions.js';
import { environmentFor, type GrantValues } from '../lambdas/grants.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
// Inside the repository, so the external @aws-sdk/* packages resolve from node_modules as they do on Lambda.
const OUT_DIR = join(REPO_ROOT, '.bench', 'bundles');

// Values that let every handler finish its cold start without reaching anything: secrets inline, local URLs.
const VALUES: GrantValues = {
  tableName: 'bench',
  documentsBucket: 'bench',
  stateMachineArn: 'arn:aws:states:us-east-1:000000000000:stateMachine:bench',
  emailFrom: 'bench@example.com',
  appUrl: 'http://127.0.0.1:5173',
  pushEndpoint: 'http://127.0.0.1:1',
  tokenIssuer: 'http://127.0.0.1:1/us-east-1_bench',
  tokenAudience: 'bench-client',
  userPoolId: 'us-east-1_bench',
  asaasApiUrl: 'http://127.0.0.1:1',
  postalCodeApiUrl: 'http://127.0.0.1:1',
  secret: () => ({ value: 'bench-secret-0123456789abcdef0123456789abcdef' }),
};

const IMPORT_TIMER = `
const started = performance.now();
await import(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
writeFileSync(join(OUT_DIR, 'package.json'), '{"type":"module"}');

const rows: { name: string; size: number; gzip: number; initMs: number }[] = [];
for (const fn of ALL_FUNCTIONS) {
  const outfile = join(OUT_DIR, `${fn.name}.mjs`);
  await build({
    entryPoints: [join(REPO_ROOT, fn.entry)],
    outfile,
    bundle: true,
    format: LAMBDA_BUNDLING.format,
    platform: LAMBDA_BUNDLING.platform,
    target: LAMBDA_BUNDLING.target,
    mainFields: [...LAMBDA_BUNDLING.mainFields],
    minify: LAMBDA_BUNDLING.minify,
    external: [...LAMBDA_BUNDLING.external],
    banner: { js: LAMBDA_BUNDLING.banner },
    logLevel: 'error',
  });
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
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', IMPORT_TIMER, outfile], { env });
    times.push(Number(out.toString()));
  }
  rows.push({ name: fn.name, size: code.length, gzip: gzipSync(code).length, initMs: median(times) });
}

const width = Math.max(...rows.map((r) => r.name.length));
console.log(
  `Lambda bundles (esbuild ${LAMBDA_BUNDLING.target}, minified, @aws-sdk external; init = median of ${RUNS} cold imports on Node ${process.versions.node})\n`,
);
console.log(`${'function'.padEnd(width)}  ${'minified'.padStart(10)}  ${'gzip'.padStart(9)}  ${'init'.padStart(8)}`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(width)}  ${kb(row.size).padStart(10)}  ${kb(row.gzip).padStart(9)}  ${`${row.initMs.toFixed(0)} ms`.padStart(8)}`,
  );
}
rmSync(OUT_DIR, { recursive: true, force: true });

/**
 * `npm test`: the whole suite as jobs, two at a time. vitest alone runs one file at a time on 2 cores (its default is
 * cores − 1 workers), yet most of a browser test, a script's quick run or an emulator's start is waiting, so one core
 * sat idle. Two slots, not more: with three (the browser tests' two halves beside the checks) the run took 1,058 s
 * instead of 953 s with two, every job slower for the contention.
 *   - e2e 1/2 and e2e 2/2: the browser tests in two halves (vitest's `--shard`), each with a runtime of its own on its
 *     own ports and data folder, so the slots stay balanced as the browser tests grow;
 *   - checks: TypeScript, ESLint and Prettier, then the unit, cdk and integration projects;
 *   - each documented script's quick run (the tools project, one test at a time), longest first.
 * A job's files run one at a time, as before; each line of output is prefixed with its job. Exits non-zero if any job
 * fails, after all have finished (every failure is reported in one run).
 *
 * Usage: `npm test` (or `npx tsx scripts/test.ts`). One project alone: `npm run test:unit`, `npm run test:e2e`,
 * `npm run test:tools`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../lib/paths.js';
import { failureExcerpt } from './failure-excerpt.js';

type Step = { command: string; args: string[]; env?: Record<string, string> };
type Job = { name: string; steps: Step[] };

const SLOTS = 2;
/** Ports of the second e2e half: clear of the first (0), of `npm start` and of the benches' offsets (2000–4000). */
const E2E_SHARD_PORT_SHIFT = 500;
/** A checkout's own shift (a git worktree running beside another), kept under the halves' own. */
const BASE_PORT_SHIFT = Number(process.env.BAIXA_TEST_PORT_SHIFT ?? 0);
const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);
/**
 * Every DynamoDB Local the suite starts (about ten) runs on the JVM's quick compiler only, with one GC thread: its
 * short life never pays back C2's compiling, which took half of its CPU (an integration sample: 30 s of Java's CPU
 * before, 16 s after). Only in the suite (the benches' quick runs included, whose figures are not read): `npm start`
 * and the benches run by hand keep the JVM's defaults, so their figures are the emulator at full speed.
 */
const SUITE_JAVA_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';
const npmRun = (script: string): Step => ({ command: 'npm', args: ['run', '--silent', script] });
const vitest = (...args: string[]): Step => ({ command: bin('vitest'), args: ['run', ...args] });
/**
 * Half of the browser tests (vitest's `--shard`), with a runtime of its own: its own ports (BAIXA_TEST_PORT_SHIFT, as
 * a second checkout's run would use) and data folder, so the two halves never share state.
 */
/** The site's production build, made once by the first half and served by both (test/e2e/global-setup.ts). */
const e2eSiteRoot = mkdtempSync(join(tmpdir(), 'baixa-e2e-site-'));
const e2eShard = (index: number, of: number): Job => ({
  name: `e2e ${index}/${of}`,
  steps: [
    {
      ...vitest('--project', 'e2e', `--shard=${index}/${of}`),
      env: {
        BAIXA_TEST_PORT_SHIFT: String(BASE_PORT_SHIFT + E2E_SHARD_PORT_SHIFT * (index - 1)),
        BAIXA_E2E_SITE_DIR: join(e2eSiteRoot, 'site'),
        ...(index === 1 ? { BAIXA_E2E_SITE_BUILDER: '1' } : {}),
      },
    },
  ],
});
/** One script's test in the tools project (test/tools/scripts.test.ts names each `npm run <script>`). */
const tool = (script: string): Job => ({
  name: script,
  steps: [vitest('--project', 'tools', '--testNamePattern', `^npm run ${script} `)],
});

/** Longest first, so the short ones fill the gaps at the end. */
const JOBS: Job[] = [
  e2eShard(1, 2),
  {
    name: 'checks',
    steps: [
      npmRun('typecheck'),
      npmRun('lint'),
      vitest('--project', 'unit', '--project', 'cdk', '--project', 'integration'),
    ],
  },
  e2eShard(2, 2),
  tool('bench:start'),
  tool('bench:web'),
  tool('bench'),
  tool('bench:load'),
  tool('mutation'),
  tool('bench:admin'),
  tool('bench:reconcile'),
  tool('bench:bundles'),
  tool('cost'),
];

/** What a failed step printed, kept to be shown again at the end: CI keeps only the tail of a run's output. */
type StepRun = { code: number; lines: string[] };

function runStep(job: string, step: Step): Promise<StepRun> {
  const output: string[] = [];
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      cwd: REPO_ROOT,
      env: { JAVA_TOOL_OPTIONS: SUITE_JAVA_OPTIONS, ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = `[${job}] `;
    const relay = (stream: NodeJS.WriteStream) => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          stream.write(`${prefix}${line}\n`);
          output.push(line);
        }
      };
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.once('error', (error) => {
      process.stderr.write(`${prefix}${step.command} could not start: ${error.message}\n`);
      resolve({ code: 1, lines: output });
    });
    child.once('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), lines: output }));
  });
}

type Result = { name: string; code: number; seconds: number; failure: string[] };

async function runJob(job: Job): Promise<Result> {
  const started = performance.now();
  let run: StepRun = { code: 0, lines: [] };
  for (const step of job.steps) {
    run = await runStep(job.name, step);
    if (run.code !== 0) break;
  }
  const failure = run.code === 0 ? [] : failureExcerpt(run.lines);
  return { name: job.name, code: run.code, seconds: (performance.now() - started) / 1000, failure };
}

const started = performance.now();
const queue = [...JOBS];
const results: Result[] = [];
await Promise.all(
  Array.from({ length: SLOTS }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) results.push(await runJob(job));
  }),
);

for (const { name, failure } of results.filter((result) => result.code !== 0)) {
  console.log(`\n${name} failed; what it printed about it:`);
  for (const line of failure) console.log(`[${name}] ${line}`);
}
console.log('');
for (const { name, code, seconds } of results) {
  console.log(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
}
rmSync(e2eSiteRoot, { recursive: true, force: true });
const failed = results.some((result) => result.code !== 0);
console.log(`npm test: ${failed ? 'FAILED' : 'passed'} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exitCode = failed ? 1 : 0;

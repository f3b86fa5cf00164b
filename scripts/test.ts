/**
 * `npm test`: the whole suite in three lanes that run at once, because most of a browser test, a benchmark's quick run
 * or an emulator's start is waiting, and one vitest worker (its default on 2 cores) leaves a core idle:
 *   - checks: TypeScript, ESLint and Prettier, then the unit, cdk and integration projects;
 *   - browser: the e2e project (its own runtime, on its own ports);
 *   - tools: every documented script in its quick mode (their own emulators, on their own ports).
 * Each lane runs its files one at a time, as before; each line of output is prefixed with its lane. Exits non-zero if
 * any lane fails, after all have finished (every failure is reported in one run).
 *
 * Usage: `npm test` (or `npx tsx scripts/test.ts`). One project alone: `npm run test:unit`, `npm run test:e2e`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../lib/paths.js';

type Step = { command: string; args: string[] };
type Lane = { name: string; steps: Step[] };

const bin = (name: string) => join(REPO_ROOT, 'node_modules/.bin', name);
const npmRun = (script: string): Step => ({ command: 'npm', args: ['run', '--silent', script] });
const vitest = (...projects: string[]): Step => ({
  command: bin('vitest'),
  args: ['run', ...projects.flatMap((project) => ['--project', project])],
});

const LANES: Lane[] = [
  { name: 'checks', steps: [npmRun('typecheck'), npmRun('lint'), vitest('unit', 'cdk', 'integration')] },
  { name: 'browser', steps: [vitest('e2e')] },
  { name: 'tools', steps: [vitest('tools')] },
];

function runStep(lane: string, step: Step): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const prefix = `[${lane}] `;
    const relay = (stream: NodeJS.WriteStream) => {
      let partial = '';
      return (chunk: Buffer) => {
        const lines = (partial + chunk.toString()).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) stream.write(`${prefix}${line}\n`);
      };
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.once('error', (error) => {
      process.stderr.write(`${prefix}${step.command} could not start: ${error.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function runLane(lane: Lane): Promise<{ name: string; code: number; seconds: number }> {
  const started = performance.now();
  for (const step of lane.steps) {
    const code = await runStep(lane.name, step);
    if (code !== 0) return { name: lane.name, code, seconds: (performance.now() - started) / 1000 };
  }
  return { name: lane.name, code: 0, seconds: (performance.now() - started) / 1000 };
}

const results = await Promise.all(LANES.map(runLane));
console.log('');
for (const { name, code, seconds } of results) {
  console.log(`${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s`);
}
process.exitCode = results.some((result) => result.code !== 0) ? 1 : 0;

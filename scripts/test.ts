/**
 * `npm test`: the whole suite in two lanes that run at once, because most of a browser test is waiting (for a page, an
 * e-mail, an emulator) and one lane alone leaves a core idle:
 *   - checks: TypeScript, ESLint and Prettier, then the unit, cdk, integration and tools projects;
 *   - browser: the e2e project (its own runtime, on its own ports).
 * Each lane runs its files one at a time, as before; each line of output is prefixed with its lane. Exits non-zero if
 * either lane fails, after both have finished (every failure is reported in one run).
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
  { name: 'checks', steps: [npmRun('typecheck'), npmRun('lint'), vitest('unit', 'cdk', 'integration', 'tools')] },
  { name: 'browser', steps: [vitest('e2e')] },
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

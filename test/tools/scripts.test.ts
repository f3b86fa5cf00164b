import { describe, expect, it } from 'vitest';
import { getDashboardRoute } from '../../domain/api/dashboard.js';
import { getHealthRoute } from '../../domain/api/health.js';
import { getProfileRoute } from '../../domain/api/profile.js';
import { ALL_FUNCTIONS } from '../../lambdas/functions.js';
import { localSettings } from '../../local/settings.js';
import { portIsFree, runScript, type ScriptRun } from './run-script.js';

/**
 * Every documented script (README, Benchmarks) run as a developer runs it, in its `--quick` mode, so none rots
 * unseen: each must exit 0 within its time limit and print what it exists to print. The figures themselves are not
 * judged (a busy machine makes them meaningless); their shape is.
 */

const MINUTE = 60_000;

async function quick(script: string, limitMs: number, args: string[] = []): Promise<ScriptRun> {
  const run = await runScript(script, ['--quick', ...args], limitMs);
  console.info(`npm run ${script} -- --quick: exit ${run.code ?? run.signal} in ${run.seconds.toFixed(1)} s`);
  expect(run.code, `npm run ${script} -- --quick failed:\n${run.output}`).toBe(0);
  return run;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NUMBER = String.raw`\d+(?:\.\d+)?`;

describe('npm run bench:bundles', () => {
  it('bundles every catalogue function and prints its sizes and cold init time', { timeout: 3 * MINUTE }, async () => {
    const { output } = await quick('bench:bundles', 2.5 * MINUTE);
    expect(output).toContain('init = median of 1 cold imports');
    expect(output).toMatch(/^bare node -e 0 \(a whole process, same run\): \d+ ms$/m);
    expect(output).toMatch(/^target PDF functions ≤ 1.5 MB: (met|over: .+)$/m);
    expect(output).toMatch(/^GetHealth with DynamoDB's client beside it \(.+\): \d+ ms$/m);
    expect(output).toMatch(
      /^DynamoDB's client alone \(the line above − GetHealth\): -?\d+ ms, -?\d+\.\d\d× GetHealth's whole init$/m,
    );
    expect(output).toMatch(/^target init ≤ 2× the health route with DynamoDB's client \(.+\): (met|over: .+)$/m);
    for (const fn of ALL_FUNCTIONS) {
      expect(output).toMatch(
        new RegExp(`^${escape(fn.name)}\\s+${NUMBER} KB\\s+${NUMBER} KB\\s+${NUMBER} KB\\s+\\d+ ms\\s+${NUMBER}$`, 'm'),
        // A row per function, nothing more: the figures vary, the row must be there.
      );
    }
  });
});

describe('npm run bench', () => {
  it(
    'measures the dashboard and profile routes next to bare DynamoDB reads, and stops its runtime',
    {
      timeout: 4 * MINUTE,
    },
    async () => {
      const { output } = await quick('bench', 3.5 * MINUTE);
      const rows = [
        'DynamoDB Query (collection)',
        `GET ${getDashboardRoute.path}`,
        'DynamoDB GetItem (profile)',
        `GET ${getProfileRoute.path}`,
      ];
      for (const row of rows) {
        expect(output).toMatch(new RegExp(`^${escape(row)}\\s+${NUMBER} ms\\s+${NUMBER} ms$`, 'm'));
      }
      expect(output).toMatch(new RegExp(`^GET ${escape(getDashboardRoute.path)}: ${NUMBER}× the bare read`, 'm'));
      expect(output).toMatch(new RegExp(`^GET ${escape(getProfileRoute.path)}: ${NUMBER}× the bare read`, 'm'));
      // The same requests timed inside each function (every request's invocation counted, or the bench fails).
      for (const route of [getDashboardRoute, getProfileRoute, getHealthRoute]) {
        expect(output).toMatch(
          new RegExp(`^GET ${escape(route.path)}\\s+${NUMBER} ms\\s+${NUMBER} ms\\s+-?${NUMBER} ms$`, 'm'),
        );
      }
      for (const route of [getDashboardRoute, getProfileRoute]) {
        expect(output).toMatch(
          new RegExp(`^GET ${escape(route.path)} inside its function: ${NUMBER}× the bare read at p50$`, 'm'),
        );
      }
      // Its ports (npm start's, shifted by 2000) are free again: every emulator was stopped, Java included.
      const { ports } = localSettings({ PORT_OFFSET: '2000' });
      for (const [name, port] of Object.entries(ports)) expect(await portIsFree(port), `${name} :${port}`).toBe(true);
    },
  );
});

describe('npm run bench:admin', () => {
  it('seeds a few hundred clients and measures every admin list at both sizes', { timeout: 3 * MINUTE }, async () => {
    const { output } = await quick('bench:admin', 2.5 * MINUTE);
    expect(output).toContain('Seeded 100 clients');
    expect(output).toContain('Topped up to 300 clients');
    expect(output).toMatch(/^case\s+100 \(ms\)\s+300 \(ms\)\s+ratio\s+rows/m);
    // Each list's first page is a full page at both sizes: the seeded items are the ones the admin screens read.
    for (const list of ['clientes', 'processos', 'financeiro', 'indicacoes']) {
      expect(output).toMatch(
        new RegExp(`^${list}: first page\\s+${NUMBER}\\s+${NUMBER}\\s+${NUMBER}\\s+25 / 25\\s+(yes|NO)$`, 'm'),
      );
    }
    expect(output).toMatch(/^clientes: search document\s.*\s1 \/ 1\s+(yes|NO)$/m);
    expect(output).toMatch(/^processos: search protocol\s.*\s1 \/ 1\s+(yes|NO)$/m);
    expect(output).toMatch(/^(Target met|Target missed by)/m);
    const port = Number(/DynamoDB Local \(in memory\) on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
    expect(await portIsFree(port), `DynamoDB Local still on :${port}`).toBe(true);
  });
});

describe('npm run bench:reconcile', () => {
  it(
    'seeds charges on both sides, reconciles them once and finds every divergence it seeded',
    { timeout: 3 * MINUTE },
    async () => {
      const { output } = await quick('bench:reconcile', 2.5 * MINUTE);
      expect(output).toMatch(/^Seeded 300 charges \(1,200 items\) and \d+ Asaas payments in /m);
      expect(output).toMatch(new RegExp(`^run\\s+completed in ${NUMBER} s$`, 'm'));
      expect(output).toMatch(/^pages\s+\d+$/m);
      expect(output).toMatch(/^Asaas requests\s+\d+$/m);
      // What it repaired and found is what was seeded: the counts are checked by the bench itself.
      for (const row of [
        'charges checked',
        'repaired \\(dropped paid deliveries\\)',
        'orphan payments',
        'divergences',
      ]) {
        expect(output).toMatch(new RegExp(`^${row}\\s+\\d+ \\(expected \\d+: ok\\)$`, 'm'));
      }
      expect(output).toMatch(/^second run\s+completed in .*: 0 repaired, 0 new divergences/m);
      const port = Number(/DynamoDB Local \(in memory\) on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]);
      expect(await portIsFree(port), `DynamoDB Local still on :${port}`).toBe(true);
    },
  );
});

describe('npm run bench:web', () => {
  it('builds the site, serves it and runs Lighthouse on the landing page', { timeout: 4 * MINUTE }, async () => {
    const { output } = await quick('bench:web', 3.5 * MINUTE);
    expect(output).toContain('median of 1 runs');
    // console.table's row: page, then performance, accessibility, SEO, best practices (0–100, never missing).
    const row = /│ 0\s+│ '\/'\s+│ (\d+)\s+│ (\d+)\s+│ (\d+)\s+│ (\d+)\s+│/.exec(output);
    expect(row, output).not.toBeNull();
    for (const score of row!.slice(1)) expect(Number(score)).toBeGreaterThan(0);
    expect(output).not.toContain("'/consultar'");
    expect(output).toMatch(/^(All targets met\.|Missed targets:)/m);
  });
});

describe('npm run bench:start', () => {
  it(
    'starts npm start’s runtime, times the first visit in Chromium, and stops it',
    { timeout: 5 * MINUTE },
    async () => {
      const { output } = await quick('bench:start', 4.5 * MINUTE);
      expect(output).toMatch(new RegExp(`npm start → "ready"\\s+${NUMBER} s`));
      expect(output).toMatch(new RegExp(`first visit: landing heading\\s+${NUMBER} s`));
      expect(output).toMatch(/target ≤ 2\.00 s: (ok|ABOVE TARGET)/);
      // Its ports (npm start's, shifted by 3000) are free again: the whole runtime was stopped.
      const { ports } = localSettings({ PORT_OFFSET: '3000' });
      for (const [name, port] of Object.entries(ports)) expect(await portIsFree(port), `${name} :${port}`).toBe(true);
    },
  );
});

describe('npm run mutation', () => {
  it('instruments domain/ and passes the unit tests under Stryker (dry run)', { timeout: 4 * MINUTE }, async () => {
    const { output } = await quick('mutation', 3.5 * MINUTE);
    const instrumented = /Instrumented (\d+) source file\(s\) with (\d+) mutant\(s\)/.exec(output);
    expect(instrumented, output).not.toBeNull();
    expect(Number(instrumented![1])).toBeGreaterThan(10);
    expect(Number(instrumented![2])).toBeGreaterThan(100);
    const ran = /Initial test run succeeded\. Ran (\d+) tests/.exec(output);
    expect(ran, output).not.toBeNull();
    expect(Number(ran![1])).toBeGreaterThan(100);
    expect(output).toContain('dry-run has been completed successfully');
  });
});

describe('npm run bench:load', () => {
  it(
    'drives the lookup, the dashboard and the webhook at rising rates and finds nothing lost',
    { timeout: 4 * MINUTE },
    async () => {
      const { output } = await quick('bench:load', 3.5 * MINUTE);
      for (const route of ['POST /public/lookup', 'GET /me/dashboard', 'POST /webhooks/asaas']) {
        for (const rate of [5, 10]) {
          expect(output).toMatch(
            // …p50, p95, p99, then the CPU a request cost DynamoDB Local and this process, and the cores busy: read from
            // /proc on Linux, where the suite runs, so figures and not dashes.
            new RegExp(
              `^${escape(route)}\\s+${rate}\\s+\\d+\\s+\\d+\\s+${NUMBER}(\\s+(${NUMBER}|–)){3}(\\s+${NUMBER}){3}(\\s+\\(.*\\))?$`,
              'm',
            ),
          );
        }
        expect(output).toMatch(
          new RegExp(
            `^${escape(route)}: warm-up \\(not counted\\) 5 requests at 5/s, \\d+ errors, p50 ${NUMBER} ms, p99 ${NUMBER} ms$`,
            'm',
          ),
        );
        expect(output).toMatch(
          new RegExp(
            `^${escape(route)}: at \\d+/s, ${NUMBER} ms of CPU per request: this machine's \\d+ cores would be used up at ≈ \\d+/s$`,
            'm',
          ),
        );
        expect(output).toMatch(
          new RegExp(
            `^${escape(route)}: held \\d+ requests/s \\(p99 ≤ 100 ms, no error\\); (broke at|did not break up to) \\d+/s$`,
            'm',
          ),
        );
      }
      // The script's own checks: each must pass (it exits 1 otherwise, which quick() already refuses).
      // 5 warm-up deliveries, then 5 and 10 measured: the 10th measured one (index 9) redelivers the 5th's event.
      expect(output).toMatch(
        /^check every webhook applied exactly once: ok \(19 events in 20 deliveries: 19 recorded/m,
      );
      expect(output).toMatch(/^check every charge consistent: ok \(19 of 19 /m);
      expect(output).toMatch(/^check the day's received total counts each payment once: ok/m);
      const { ports } = localSettings({ PORT_OFFSET: '4000' });
      for (const [name, port] of Object.entries(ports)) expect(await portIsFree(port), `${name} :${port}`).toBe(true);
    },
  );
});

describe('npm run cost', () => {
  it('prices the recorded journey for three sizes with its biggest lines', { timeout: MINUTE }, async () => {
    const { output } = await quick('cost', 50_000);
    expect(output).toMatch(
      /^Monthly AWS bill, sa-east-1, prices of \d{4}-\d{2}-\d{2}; counts measured \d{4}-\d{2}-\d{2}$/m,
    );
    for (const customers of ['1,000', '10,000', '100,000']) {
      expect(output).toMatch(
        new RegExp(`^${customers} customers/month: \\$${NUMBER} a month, \\$${NUMBER} per 1,000 customers$`, 'm'),
      );
    }
    expect(output.match(/^ {2}\S.*\s\$\d+\.\d\d {2}\S/gm)).toHaveLength(15);
    expect(output).toMatch(/^ {2}WAF\s+\$\d+\.\d\d {2}2 web ACLs, \d+ rules/m);
    expect(output).toMatch(/^Outside AWS, per paying customer/m);
    expect(output).toMatch(/^ {2}Asaas, PIX of R\$ 399\s+R\$ \d+,\d\d$/m);
  });
});

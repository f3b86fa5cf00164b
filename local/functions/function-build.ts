import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { lambdaEsbuildOptions } from '../../lib/bundling.js';
import { fromRepoRoot, REPO_ROOT } from '../../lib/paths.js';

/** Where a build's files go: inside the repository, so the AWS SDK (left outside, as on Lambda) resolves from them. */
const BUILDS_ROOT = join(REPO_ROOT, 'node_modules/.cache/baixa-local-functions');

/** What a container loads: the worker's own module, the shared clients module, and each handler's module. */
export type FunctionModules = {
  readonly worker: URL;
  readonly clients: string;
  /** The built module of a catalogue entry (`lambdas/…/x.ts`), built first if it is not yet. */
  entry(entry: string): Promise<string>;
  /** Removes the build's files. */
  remove(): void;
};

/** A file name for an entry (`lambdas/dashboard/get-dashboard.ts` → `lambdas__dashboard__get-dashboard`). */
const outputName = (entry: string) => entry.replace(/\.ts$/, '').replace(/[^A-Za-z0-9_-]+/g, '__');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The builds of runs that were killed before they could remove their own. */
function removeAbandonedBuilds(): void {
  for (const name of readdirSync(BUILDS_ROOT)) {
    const pid = Number(name.split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid)) {
      rmSync(join(BUILDS_ROOT, name), { recursive: true, force: true });
    }
  }
}

/**
 * The functions' code as the containers load it: bundled by esbuild with the Lambda bundles' own settings (the AWS SDK
 * left out, fonts and WebAssembly beside the code), but every function and the worker in ONE build with shared chunks
 * and unminified. A container loading TypeScript through tsx's loader took 0.55–1 s to cold-start (the loader's
 * resolution and transforms, in every worker, plus each package's many small files); from this build 0.13–0.26 s,
 * and the build of all of them takes under a second. The worker and the handlers import the same clients chunk, so
 * the table guard and the meter wrap the very client the handler uses.
 *
 * `entries` are built at once (the catalogue's); an entry asked for later (a test's fixture) is added by building again
 * with it: chunks are named by their content, so the files a running container loaded stay as they were.
 */
export function buildFunctionModules(entries: readonly string[]): FunctionModules {
  mkdirSync(BUILDS_ROOT, { recursive: true });
  removeAbandonedBuilds();
  const outdir = mkdtempSync(join(BUILDS_ROOT, `${process.pid}-`));
  const built = new Set<string>();
  const bundling = lambdaEsbuildOptions();

  const buildWith = async (wanted: readonly string[]) => {
    await build({
      ...bundling,
      // Read by people in the local logs (the stack traces), and built at every start: not minified.
      minify: false,
      splitting: true,
      outdir,
      entryPoints: {
        'function-worker': fromRepoRoot('local/functions/function-worker.ts'),
        clients: fromRepoRoot('lambdas/shared/clients.ts'),
        ...Object.fromEntries(wanted.map((entry) => [outputName(entry), fromRepoRoot(entry)])),
      },
    });
    for (const entry of wanted) built.add(entry);
  };

  let queue = buildWith([...new Set(entries)]);
  // A failed build is told to whoever asks for an entry (each container's start), not as an unhandled rejection.
  queue.catch(() => {});

  return {
    worker: pathToFileURL(join(outdir, 'function-worker.mjs')),
    clients: join(outdir, 'clients.mjs'),
    async entry(entry) {
      await queue;
      if (!built.has(entry)) {
        queue = queue.then(() => (built.has(entry) ? undefined : buildWith([...built, entry])));
        await queue;
      }
      return join(outdir, `${outputName(entry)}.mjs`);
    },
    remove() {
      rmSync(outdir, { recursive: true, force: true });
    },
  };
}

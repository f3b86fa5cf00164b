/**
 * What `npm run reconcile`, `npm run court-sync` and `npm run reminders` share: attach to the running `npm start`, run
 * one scheduled function now in a local function container (only the environment its catalogue grants give it, as
 * EventBridge Scheduler's invocation on AWS), and hand its outcome to the script's report. A failure is printed and
 * exits 1; the host is always stopped.
 */
import { SCHEDULED_FUNCTIONS } from '../lambdas/functions.js';
import { attachToLocalRuntime, LocalRuntimeNotRunningError } from '../local/attach.js';
import { startFunctionHost } from '../local/functions/function-host.js';
import { localSettings, type LocalSettings } from '../local/settings.js';

type ScheduledName = keyof typeof SCHEDULED_FUNCTIONS;
type AttachedRuntime = Awaited<ReturnType<typeof attachToLocalRuntime>>;

export async function runScheduledNow<Outcome>(
  name: ScheduledName,
  options: {
    /** The line printed before the run. */
    intro: string;
    /** What the function is invoked with (EventBridge Scheduler's event; `{}` when the handler reads none). */
    event?: unknown;
    /** What the run did, printed; returns false when the run itself says it failed (exit code 1). */
    report: (
      outcome: Outcome,
      seconds: string,
      where: { settings: LocalSettings; attached: AttachedRuntime },
    ) => boolean | void;
    /** The words before the error's message when the run throws ('The reminders failed'). */
    failure: string;
  },
): Promise<void> {
  const settings = localSettings();
  let attached: AttachedRuntime;
  try {
    attached = await attachToLocalRuntime(settings);
  } catch (error) {
    if (!(error instanceof LocalRuntimeNotRunningError)) throw error;
    console.error(`✖ ${error.message}`);
    process.exit(1);
  }
  const fn = { name, ...SCHEDULED_FUNCTIONS[name] };
  const host = startFunctionHost({ stage: 'local', ...attached, functions: [fn], log: (line) => console.log(line) });
  const started = performance.now();
  console.log(options.intro);
  // The host's containers do not keep a process alive (npm start's servers do): the script waits for its run itself.
  const keepAlive = setInterval(() => {}, 60_000);
  try {
    const outcome = (await host.invoke(fn, options.event ?? {}, { timeoutMs: fn.timeoutSeconds * 1000 })) as Outcome;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (options.report(outcome, seconds, { settings, attached }) === false) process.exitCode = 1;
  } catch (error) {
    console.error(`✖ ${options.failure}: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    clearInterval(keepAlive);
    await host.stop();
  }
}

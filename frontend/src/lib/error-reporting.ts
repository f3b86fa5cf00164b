import type { BrowserErrorReport } from '@domain/api/browser-errors.js';
import {
  BROWSER_ERRORS_PER_PAGE,
  routePattern,
  scrubPersonalData,
  type BrowserErrorKind,
} from '@domain/browser-errors.js';

/**
 * Tells the API about errors the SPA caught (the error boundary, unhandled promise rejections), so they reach the logs
 * and not only a console nobody sees. Kept free of the API client and the router: the error boundary is in the public
 * pages' chunk, so what sends and what knows the routes are given by the app's entry (main.tsx).
 */
export type ErrorReporterOptions = {
  /** Sends one report; its failure is swallowed (reporting must never become an error of its own). */
  send: (report: BrowserErrorReport) => Promise<unknown>;
  /** The router's pattern of a path (`/admin/clientes/:id`), so no id or query ever leaves the browser. */
  patternOf: (pathname: string) => string;
  /** The path the person is on now. */
  currentPath: () => string;
  /** Which build is running, to tell a fixed bug from a new one. */
  build: string;
  /** Reports a page load may send (default BROWSER_ERRORS_PER_PAGE). */
  limit?: number;
};

export type ErrorReporter = (kind: BrowserErrorKind, error: unknown) => void;

/** The text of whatever was thrown or rejected: an Error's name and message, a string, or the value's type. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  if (typeof error === 'string') return error;
  return `Non-Error ${error === null ? 'null' : typeof error} thrown`;
}

/**
 * One reporter per page load: the same error (kind, route, message) is sent once, and at most `limit` reports in all,
 * so a render loop cannot flood the route. Messages are cleaned of personal data before they leave.
 */
export function createErrorReporter(options: ErrorReporterOptions): ErrorReporter {
  const limit = options.limit ?? BROWSER_ERRORS_PER_PAGE;
  const seen = new Set<string>();
  return (kind, error) => {
    if (seen.size >= limit) return;
    let report: BrowserErrorReport;
    try {
      const route = routePattern(options.patternOf(options.currentPath()));
      const message = scrubPersonalData(errorMessageOf(error)) || 'Erro sem mensagem';
      report = { kind, route, message, build: options.build };
    } catch {
      return;
    }
    const key = `${report.kind}\n${report.route}\n${report.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    options.send(report).catch(() => undefined);
  };
}

let installed: ErrorReporter | null = null;

/** Reports one error through the installed reporter; a no-op where none is (the public pages, tests). */
export function reportBrowserError(kind: BrowserErrorKind, error: unknown): void {
  installed?.(kind, error);
}

/**
 * Installs the page's reporter and listens for rejections nobody handled. The route's own failures are not reported
 * again: a rejection from a failed report is swallowed by the reporter itself.
 */
export function installErrorReporting(
  options: ErrorReporterOptions,
  target: Pick<Window, 'addEventListener'> = window,
): ErrorReporter {
  const reporter = createErrorReporter(options);
  installed = reporter;
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => reporter('rejection', event.reason));
  return reporter;
}

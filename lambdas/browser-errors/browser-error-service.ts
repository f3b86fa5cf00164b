import type { BrowserErrorReport } from '../../domain/api/browser-errors.js';
import { BROWSER_ERROR_USER_AGENT_MAX, routePattern, scrubPersonalData } from '../../domain/browser-errors.js';
import { logger } from '../shared/logger.js';

/** A report as it is logged: every field cleaned here again, whatever the browser did. */
export type LoggedBrowserError = {
  kind: BrowserErrorReport['kind'];
  route: string;
  message: string;
  build: string;
  userAgent: string;
};

/**
 * The report as it may be kept: the route reduced to a pattern, anything that looks like personal data removed from the
 * message, the user agent shortened (it identifies a browser family, not a person). No address, no id, no query.
 */
export function cleanBrowserError(report: BrowserErrorReport, userAgent: string | undefined): LoggedBrowserError {
  return {
    kind: report.kind,
    route: routePattern(report.route),
    message: scrubPersonalData(report.message),
    build: report.build,
    // Cut before scrubbing: the header is the caller's to make long, and the scrub's patterns scan all of it.
    userAgent: scrubPersonalData((userAgent ?? '').slice(0, BROWSER_ERROR_USER_AGENT_MAX * 2)).slice(
      0,
      BROWSER_ERROR_USER_AGENT_MAX,
    ),
  };
}

/** One structured line per report, under a fixed message, so a log query groups them by route, message and build. */
export function logBrowserError(report: LoggedBrowserError): void {
  logger.warn('Browser error', { browserError: report });
}

import { TEST_ORIGIN_VERIFY_SECRET } from '../factories.js';

// What every API function is given on AWS and locally: handlers read it at import, before any test runs.
process.env.ORIGIN_VERIFY_SECRET ??= TEST_ORIGIN_VERIFY_SECRET;

// The unit project may run in one vitest process with the integration project, whose global setup sets the local
// runtime's Powertools settings (pretty-printed dev output, metrics on, errors only) for its own files: unit tests read the output
// as on Lambda, so they start from Lambda's defaults whatever ran before.
for (const name of ['POWERTOOLS_DEV', 'POWERTOOLS_METRICS_DISABLED', 'POWERTOOLS_TRACE_ENABLED', 'LOG_LEVEL']) {
  delete process.env[name];
}

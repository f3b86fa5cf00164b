import { EXAMPLE_COMPANY } from '../../domain/company.js';
import { TEST_ORIGIN_VERIFY_SECRET } from '../factories.js';

// What every API function is given on AWS and locally: handlers read it at import, before any test runs.
process.env.ORIGIN_VERIFY_SECRET ??= TEST_ORIGIN_VERIFY_SECRET;
// The e-mails' layout and the contract name the provider: the examples, as `npm start` runs with. The SPA's modules
// read the identity their build was given (frontend/vite.config.ts); the tests give them the same.
process.env.COMPANY_IDENTITY ??= JSON.stringify(EXAMPLE_COMPANY);
process.env.VITE_COMPANY_IDENTITY ??= JSON.stringify(EXAMPLE_COMPANY);

// The unit project may run in one vitest process with the integration project, whose global setup sets the local
// runtime's Powertools settings (pretty-printed dev output, metrics on, errors only) for its own files: unit tests read the output
// as on Lambda, so they start from Lambda's defaults whatever ran before.
for (const name of ['POWERTOOLS_DEV', 'POWERTOOLS_METRICS_DISABLED', 'POWERTOOLS_TRACE_ENABLED', 'LOG_LEVEL']) {
  delete process.env[name];
}

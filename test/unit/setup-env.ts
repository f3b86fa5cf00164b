import { TEST_ORIGIN_VERIFY_SECRET } from '../factories.js';

// What every API function is given on AWS and locally: handlers read it at import, before any test runs.
process.env.ORIGIN_VERIFY_SECRET ??= TEST_ORIGIN_VERIFY_SECRET;

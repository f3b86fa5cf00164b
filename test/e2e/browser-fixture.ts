import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { browserFixture } from './browser.js';

/**
 * The e2e project's setup file, run in every test file's worker: the worker's browser connection (opened by the first
 * page asked for) closes after its tests, and each test's contexts close after it. Test files set up no browser.
 */
beforeAll(browserFixture.beforeAll);
beforeEach(browserFixture.beforeEach);
afterEach(browserFixture.afterEach);
afterAll(browserFixture.afterAll);

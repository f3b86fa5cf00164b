import { describe, expect, it } from 'vitest';
import { failureExcerpt } from '../../../scripts/failure-excerpt.js';

describe("npm test's reprint of a failed job", () => {
  it("keeps vitest's failed-tests block, without colours, up to the summary", () => {
    const output = [
      ' ✓  unit  test/unit/a.test.ts (2 tests) 3ms',
      '\u001b[31m⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\u001b[39m',
      ' FAIL  integration  test/integration/b.test.ts > settles once',
      'AssertionError: expected 2 to be 1',
      '',
      ' Test Files  1 failed | 202 passed (203)',
      '      Tests  1 failed | 2353 passed (2354)',
    ];
    expect(failureExcerpt(output)).toEqual([
      '⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯',
      ' FAIL  integration  test/integration/b.test.ts > settles once',
      'AssertionError: expected 2 to be 1',
      '',
    ]);
  });

  it('keeps the last lines of a step that is not vitest (a type error, a lint finding)', () => {
    const output = Array.from({ length: 100 }, (_, index) => `line ${index}`);
    const excerpt = failureExcerpt(output);
    expect(excerpt).toHaveLength(60);
    expect(excerpt.at(-1)).toBe('line 99');
  });

  it('cuts a very long block and says so', () => {
    const output = ['Failed Tests 9', ...Array.from({ length: 400 }, (_, index) => `detail ${index}`)];
    const excerpt = failureExcerpt(output);
    expect(excerpt).toHaveLength(151);
    expect(excerpt.at(-1)).toBe('… and 251 more lines (the whole output is above)');
  });
});

/** `npm test`'s reprint of why a job failed (scripts/test.ts): CI keeps only the tail of a run's output. */
const ANSI = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');
const MAX_FAILURE_LINES = 150;
/**
 * The part of a failed step's output that says why: vitest's 'Failed Tests' block up to its summary, else (a type
 * error, a lint finding) the step's last lines.
 */
export function failureExcerpt(output: string[]): string[] {
  const lines = output.map((line) => line.replace(ANSI, ''));
  const from = lines.findIndex((line) => /Failed (Tests|Suites) \d+/.test(line));
  const to = lines.findIndex((line, index) => index > from && /^\s*Test Files\s/.test(line));
  const excerpt = from >= 0 ? lines.slice(from, to > from ? to : undefined) : lines.slice(-60);
  return excerpt.length > MAX_FAILURE_LINES
    ? [
        ...excerpt.slice(0, MAX_FAILURE_LINES),
        `… and ${excerpt.length - MAX_FAILURE_LINES} more lines (the whole output is above)`,
      ]
    : excerpt;
}

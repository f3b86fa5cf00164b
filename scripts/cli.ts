/**
 * The scripts' command-line flags, read one way: `--name value` for numbers, `--name` alone for switches. Every script
 * has a `--quick` switch, the cheap run its test in test/tools/ uses so the script cannot rot unseen.
 */

/** Whether `--name` was given. */
export function hasFlag(name: string, argv: readonly string[] = process.argv): boolean {
  return argv.includes(`--${name}`);
}

/** `--name <whole number ≥ min>`, or the fallback when absent; anything else stops the script with a clear message. */
export function numberFlag(name: string, fallback: number, min = 1, argv: readonly string[] = process.argv): number {
  const at = argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(argv[at + 1]);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`--${name} needs a whole number ≥ ${min}, got ${JSON.stringify(argv[at + 1] ?? '')}`);
  }
  return value;
}

import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, found from this file rather than from `process.cwd()`: `cdk synth`, vitest and
 * the local runtime start from different directories, and catalogue entries are relative to the root.
 */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Resolves a catalogue path (e.g. `lambdas/health/get-health.ts`) against the repository root. */
export const fromRepoRoot = (relativePath: string): string => resolve(REPO_ROOT, relativePath);

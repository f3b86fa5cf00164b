import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTheme } from '@aws-amplify/ui';
import {
  AMPLIFY_THEME_CONTEXT_MODULE,
  LAZY_THEME_CONTEXT_SOURCE,
  lazyAmplifyThemeDefault,
} from '../../../lib/lazy-amplify-theme-default.js';
import { REPO_ROOT } from '../../../lib/paths.js';

const original = join(REPO_ROOT, 'node_modules', AMPLIFY_THEME_CONTEXT_MODULE);
// Inside the repository, so the replacement's bare imports (react, @aws-amplify/ui) resolve as in the bundle.
const scratch = mkdtempSync(join(REPO_ROOT, 'node_modules', '.lazy-theme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type ThemeContextValue = { theme: { name: string; cssText: string }; colorMode?: string };

describe('the lazy default of Amplify UI’s theme context (vite plugin)', () => {
  it('replaces the module the installed package has, which exports the context alone and builds its default at once', () => {
    const source = readFileSync(original, 'utf8');
    expect(source).toContain('theme: createTheme(),');
    expect(source.match(/^export .*$/gm)).toEqual(['export { ThemeContext };']);
  });

  it('serves its own source for that module only', () => {
    const load = lazyAmplifyThemeDefault().load as (id: string) => string | null;
    expect(load(original)).toBe(LAZY_THEME_CONTEXT_SOURCE);
    expect(load(join(REPO_ROOT, 'node_modules/@aws-amplify/ui-react/dist/esm/hooks/useTheme.mjs'))).toBeNull();
  });

  it('gives a reader without a provider the same default theme, built when first read', async () => {
    const file = join(scratch, 'ThemeContext.mjs');
    writeFileSync(file, LAZY_THEME_CONTEXT_SOURCE);
    // A stand-in for @aws-amplify/ui beside the file (Node looks there first) that counts the themes built.
    const standIn = join(scratch, 'node_modules/@aws-amplify/ui');
    mkdirSync(standIn, { recursive: true });
    writeFileSync(
      join(standIn, 'package.json'),
      JSON.stringify({ name: '@aws-amplify/ui', type: 'module', exports: './index.mjs' }),
    );
    writeFileSync(
      join(standIn, 'index.mjs'),
      `import { createTheme as real } from ${JSON.stringify(pathToFileURL(join(REPO_ROOT, 'node_modules/@aws-amplify/ui/dist/esm/index.mjs')).href)};
globalThis.themesBuilt = 0;
export const createTheme = (...args) => (globalThis.themesBuilt++, real(...args));`,
    );
    const built = () => (globalThis as { themesBuilt?: number }).themesBuilt;
    const { ThemeContext } = (await import(pathToFileURL(file).href)) as { ThemeContext: unknown };
    // What a reader with no provider above it gets: the context's default value (React keeps it in `_currentValue`;
    // react-dom's server renderer would read the same, but its types bring the DOM's into this Node project).
    const read = (pick: (value: ThemeContextValue) => string | undefined) =>
      pick((ThemeContext as { _currentValue: ThemeContextValue })._currentValue) ?? 'none';
    expect(built()).toBe(0);
    const expected = createTheme();
    expect(read((value) => value.theme.name)).toBe(expected.name);
    expect(built()).toBe(1);
    expect(read((value) => String(value.theme.cssText === expected.cssText))).toBe('true');
    expect(read((value) => value.colorMode)).toBe('none');
    expect(built()).toBe(1);
  });
});

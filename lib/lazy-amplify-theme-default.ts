import type { Plugin } from 'vite';

/** The module replaced: Amplify UI's theme context, as its package lays it out. */
export const AMPLIFY_THEME_CONTEXT_MODULE = '/@aws-amplify/ui-react/dist/esm/components/ThemeProvider/ThemeContext.mjs';

/**
 * The same context and the same default theme, built on its first read instead of when the module loads. Every reader
 * in Amplify UI (`useTheme`, `useColorMode`) reads `context.theme` or `context.colorMode`, so a getter serves them all.
 */
export const LAZY_THEME_CONTEXT_SOURCE = `import * as React from 'react';
import { createTheme } from '@aws-amplify/ui';

let defaultTheme;
const ThemeContext = React.createContext({
  get theme() {
    return (defaultTheme ??= createTheme());
  },
  colorMode: undefined,
});

export { ThemeContext };
`;

/**
 * Amplify UI's ThemeContext builds a whole default theme (`createTheme()`: every token and its 120 KB of CSS, 20–28 ms
 * of a signed-in start's 0.65–0.7 s on this machine, several times that on a slow phone) as soon as its module loads,
 * for a default no screen of ours reads: every Amplify component renders under a ThemeProvider (the app's AppProvider,
 * the configuration error screen's own), which builds our theme instead. In the client build this plugin serves the
 * module with the default built on first read. A package update that moves the module fails the build (rather than
 * silently bringing the cost back); the dev server's pre-bundled dependencies keep the original, which only costs time.
 */
export function lazyAmplifyThemeDefault(): Plugin {
  let replaced = false;
  return {
    name: 'lazy-amplify-theme-default',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    load(id) {
      if (!id.endsWith(AMPLIFY_THEME_CONTEXT_MODULE)) return null;
      replaced = true;
      return LAZY_THEME_CONTEXT_SOURCE;
    },
    buildEnd(error) {
      if (!error && !replaced) {
        this.error(
          `Amplify UI's theme context (${AMPLIFY_THEME_CONTEXT_MODULE}) was not found: update lib/lazy-amplify-theme-default.ts`,
        );
      }
    },
  };
}

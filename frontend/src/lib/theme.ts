import type { Theme } from '@aws-amplify/ui-react';

const NAVY = {
  10: '#eef3fa',
  20: '#d3dfef',
  40: '#8aa5cc',
  60: '#3a629b',
  80: '#163a6b',
  90: '#0b2545',
  100: '#071a31',
};

const GREEN = {
  10: '#eaf7f0',
  20: '#c8ebd7',
  40: '#86d1a8',
  60: '#3fb37f',
  80: '#23875a',
  90: '#1a6b47',
  100: '#114a31',
};

/**
 * Navy for trust, green for "resolved": the two colours a legal service about clearing a name leans on. The theme's
 * input, not `createTheme(...)` of it: ThemeProvider builds it (every token and its CSS) on its own, so building it
 * here too made every app start pay that pass twice (20–28 ms a pass on this machine, several times that on a phone).
 */
export const theme: Theme = {
  name: 'limpa-nome',
  tokens: {
    colors: {
      // Amplify's components read `primary`/`secondary`; `brand.*` is kept in step for our own CSS.
      primary: NAVY,
      secondary: GREEN,
      brand: { primary: NAVY, secondary: GREEN },
    },
    fonts: {
      default: {
        variable: {
          value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
        },
        static: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
    },
    radii: {
      small: '0.375rem',
      medium: '0.625rem',
      large: '0.875rem',
    },
    components: {
      card: {
        borderRadius: '{radii.large}',
        padding: '{space.large}',
        outlined: { borderColor: '{colors.neutral.20}' },
      },
      button: {
        borderRadius: '{radii.medium}',
        primary: {
          backgroundColor: '{colors.brand.primary.90}',
          _hover: { backgroundColor: '{colors.brand.primary.80}' },
          _focus: { backgroundColor: '{colors.brand.primary.80}' },
          _active: { backgroundColor: '{colors.brand.primary.100}' },
        },
      },
      fieldcontrol: {
        borderRadius: '{radii.medium}',
      },
      heading: {
        color: '{colors.brand.primary.90}',
        1: { fontWeight: '{fontWeights.bold}' },
        2: { fontWeight: '{fontWeights.bold}' },
        3: { fontWeight: '{fontWeights.semibold}' },
        4: { fontWeight: '{fontWeights.semibold}' },
      },
    },
  },
};

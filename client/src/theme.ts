import {
  createTheme,
  localStorageColorSchemeManager,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const lumen: MantineColorsTuple = [
  '#f0eeff',
  '#dcd8fb',
  '#b6aef3',
  '#8e82ec',
  '#6c5de5',
  '#5b4bdb',
  '#4d3cd2',
  '#3f30bb',
  '#3629a8',
  '#2b2094',
];

/** SPEC §9: base font 14, headings 40/32/24/20/16/14, breakpoints xs 480 … xxl 1600. */
export const theme = createTheme({
  primaryColor: 'lumen',
  colors: { lumen },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '20px' },
  headings: {
    sizes: {
      h1: { fontSize: '40px', lineHeight: '1.2' },
      h2: { fontSize: '32px', lineHeight: '1.25' },
      h3: { fontSize: '24px', lineHeight: '1.3' },
      h4: { fontSize: '20px', lineHeight: '1.35' },
      h5: { fontSize: '16px', lineHeight: '1.4' },
      h6: { fontSize: '14px', lineHeight: '1.4' },
    },
  },
  breakpoints: { xs: '30em', sm: '36em', md: '48em', lg: '62em', xl: '75em', xxl: '100em' },
  defaultRadius: 'md',
});

/** Light by default; the choice is remembered in local storage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'lumen-color-scheme' });

/**
 * Text colours Mantine's defaults leave under WCAG AA (4.5:1) on our backgrounds, measured by
 * e2e/tests/walk.e2e.ts: dimmed text (3.3:1 light, 3.5:1 dark), the outline grey of "Coming
 * soon" badges, the yellow of soft warning buttons (2.7:1) and the teal of soft badges (4.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#687078',
    '--mantine-color-gray-outline': '#687078',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-teal-light-color': '#0b6e50',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
  },
});

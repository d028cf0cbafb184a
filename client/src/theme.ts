import {
  Avatar,
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
  components: {
    // People's avatars (lumen, the default light variant) take the accent, readable in dark too.
    Avatar: Avatar.extend({
      vars: (_theme, props) =>
        props.color === 'lumen' && (props.variant ?? 'light') === 'light'
          ? {
              root: {
                '--avatar-bg': 'var(--lumen-accent-bg)',
                '--avatar-color': 'var(--lumen-accent-color)',
              },
            }
          : { root: {} },
    }),
  },
});

/**
 * What marks the current page in the navigation and fills avatars, per scheme. Mantine's dark
 * "light" tint (the primary's darkest shade, darkened) is 1.1:1 against the rail and the page:
 * the active item and an avatar's disc vanish. In dark they take the mid shade instead: 3:1
 * against the rail and page (WCAG's 3:1 for a state), white text 4.8:1 on it.
 */
export const ACCENT = {
  light: { background: lumen[1], color: lumen[9] },
  dark: { background: lumen[4], hover: lumen[5], color: '#ffffff' },
} as const;

/** Links and `c="lumen"` text in dark: lumen-4 is 3.2:1 on the page, lumen-3 4.8:1. */
export const DARK_LINK = lumen[3];
/** Soft orange badges ("Needs setup") in light: Mantine's orange-9 is 3.6:1 on orange-1. */
export const LIGHT_ORANGE_TEXT = '#a8410a';

/** Light by default; the choice is remembered in local storage. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'lumen-color-scheme' });

/**
 * Text colours Mantine's defaults leave under WCAG AA (4.5:1) on our backgrounds, measured by
 * e2e/tests/walk.e2e.ts: dimmed text (3.3:1 light, 3.5:1 dark), the outline grey of "Coming
 * soon" badges, the yellow of soft warning buttons (2.7:1), the teal and orange of soft badges
 * (4.3:1, 3.6:1) and links in dark (3.2:1); and the accent above. theme.test.ts computes each.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--lumen-accent-bg': ACCENT.light.background,
    '--lumen-accent-hover': ACCENT.light.background,
    '--lumen-accent-color': ACCENT.light.color,
    '--mantine-color-orange-light-color': LIGHT_ORANGE_TEXT,
    '--mantine-color-dimmed': '#687078',
    '--mantine-color-gray-outline': '#687078',
    '--mantine-color-yellow-light-color': '#8a4b00',
    '--mantine-color-teal-light-color': '#0b6e50',
  },
  dark: {
    '--mantine-color-dimmed': '#a3a3a3',
    '--lumen-accent-bg': ACCENT.dark.background,
    '--lumen-accent-hover': ACCENT.dark.hover,
    '--lumen-accent-color': ACCENT.dark.color,
    '--mantine-color-anchor': DARK_LINK,
    '--mantine-color-lumen-text': DARK_LINK,
  },
});

/** Red text that keeps WCAG AA contrast in both schemes (red.6 is 3.3:1 on white). */
export const DANGER_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-5))';

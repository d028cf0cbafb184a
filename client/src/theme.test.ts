import { darken, DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  ACCENT,
  cssVariablesResolver,
  DANGER_TEXT,
  DARK_LINK,
  LIGHT_ORANGE_TEXT,
  theme,
} from './theme';

/** WCAG 2 relative luminance of a #rrggbb or rgb()/rgba() colour. */
function luminance(color: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  const channels = hex
    ? [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16))
    : (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
  const [r, g, b] = channels.map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const dark = DEFAULT_THEME.colors.dark;
/** What the accent and links sit on in dark: the rail and panel (dark-8), the page (dark-7). */
const DARK_SURFACES = { rail: dark[8], page: dark[7] };

describe('theme contrast (WCAG AA)', () => {
  it('reads its own sanity check: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast(dark[7], dark[7])).toBe(1);
  });

  it('dark: the active navigation item and avatars stand out (3:1) and their text reads (4.5:1)', () => {
    for (const [where, surface] of Object.entries(DARK_SURFACES))
      expect(contrast(ACCENT.dark.background, surface), where).toBeGreaterThanOrEqual(3);
    expect(contrast(ACCENT.dark.color, ACCENT.dark.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(ACCENT.dark.color, ACCENT.dark.hover)).toBeGreaterThanOrEqual(4.5);
    // What Mantine would have drawn: the tint all but vanishes on the rail.
    const mantineTint = darken(theme.colors!.lumen![9], 0.5);
    expect(contrast(mantineTint, DARK_SURFACES.rail)).toBeLessThan(1.5);
  });

  it('danger text (Revoke) reads in both schemes', () => {
    const red = DEFAULT_THEME.colors.red;
    const [light, darkShade] = [...DANGER_TEXT.matchAll(/red-(\d)/g)].map((m) => Number(m[1]));
    expect(contrast(red[light!]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    for (const [where, surface] of Object.entries(DARK_SURFACES))
      expect(contrast(red[darkShade!]!, surface), where).toBeGreaterThanOrEqual(4.5);
    // The shade it replaces did not.
    expect(contrast(red[6], '#ffffff')).toBeLessThan(4.5);
  });

  it('light: the active item keeps its readable text', () => {
    expect(contrast(ACCENT.light.color, ACCENT.light.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('dark: links and lumen text read on the page and the rail', () => {
    for (const [where, surface] of Object.entries(DARK_SURFACES))
      expect(contrast(DARK_LINK, surface), where).toBeGreaterThanOrEqual(4.5);
  });

  it('dark: every soft (light variant) badge colour in use reads on its tint', () => {
    const colors = ['lumen', 'teal', 'red', 'gray', 'orange', 'grape', 'yellow', 'blue', 'green'];
    for (const name of colors) {
      const palette = theme.colors?.[name] ?? DEFAULT_THEME.colors[name]!;
      // Mantine's dark light variant: colour-0 text on colour-9 darkened by half.
      const tint = darken(palette[9], 0.5);
      expect(contrast(palette[0], tint), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('light: soft orange badges read, with the override the resolver sets', () => {
    const { light } = cssVariablesResolver(theme as never);
    expect(light['--mantine-color-orange-light-color']).toBe(LIGHT_ORANGE_TEXT);
    expect(contrast(LIGHT_ORANGE_TEXT, DEFAULT_THEME.colors.orange[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(DEFAULT_THEME.colors.orange[9], DEFAULT_THEME.colors.orange[1])).toBeLessThan(
      4.5,
    );
  });

  it('sets the accent for both schemes through the resolver', () => {
    const { light, dark: darkVars } = cssVariablesResolver(theme as never);
    expect(darkVars['--lumen-accent-bg']).toBe(ACCENT.dark.background);
    expect(darkVars['--lumen-accent-color']).toBe(ACCENT.dark.color);
    expect(darkVars['--mantine-color-anchor']).toBe(DARK_LINK);
    expect(light['--lumen-accent-bg']).toBe(ACCENT.light.background);
  });
});

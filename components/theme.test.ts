// The theme's colours measured against WCAG 2.2 AA, the way axe measures them (e2e/accessibility.spec.ts
// checks the rendered pages; this proves the palette itself, for every hue, before any page uses it).
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { EQUAL_CONTRAST_LUMINANCE, contrast, luminance, theme } from './theme';

const colors = theme.colors as Record<string, MantineColorsTuple>;
const WHITE = '#ffffff';
const BLACK = '#000000';

describe('the console theme', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrast('#767676', WHITE)).toBeCloseTo(4.54, 2); // the classic AA grey
    // Mantine's own defaults, the reason for this theme: all under 4.5.
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.blue[6], WHITE)).toBeLessThan(4.5);
    expect(contrast(DEFAULT_THEME.colors.yellow[9], DEFAULT_THEME.colors.yellow[1])).toBeLessThan(4.5);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))(
    '%s: coloured text, outlines and light badges read at AA',
    (name) => {
      const shades = colors[name];
      // Text in the hue (c="red", anchors, outline buttons) on white and on the grey of striped rows.
      expect(contrast(shades[8], WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[8], DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(4.5);
      // The light variant: shade 9 on shade 1, and on shade 2 when hovered.
      expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(Object.keys(DEFAULT_THEME.colors))("%s: a filled control's label reads at AA", (name) => {
    const fill = colors[name][8];
    // autoContrast picks black text above the threshold and white under it.
    const label = luminance(fill) > EQUAL_CONTRAST_LUMINANCE ? BLACK : WHITE;
    expect(contrast(fill, label)).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text is gray.7, over 4.5:1 on white and on the light grey', () => {
    expect(contrast(colors.gray[7], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.gray[7], DEFAULT_THEME.colors.gray[1])).toBeGreaterThanOrEqual(4.5);
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(theme.autoContrast).toBe(true);
  });
});

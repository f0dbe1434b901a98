// The console's Mantine theme, built so that every colour Mantine draws text with passes WCAG 2.2 AA
// (4.5:1) without per-element overrides. Mantine's default palette does not: blue, red and orange filled
// buttons under white text, grey "dimmed" text and the light badges of yellow, orange, green and lime all
// measure under 4.5:1 (tested in components/theme.test.ts, which also proves the ratios below).
import {
  Anchor,
  Autocomplete,
  DEFAULT_THEME,
  Drawer,
  Modal,
  MultiSelect,
  Notification,
  ScrollArea,
  Select,
  TagsInput,
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

/** WCAG 2.x relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** Mantine's darken() answers rgba(); the palette keeps #rrggbb for CSS and for the tests. */
function toHex(rgba: string): string {
  const [r, g, b] = rgba.match(/[\d.]+/g)!.map(Number);
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** `shade` darkened in small steps until it reaches `ratio` against every one of `backgrounds`. */
function darkenUntil(shade: string, backgrounds: string[], ratio: number): string {
  let colour = shade.toLowerCase();
  for (let step = 0; step < 40 && backgrounds.some((bg) => contrast(colour, bg) < ratio); step += 1) {
    colour = toHex(darken(colour, 0.04));
  }
  return colour;
}

/** AA with a margin: the browser's anti-aliasing must not tip a pair under 4.5. */
export const TEXT_RATIO = 4.6;

/** The light grey of striped rows, hovered rows and page frames (gray.1); text sits on it too. */
const LIGHT_SURFACE = DEFAULT_THEME.colors.gray[1];

/**
 * One hue made accessible. Shade 8 (the primary shade: filled backgrounds, coloured text, outlines) reads
 * at TEXT_RATIO on white and on the light grey surface; shade 9 (text of the light variant) at TEXT_RATIO
 * on shades 1 and 2 (the light variant's background and its hover). Shades 0 to 7 are Mantine's.
 */
export function accessibleShades(shades: MantineColorsTuple): MantineColorsTuple {
  const eight = darkenUntil(shades[8], ['#ffffff', LIGHT_SURFACE], TEXT_RATIO);
  const nine = darkenUntil(
    luminance(shades[9]) < luminance(eight) ? shades[9] : eight,
    [shades[1], shades[2]],
    TEXT_RATIO,
  );
  return [...shades.slice(0, 8), eight, nine] as unknown as MantineColorsTuple;
}

const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, shades]) => [name, accessibleShades(shades)]),
) as Record<string, MantineColorsTuple>;

/**
 * The luminance at which black and white text on a colour have equal contrast: ((1 + .05)(.05))^½ − .05.
 * With autoContrast, a filled background under it takes white text and above it black, so a filled
 * control's label always reads at 4.58:1 or better, whatever the hue.
 */
export const EQUAL_CONTRAST_LUMINANCE = Math.sqrt(1.05 * 0.05) - 0.05;

/** The scroll area of a dropdown's options: its viewport without the tabIndex every other one has. */
const OPTIONS_SCROLL_AREA = { viewportProps: {} };

export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: EQUAL_CONTRAST_LUMINANCE,
  defaultRadius: 'md',
  components: {
    // A link inside text must differ from it by more than colour (WCAG 1.4.1; axe link-in-text-block).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Mantine's close button is an icon without a name: screen readers announce "button".
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // The same for a notification's; and its message in the text colour: Mantine's dimmed grey on white
    // falls short of 4.5:1 (axe color-contrast).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
    // A region that scrolls must be reachable by keyboard, or its overflow is out of reach without a
    // mouse (axe scrollable-region-focusable): tables on a phone, long lists in dialogs.
    ScrollArea: ScrollArea.extend({ defaultProps: { viewportProps: { tabIndex: 0 } } }),
    ScrollAreaAutosize: ScrollArea.Autosize.extend({ defaultProps: { viewportProps: { tabIndex: 0 } } }),
    // Except a dropdown's list of options: a listbox may hold only options (axe aria-required-children), and
    // its input scrolls it from the keyboard already (the arrow keys move the active option into view).
    // Props given replace the theme's defaults whole, so these viewport props carry no tabIndex.
    Select: Select.extend({ defaultProps: { scrollAreaProps: OPTIONS_SCROLL_AREA } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { scrollAreaProps: OPTIONS_SCROLL_AREA } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { scrollAreaProps: OPTIONS_SCROLL_AREA } }),
    TagsInput: TagsInput.extend({ defaultProps: { scrollAreaProps: OPTIONS_SCROLL_AREA } }),
  },
});

/** Secondary ("dimmed") text and placeholders one step darker than Mantine's gray.6 (3.3:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {},
});

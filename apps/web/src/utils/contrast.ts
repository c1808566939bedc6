/**
 * WCAG 2.x colour contrast: relative luminance and contrast ratio of CSS colours written as
 * `#rgb`, `#rrggbb` or `rgba(r,g,b,a)` (a translucent colour is first laid over its background,
 * as the browser paints it). Pure; the theme's tests hold its tokens to AA with it.
 */

/** An opaque colour as 0–255 channels. */
type Rgb = [number, number, number];

/** Red, green, blue (0–255) and alpha (0–1) of a CSS colour. */
export function parseColor(css: string): [number, number, number, number] {
  const value = css.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(value)?.[1];
  if (hex !== undefined) {
    const digits = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex;
    const channel = (i: number) => parseInt(digits.slice(i, i + 2), 16);
    return [channel(0), channel(2), channel(4), 1];
  }
  const args = /^rgba?\(([^)]*)\)$/.exec(value)?.[1];
  const [r, g, b, a = 1] = (args ?? '')
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (r !== undefined && g !== undefined && b !== undefined && [r, g, b, a].every(Number.isFinite)) {
    return [r, g, b, a];
  }
  throw new Error(`Not a colour: ${css}`);
}

/** The opaque colour that `css` paints over the opaque `background`. */
export function flatten(css: string, background: string): Rgb {
  const [r, g, b, a] = parseColor(css);
  const [br, bg, bb] = parseColor(background);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
}

/** WCAG relative luminance of an opaque colour. */
export function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio (1–21) of text `foreground` on the opaque `background`. */
export function contrastRatio(foreground: string, background: string): number {
  const fg = luminance(flatten(foreground, background));
  const bg = luminance(flatten(background, background));
  return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}

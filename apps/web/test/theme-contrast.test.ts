import { theme } from 'antd';
import { PresetColors } from 'antd/es/theme/interface/presetColors.js';
import { describe, expect, it } from 'vitest';
import { PALETTE, type PaletteColor, type ThemeMode } from '../src/layouts/settings/preferences';
import { DARK_HEADER, consoleTheme, darkHeaderTheme } from '../src/layouts/settings/theme-tokens';
import { contrastRatio } from '../src/utils/contrast';

/** WCAG AA for normal text. */
const AA = 4.5;

const COLORS = Object.keys(PALETTE) as PaletteColor[];
const MODES: ThemeMode[] = ['dark', 'light', 'night'];

type Tokens = Record<string, unknown>;

/** Text colour, background and where antd shows that pair. */
type Pair = [foreground: string, background: string, where: string];

/** The text/background pairs antd paints with the theme's tokens, for one colour and mode. */
function pairsOf(color: PaletteColor, mode: ThemeMode): Pair[] {
  const config = consoleTheme(color, mode);
  const t = theme.getDesignToken(config) as unknown as Tokens;
  const c = (name: string) => String(t[name]);
  const surfaces = ['colorBgContainer', 'colorBgLayout', 'colorBgElevated'];
  const pairs: Pair[] = [];
  for (const surface of surfaces) {
    for (const text of [
      'colorText',
      'colorTextSecondary',
      'colorTextDescription',
      'colorTextTertiary',
      'colorTextPlaceholder',
      'colorPrimary',
      'colorLink',
      'colorSuccess',
      'colorWarning',
      'colorError',
      'colorInfo',
    ]) {
      pairs.push([c(text), c(surface), `${text} on ${surface}`]);
    }
  }
  // Status tags and alerts: the status colour, and its text colour, on its own tint.
  for (const status of ['Success', 'Warning', 'Error', 'Info']) {
    pairs.push([c(`color${status}`), c(`color${status}Bg`), `color${status} on color${status}Bg`]);
    pairs.push([c(`color${status}Text`), c(`color${status}Bg`), `color${status}Text on color${status}Bg`]);
  }
  // Preset-colour tags: shade 7 on shade 1 (both names antd keeps the shade under).
  for (const preset of PresetColors) {
    pairs.push([c(`${preset}7`), c(`${preset}1`), `${preset} tag`]);
    pairs.push([c(`${preset}-7`), c(`${preset}1`), `${preset} tag (CSS variable)`]);
  }
  // The empty table's message and number fields' units, in antd's "disabled" grey.
  for (const component of ['Table', 'InputNumber'] as const) {
    const grey = String(config.components?.[component]?.colorTextDisabled);
    pairs.push([grey, c('colorBgContainer'), `${component} grey text`]);
  }
  if (mode === 'night') {
    const button = config.components?.Button ?? {};
    const menu = config.components?.Menu ?? {};
    // Buttons at rest, under the pointer and pressed (a scan right after a click sees the hovered one).
    for (const state of ['', 'Hover', 'Active']) {
      pairs.push([String(button.primaryColor), c(`colorPrimary${state}`), `primary button text ${state}`]);
      pairs.push([String(button.dangerColor), c(`colorError${state}`), `danger button text ${state}`]);
    }
    pairs.push([
      String(menu.darkItemSelectedColor),
      String(menu.darkItemSelectedBg),
      'selected item of the dark menu',
    ]);
    // The open parent of the selected item: its title in the selected colour, on the menu's background.
    pairs.push([String(menu.darkItemSelectedColor), '#001529', 'selected submenu title of the dark menu']);
  } else {
    // Primary and danger buttons, the selected item of the dark menu: white on the fill.
    for (const state of ['', 'Hover', 'Active']) {
      pairs.push([c('colorTextLightSolid'), c(`colorPrimary${state}`), `primary button text ${state}`]);
      pairs.push([c('colorTextLightSolid'), c(`colorError${state}`), `danger button text ${state}`]);
    }
    // The selected item of the light menu and of selects.
    pairs.push([c('colorPrimary'), c('colorPrimaryBg'), 'colorPrimary on colorPrimaryBg']);
  }
  return pairs;
}

describe('console theme contrast (WCAG AA, 4.5:1 for text)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // antd's defaults that failed: #1677ff on white, secondary and placeholder text, the warning tag.
    expect(contrastRatio('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrastRatio('rgba(0,0,0,0.45)', '#ffffff')).toBeCloseTo(3.35, 1);
    expect(contrastRatio('rgba(0,0,0,0.25)', '#ffffff')).toBeCloseTo(1.83, 1);
    expect(contrastRatio('#faad14', '#fffbe6')).toBeCloseTo(1.83, 1);
  });

  it.each(MODES)('reaches 4.5:1 for every text colour of every palette colour in the %s theme', (mode) => {
    const failing = COLORS.flatMap((color) =>
      pairsOf(color, mode)
        .map(([fg, bg, where]) => ({
          where: `${color}: ${where} (${fg} on ${bg})`,
          ratio: contrastRatio(fg, bg),
        }))
        .filter((p) => p.ratio < AA)
        .map((p) => `${p.where}: ${p.ratio.toFixed(2)}`),
    );
    expect(failing).toEqual([]);
  });

  it('shows each palette swatch as the light theme primary colour', () => {
    for (const color of COLORS) {
      expect(consoleTheme(color, 'light').token?.colorPrimary).toBe(PALETTE[color]);
      expect(contrastRatio('#ffffff', PALETTE[color])).toBeGreaterThanOrEqual(AA);
    }
  });

  it('keeps header text readable in the dark header of the top-menu and mixed layouts', () => {
    // The header's ConfigProvider is nested: the console's light-surface tokens are inherited unless overridden.
    for (const color of COLORS) {
      const outer = consoleTheme(color, 'dark');
      const inner = darkHeaderTheme();
      const t = theme.getDesignToken({
        algorithm: inner.algorithm,
        token: { ...outer.token, ...inner.token },
      }) as unknown as Tokens;
      expect(String(t.colorBgContainer)).toBe(DARK_HEADER);
      for (const text of ['colorText', 'colorTextSecondary', 'colorTextDescription', 'colorTextTertiary']) {
        expect(contrastRatio(String(t[text]), DARK_HEADER), `${color}: ${text}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('does not inherit the app root’s light tokens where the shell nests its theme', () => {
    for (const mode of MODES) expect(consoleTheme('blue', mode).inherit, mode).toBe(false);
  });
});

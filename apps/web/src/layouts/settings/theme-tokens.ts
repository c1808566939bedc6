/**
 * The antd theme of the console for each palette colour and theme mode, chosen so that text
 * reaches WCAG AA contrast (4.5:1) on the backgrounds antd paints it on: antd's defaults do not
 * (#1677ff on white is 4.1:1, secondary text 3.4:1, placeholders 1.8:1, the warning tag 1.8:1).
 * `test/theme-contrast.test.ts` checks every colour in every mode against antd's derived tokens.
 */
import { theme, type ThemeConfig } from 'antd';
// antd's component styles as one static sheet: with `zeroRuntime` antd does not generate them in the
// browser (≈ 420 KB of CSS text built by JavaScript on the material page's start-up, its longest task);
// the tokens below still reach the components as CSS variables.
import 'antd/dist/antd.css';
import { PALETTE, type PaletteColor, type ThemeMode } from './preferences';

/** antd's lightest tint of each palette colour: the background of selected items (light content). */
const LIGHT_TINT: Record<PaletteColor, string> = {
  blue: '#e6f4ff',
  red: '#fff1f0',
  volcano: '#fff2e8',
  gold: '#fffbe6',
  cyan: '#e6fffb',
  green: '#f6ffed',
  geekblue: '#f0f5ff',
  purple: '#f9f0ff',
};

/**
 * Primary colour of each palette colour in the night theme: light enough for text on antd's dark
 * backgrounds once the dark algorithm has dimmed it; filled primary controls carry dark text on it.
 */
export const NIGHT_PRIMARY: Record<PaletteColor, string> = {
  blue: '#69b1ff',
  red: '#ff7875',
  volcano: '#ff7a45',
  gold: '#faad14',
  cyan: '#13c2c2',
  green: '#52c41a',
  geekblue: '#85a5ff',
  purple: '#d3adf7',
};

/**
 * Palette tokens setting shade 7 of preset colours. antd keeps each shade under two names
 * (`green7`, `green-7`), and its CSS variable comes from the second: both are set.
 */
function shade7(colors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).flatMap(([name, value]) => [
      [`${name}7`, value],
      [`${name}-7`, value],
    ]),
  );
}

/** Text on light backgrounds: secondary, tertiary and placeholder greys, status colours and their tints. */
const LIGHT_TOKENS = {
  colorTextDescription: 'rgba(0,0,0,0.6)',
  colorTextTertiary: 'rgba(0,0,0,0.6)',
  colorTextPlaceholder: 'rgba(0,0,0,0.56)',
  colorInfo: '#0958d9',
  colorInfoBg: '#e6f4ff',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorWarning: '#ad4e00',
  colorWarningBg: '#fff7e6',
  colorError: '#cf1322',
  colorErrorBg: '#fff1f0',
  // Text of preset-colour tags (`<Tag color="green">`): shade 7 on shade 1, one shade darker where 7 fails.
  ...shade7({
    cyan: '#006d75',
    green: '#237804',
    orange: '#ad4e00',
    yellow: '#876800',
    volcano: '#ad2102',
    lime: '#3f6600',
    gold: '#874d00',
  }),
};

/** The same on the night theme's dark backgrounds (seeds: the dark algorithm dims them). */
const NIGHT_TOKENS = {
  colorTextDescription: 'rgba(255,255,255,0.55)',
  colorTextTertiary: 'rgba(255,255,255,0.55)',
  colorTextPlaceholder: 'rgba(255,255,255,0.5)',
  colorInfo: '#69b1ff',
  colorSuccess: '#52c41a',
  colorWarning: '#faad14',
  colorError: '#ff7875',
  ...shade7({ purple: '#ab7ae0', geekblue: '#7f9ef3' }),
};

/**
 * Grey of text that antd paints with its "disabled" colour although nothing is disabled: the empty
 * table's message, the unit after a number field. Light and night.
 */
const NOT_DISABLED_GREY = { light: 'rgba(0,0,0,0.56)', night: 'rgba(255,255,255,0.5)' };

/** Dark text on filled primary and danger controls of the night theme (white on a light fill is unreadable). */
const NIGHT_ON_FILL = '#000000';

/** `color` moved `amount` (0–1) of the way towards `target` (both `#rrggbb`). */
function mix(color: string, target: string, amount: number): string {
  const channel = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  const parts = [0, 1, 2].map((i) =>
    Math.round(channel(color, i) + (channel(target, i) - channel(color, i)) * amount),
  );
  return `#${parts.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Filled buttons under the pointer and pressed keep their text readable: antd lightens the hover fill
 * (white text on the blue hover was 4.2:1) and darkens the pressed one (black text on the night
 * theme's pressed fills was 4.2:1). Light themes darken both; the night theme lightens both.
 */
function buttonStates(primary: string, error: string, towards: string) {
  return {
    colorPrimaryHover: mix(primary, towards, 0.12),
    colorPrimaryActive: mix(primary, towards, 0.24),
    colorErrorHover: mix(error, towards, 0.12),
    colorErrorActive: mix(error, towards, 0.24),
  };
}

/** The antd theme of the console for a palette colour and theme mode; `motion` off when the system asks for less. */
export function consoleTheme(color: PaletteColor, mode: ThemeMode, motion = true): ThemeConfig {
  if (mode === 'night') {
    return {
      // The shell's theme sits inside the light one of the app root: inherited light-surface tokens
      // (selected-item tint, status tints, tag shades) would paint white patches in the night theme.
      inherit: false,
      zeroRuntime: true,
      algorithm: theme.darkAlgorithm,
      token: {
        ...NIGHT_TOKENS,
        colorPrimary: NIGHT_PRIMARY[color],
        ...buttonStates(NIGHT_PRIMARY[color], NIGHT_TOKENS.colorError, '#ffffff'),
        motion,
      },
      components: {
        Button: { primaryColor: NIGHT_ON_FILL, dangerColor: NIGHT_ON_FILL },
        // The selected item is filled with the palette's deep shade, in white: the same colour names the
        // open parent of the selected item, on the menu's dark background, where black would vanish.
        Menu: { darkItemSelectedBg: PALETTE[color], darkItemSelectedColor: '#ffffff' },
        Table: { colorTextDisabled: NOT_DISABLED_GREY.night },
        InputNumber: { colorTextDisabled: NOT_DISABLED_GREY.night },
      },
    };
  }
  return {
    inherit: false,
    zeroRuntime: true,
    algorithm: theme.defaultAlgorithm,
    token: {
      ...LIGHT_TOKENS,
      colorPrimary: PALETTE[color],
      colorPrimaryBg: LIGHT_TINT[color],
      ...buttonStates(PALETTE[color], LIGHT_TOKENS.colorError, '#000000'),
      motion,
    },
    components: {
      Table: { colorTextDisabled: NOT_DISABLED_GREY.light },
      InputNumber: { colorTextDisabled: NOT_DISABLED_GREY.light },
    },
  };
}

/** Background of the dark header of the head and mix layouts in the dark theme (antd's dark menu background). */
export const DARK_HEADER = '#001529';

/**
 * The theme nested inside the dark header: the dark algorithm, and text tokens for a dark surface
 * (the console's light-surface greys would be inherited otherwise and fail contrast on it).
 */
export function darkHeaderTheme(): ThemeConfig {
  return {
    zeroRuntime: true,
    algorithm: theme.darkAlgorithm,
    token: { ...NIGHT_TOKENS, colorBgContainer: DARK_HEADER },
  };
}

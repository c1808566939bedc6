/**
 * The console's light theme (`consoleTheme('blue', 'light')`) as plain values, for the pages drawn
 * without antd (sign-in: antd's runtime is not part of its first load). `test/sign-in-palette.test.ts`
 * keeps every value equal to antd's derived token.
 */
import type { CSSProperties } from 'react';

/** antd token name → value, for the sign-in page. */
export const SIGN_IN_PALETTE = {
  colorPrimary: '#0958d9',
  colorPrimaryHover: '#084dbf',
  colorPrimaryActive: '#0743a5',
  colorPrimaryBg: '#e6f4ff',
  colorText: 'rgba(0,0,0,0.88)',
  colorTextDescription: 'rgba(0,0,0,0.6)',
  colorTextPlaceholder: 'rgba(0,0,0,0.56)',
  colorTextLightSolid: '#fff',
  colorBorder: '#d9d9d9',
  colorBorderSecondary: '#f0f0f0',
  colorBgContainer: '#ffffff',
  colorBgLayout: '#f5f5f5',
  colorBgContainerDisabled: 'rgba(0,0,0,0.04)',
  colorTextDisabled: 'rgba(0,0,0,0.25)',
  colorError: '#cf1322',
  colorErrorBg: '#fff1f0',
  colorErrorBorder: '#f58d8c',
  colorSuccess: '#237804',
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#6d9e51',
  colorLink: '#0958d9',
  colorLinkHover: '#579df2',
} as const;

/** The palette as CSS custom properties (`--apm-colorPrimary`…), which `sign-in.css` reads. */
export function paletteVariables(): CSSProperties {
  return Object.fromEntries(
    Object.entries(SIGN_IN_PALETTE).map(([name, value]) => [`--apm-${name}`, value]),
  ) as CSSProperties;
}

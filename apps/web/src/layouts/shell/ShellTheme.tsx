import { App, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { usePreferencesStore } from '../../stores/preferences';
import { useReducedMotion } from '../../utils/use-reduced-motion';
import { PALETTE } from '../settings/preferences';
import { consoleTheme } from '../settings/theme-tokens';

/**
 * Applies the display preferences to everything inside: the palette colour as antd's primary
 * colour, antd's dark algorithm for the night theme (tokens that keep text readable: {@link consoleTheme}), the colour-weakness filter on `<html>`, and
 * no component motion when the system asks for reduced motion.
 * It also gives the shell its own antd App context, so messages and modals follow the theme.
 */
export function ShellTheme({ children }: { children: ReactNode }) {
  const color = usePreferencesStore((s) => s.prefs.color);
  const mode = usePreferencesStore((s) => s.prefs.mode);
  const colorWeak = usePreferencesStore((s) => s.prefs.colorWeak);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    document.documentElement.classList.toggle('apm-color-weak', colorWeak);
    return () => document.documentElement.classList.remove('apm-color-weak');
  }, [colorWeak]);

  useEffect(() => {
    // The navigation progress bar follows the primary colour.
    document.documentElement.style.setProperty('--apm-primary', PALETTE[color]);
    return () => {
      document.documentElement.style.removeProperty('--apm-primary');
    };
  }, [color]);

  const themeConfig = useMemo(() => consoleTheme(color, mode, !reducedMotion), [color, mode, reducedMotion]);
  return (
    <ConfigProvider theme={themeConfig}>
      <App style={{ minHeight: '100%' }}>{children}</App>
    </ConfigProvider>
  );
}

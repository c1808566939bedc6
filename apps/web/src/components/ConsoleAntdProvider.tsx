import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { consoleTheme } from '../layouts/settings/theme-tokens';
import { useLocaleStore } from '../stores/locale';
import { useReducedMotion } from '../utils/use-reduced-motion';

/**
 * antd's locale and the console's light theme for what it wraps, with no motion when the system asks for
 * less: the console's routes (`AntdRoot`) and the parts of the signed-out pages drawn with antd.
 */
export function ConsoleAntdProvider({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={antdLocale} theme={consoleTheme('blue', 'light', !reducedMotion)}>
      {children}
    </ConfigProvider>
  );
}

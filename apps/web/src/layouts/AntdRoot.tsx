import { ConfigProvider } from 'antd';
import { Outlet } from 'react-router';
import { FeedbackBridge } from '../components/FeedbackBridge';
import { DeferredApp } from '../components/feedback/DeferredApp';
import { useLocaleStore } from '../stores/locale';
import { useReducedMotion } from '../utils/use-reduced-motion';
import { consoleTheme } from './settings/theme-tokens';

/**
 * antd for the routes below: locale, the console's theme (no motion when the system asks for
 * less), the feedback API (loaded on first use) and the request layer's error toasts. A lazy
 * route: the sign-in page, outside it, loads none of antd.
 */
export default function AntdRoot() {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={antdLocale} theme={consoleTheme('blue', 'light', !reducedMotion)}>
      <DeferredApp>
        <FeedbackBridge />
        <Outlet />
      </DeferredApp>
    </ConfigProvider>
  );
}

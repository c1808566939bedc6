import { Outlet } from 'react-router';
import { ConsoleAntdProvider } from '../components/ConsoleAntdProvider';
import { FeedbackBridge } from '../components/FeedbackBridge';
import { DeferredApp } from '../components/feedback/DeferredApp';

/**
 * antd for the routes below: locale, the console's theme (no motion when the system asks for
 * less), the feedback API (loaded on first use) and the request layer's error toasts. A lazy
 * route: the sign-in page, outside it, loads none of antd.
 */
export default function AntdRoot() {
  return (
    <ConsoleAntdProvider>
      <DeferredApp>
        <FeedbackBridge />
        <Outlet />
      </DeferredApp>
    </ConsoleAntdProvider>
  );
}

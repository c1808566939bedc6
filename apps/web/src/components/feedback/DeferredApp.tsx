import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { useCallback, useContext, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { deferredFeedbackApi, type FeedbackApi } from './deferred-api';
import { feedbackDelivered, feedbackLoadFailed, onFeedbackRequest, preloadFeedback } from './feedback-loader';
import type { FeedbackHoldersProps } from './FeedbackHolders';

/** Calls made before the holders are there wait for them (and make them load). */
const DEFERRED_API = deferredFeedbackApi(preloadFeedback);

/**
 * antd's `App` (base text style, and `App.useApp()`'s message, notification and modal) without
 * loading antd's feedback code up front: until it is needed, `App.useApp()` answers a stand-in
 * that loads it ({@link deferredFeedbackApi}). The children keep their place in the tree when
 * the holders arrive, so nothing remounts.
 */
export function DeferredApp({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [api, setApi] = useState<FeedbackApi>(DEFERRED_API);
  const [Holders, setHolders] = useState<ComponentType<FeedbackHoldersProps>>();

  useEffect(
    () =>
      onFeedbackRequest(() => {
        import('./FeedbackHolders')
          .then((module) => setHolders(() => module.default))
          .catch((error: unknown) => {
            console.error(error);
            feedbackLoadFailed();
          });
      }),
    [],
  );

  const onReady = useCallback((real: FeedbackApi) => {
    setApi(real);
    feedbackDelivered(real);
  }, []);

  return (
    <AppContext.Provider value={api}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')} style={{ height: '100%' }}>
        {Holders ? <Holders onReady={onReady} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}

/** `App.useApp()` without importing antd's `App` component (which brings the feedback code with it). */
import AppContext from 'antd/es/app/context';
import { useContext } from 'react';
import type { FeedbackApi } from './deferred-api';

/** The console's message, notification and modal API ({@link DeferredApp}). */
export function useFeedback(): FeedbackApi {
  return useContext(AppContext);
}

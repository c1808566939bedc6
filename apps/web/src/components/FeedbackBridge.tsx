import { useEffect } from 'react';
import { configureRequest } from '../services/request';
import { useFeedback } from './feedback/use-feedback';

/** Hands antd's context-aware `message` to the request layer so its error toasts follow theme and locale. */
export function FeedbackBridge() {
  const { message } = useFeedback();
  useEffect(() => {
    configureRequest({
      // Keyed by text so the same failure from parallel calls shows once.
      notifyError: (text) => void message.error({ content: text, key: text }),
    });
  }, [message]);
  return null;
}

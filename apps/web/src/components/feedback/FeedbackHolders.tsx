import message from 'antd/es/message';
import Modal from 'antd/es/modal';
import notification from 'antd/es/notification';
import { useEffect } from 'react';
import type { FeedbackApi } from './deferred-api';

/** Props of {@link FeedbackHolders}. */
export interface FeedbackHoldersProps {
  /** Receives the real API once the holders are mounted. */
  onReady: (api: FeedbackApi) => void;
}

/** antd's context holders of dialogs, messages and notifications (what antd's `App` renders); loaded on demand. */
export default function FeedbackHolders({ onReady }: FeedbackHoldersProps) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => {
    onReady({ message: messageApi, notification: notificationApi, modal: modalApi });
  }, [messageApi, notificationApi, modalApi, onReady]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}

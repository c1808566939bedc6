import type { MessageSummary } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageKeys, resendMessage, sendMessage, stopMessage } from '../../services/message';
import type { MessageSendResult } from '@apm/contract';
import { messageErrorText } from './message-errors';

/** Sending a message, sending it again and stopping it, each telling the operator what happened. */
export function useSendActions(onDone: () => void) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const run = async (call: () => Promise<MessageSendResult>, done: (r: MessageSendResult) => string) => {
    try {
      const result = await call();
      void message.success(done(result));
      await queryClient.invalidateQueries({ queryKey: messageKeys.all });
      onDone();
    } catch (failure) {
      void message.error(messageErrorText(failure));
    }
  };
  const sentText = (r: MessageSendResult) =>
    t('sent', { count: r.terminalCount, online: r.online, queued: r.queued });
  return {
    send: (m: Pick<MessageSummary, 'id'>) => run(() => sendMessage(m.id), sentText),
    resend: (m: Pick<MessageSummary, 'id'>) => run(() => resendMessage(m.id), sentText),
    stop: (m: Pick<MessageSummary, 'id' | 'name'>) =>
      run(
        () => stopMessage(m.id),
        () => t('stopped', { name: m.name }),
      ),
  };
}

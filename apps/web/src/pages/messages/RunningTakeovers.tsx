import { StopOutlined } from '@ant-design/icons';
import type { MessageSummary } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { listMessages, messageKeys } from '../../services/message';
import { DeliveryCounts } from './MessageBits';

/** How often the banner looks for takeovers on screens. */
const RUNNING_POLL_MS = 10_000;

/**
 * Takeovers on screens now (sent, not stopped or expired), above the list with their acknowledgement
 * counts and a prominent stop: an emergency message is ended from the first thing the operator sees.
 */
export function RunningTakeovers({
  onStop,
}: {
  onStop(message: Pick<MessageSummary, 'id' | 'name'>): unknown;
}) {
  const { t } = useTranslation('messages');
  const running = useQuery({
    queryKey: [...messageKeys.list, 'runningTakeovers'],
    queryFn: ({ signal }) =>
      listMessages(
        { pageNo: 1, pageSize: 5, kind: 'takeover', status: 'sent', sortField: 'sentAt', sortOrder: 'desc' },
        signal,
      ),
    refetchInterval: RUNNING_POLL_MS,
  });
  const takeovers = running.data?.list ?? [];
  if (!takeovers.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('runningTakeovers', { count: running.data?.count ?? takeovers.length })}
      description={
        <Flex vertical gap={8}>
          {takeovers.map((m) => (
            <Flex key={m.id} gap={12} align="center" wrap data-testid="message-running-takeover">
              <strong>{m.name}</strong>
              <DeliveryCounts counts={m.delivery} total={m.terminalCount} />
              <GuardedConfirm
                permission="message:list:publish"
                title={t('confirmStop', { name: m.name })}
                onConfirm={() => onStop(m)}
              >
                <Button type="primary" danger icon={<StopOutlined />} data-testid="message-stop-takeover">
                  {t('actions.stopTakeover')}
                </Button>
              </GuardedConfirm>
            </Flex>
          ))}
        </Flex>
      }
      data-testid="message-running-takeovers"
    />
  );
}

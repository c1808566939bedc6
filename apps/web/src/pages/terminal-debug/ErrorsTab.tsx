import type { DebugError } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getTerminalErrors } from '../../services/terminal-debug';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';

const KIND_COLOURS: Record<DebugError['kind'], string> = {
  error: 'red',
  rejection: 'volcano',
  media: 'orange',
  command: 'purple',
  download: 'blue',
  console: 'default',
};

/** The terminal's last errors, asked over its channel when the tab opens and on request. */
export function ErrorsTab({ terminalId }: { terminalId: number }) {
  const { t } = useTranslation('terminalDebug');
  const errors = useQuery({
    queryKey: ['terminalDebug', 'errors', terminalId],
    queryFn: ({ signal }) => getTerminalErrors(terminalId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const data = errors.data;
  return (
    <Flex vertical gap={12}>
      <Flex>
        <Button
          onClick={() => void errors.refetch()}
          loading={errors.isFetching}
          data-testid="terminal-debug-errors-refresh"
        >
          {t('errors.refresh')}
        </Button>
      </Flex>
      {errors.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('failed', { message: terminalErrorText(errors.error) })}
        />
      )}
      {data && !data.answered && data.reason && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t(`noAnswer.${data.reason}`)}
          data-testid="terminal-debug-errors-no-answer"
        />
      )}
      <Table<DebugError & { key: number }>
        size="small"
        loading={errors.isFetching}
        pagination={false}
        dataSource={(data?.errors ?? []).map((e, key) => ({ ...e, key }))}
        locale={{ emptyText: t('errors.none') }}
        columns={[
          {
            key: 'at',
            title: t('errors.time'),
            width: 190,
            render: (_, e) => dayjs(e.at).format('YYYY-MM-DD HH:mm:ss'),
          },
          {
            key: 'kind',
            title: t('errors.kind'),
            width: 170,
            render: (_, e) => <Tag color={KIND_COLOURS[e.kind]}>{t(`errors.kinds.${e.kind}`)}</Tag>,
          },
          { key: 'message', title: t('errors.message'), dataIndex: 'message' },
        ]}
        data-testid="terminal-debug-errors"
      />
    </Flex>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { getLogDetails } from '../../services/log';

/** Props of {@link LogDetailsDrawer}. */
export interface LogDetailsDrawerProps {
  id: number;
  onClose(): void;
}

/** One log entry with everything recorded; the parameters as formatted JSON. */
export function LogDetailsDrawer({ id, onClose }: LogDetailsDrawerProps) {
  const { t } = useTranslation('logs');
  const details = useQuery({
    queryKey: ['log', 'details', id],
    queryFn: ({ signal }) => getLogDetails(id, signal),
  });
  const log = details.data;
  return (
    <Drawer open size={640} title={t('details.title', { id })} onClose={onClose} data-testid="log-details">
      {!log ? (
        <Skeleton active loading={details.isLoading} />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('time')}>
              {dayjs(log.at).format('YYYY-MM-DD HH:mm:ss.SSS')}
            </Descriptions.Item>
            <Descriptions.Item label={t('user')}>{log.username ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('details.userId')}>{log.userId ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('office')}>{log.officeName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('ip')}>{log.ip ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('type')}>{t(`types.${log.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('method')}>{log.method}</Descriptions.Item>
            <Descriptions.Item label={t('path')}>{log.path}</Descriptions.Item>
            <Descriptions.Item label={t('details.action')}>{log.action}</Descriptions.Item>
            <Descriptions.Item label={t('details.httpStatus')}>
              <Tag color={log.status < 400 ? 'green' : 'red'}>{log.status}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('details.code')}>{log.code}</Descriptions.Item>
            <Descriptions.Item label={t('details.msg')}>{log.msg ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('duration')}>
              {t('durationMs', { ms: log.durationMs })}
            </Descriptions.Item>
            <Descriptions.Item label={t('details.userAgent')}>{log.userAgent ?? '-'}</Descriptions.Item>
            <Descriptions.Item label={t('details.requestId')}>{log.requestId ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('details.params')}
          </Typography.Title>
          {log.params ? (
            <pre
              data-testid="log-details-params"
              style={{
                maxHeight: 360,
                overflow: 'auto',
                padding: 12,
                background: 'rgba(0,0,0,0.04)',
                borderRadius: 6,
              }}
            >
              {JSON.stringify(log.params, null, 2)}
            </pre>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.noParams')} />
          )}
        </>
      )}
    </Drawer>
  );
}

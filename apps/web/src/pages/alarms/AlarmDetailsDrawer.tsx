import { screenMismatchDetail } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Empty, Image, List, Skeleton, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAccess } from '../../access/use-access';
import { getAlarm } from '../../services/alarm';
import { screenshotUrl } from '../../services/terminal';
import { detailLines, durationText, handlingOf, skewParts } from './alarm-logic';
import { HandlingTag, SeverityTag } from './alarm-tags';

const when = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—');
const STATE_COLOUR = { sent: 'green', failed: 'red', limited: 'default' } as const;

/** One alarm: its terminal, times, handling, what the terminal reported, and the notifications it caused. */
export function AlarmDetailsDrawer({ id, onClose }: { id: number; onClose(): void }) {
  const { t } = useTranslation('alarms');
  const { can } = useAccess();
  const alarm = useQuery({
    queryKey: ['alarm', 'detail', id],
    queryFn: ({ signal }) => getAlarm(id, signal),
  });
  const a = alarm.data;
  const skew = (ms: number) => {
    const { seconds, direction } = skewParts(ms);
    return t('skew', { seconds, direction: t(direction) });
  };
  // A screen mismatch's screenshots show in place, for those who may see the terminal's screenshots.
  const mismatch = a?.type === 'screenMismatch' ? screenMismatchDetail(a.detail) : null;
  const seesShots = can('terminal:monitor:view') || can('terminal:info:view');
  const shotOf = (key: string) =>
    !mismatch || !seesShots
      ? undefined
      : key === 'screenshotId'
        ? mismatch.screenshotId
        : key === 'sameAsScreenshotId'
          ? mismatch.sameAsScreenshotId
          : undefined;
  return (
    <Drawer open width={520} title={t('details')} onClose={onClose} data-testid="alarm-details">
      {alarm.isError ? <Alert type="error" showIcon message={String(alarm.error)} /> : null}
      {!a ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('type')}>
              <SeverityTag severity={a.severity} /> {t(`types.${a.type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('terminal')}>
              {a.terminalName} <Typography.Text type="secondary">({a.deviceId})</Typography.Text>
              {can('terminal:info:view') ? (
                <div>
                  <Link to={`/terminal/info?id=${a.terminalId}`} data-testid="alarm-terminal-info">
                    {t('openTerminal')}
                  </Link>
                </div>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('office')}>{a.officeName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('raisedAt')}>{when(a.raisedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('endedAt')}>
              {a.endedAt ? when(a.endedAt) : <Tag color="red">{t('ongoing')}</Tag>}{' '}
              <Typography.Text type="secondary">
                {t('duration', { duration: durationText(a.raisedAt, a.endedAt) })}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('handling')}>
              <HandlingTag handling={handlingOf(a)} />
              {a.acknowledgedByName ? (
                <div>
                  {t('acknowledgedBy', { name: a.acknowledgedByName })} · {when(a.acknowledgedAt)}
                </div>
              ) : null}
              {a.clearedByName ? (
                <div>
                  {t('resolvedBy', { name: a.clearedByName })} · {when(a.clearedAt)}
                </div>
              ) : null}
            </Descriptions.Item>
            <Descriptions.Item label={t('assignee')}>{a.assigneeName ?? t('nobody')}</Descriptions.Item>
            {a.note ? <Descriptions.Item label={t('note')}>{a.note}</Descriptions.Item> : null}
            {detailLines(a.type, a.detail as Record<string, unknown> | null, skew, (r) =>
              t(`reasons.${r}`),
            ).map((line) => {
              const shot = shotOf(line.key);
              return (
                <Descriptions.Item
                  key={line.key}
                  label={t(`detail.${line.key}` as 'detail.error', { defaultValue: line.key })}
                >
                  <Typography.Text style={{ wordBreak: 'break-word' }}>{line.value}</Typography.Text>
                  {shot ? (
                    <div>
                      <Image
                        width={200}
                        src={screenshotUrl(shot)}
                        alt={line.value}
                        data-testid="alarm-screenshot"
                      />
                    </div>
                  ) : null}
                </Descriptions.Item>
              );
            })}
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('notifications')}
          </Typography.Title>
          {a.notifications.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noNotifications')} />
          ) : (
            <List
              size="small"
              dataSource={a.notifications}
              data-testid="alarm-notifications"
              renderItem={(n) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <>
                        {n.ruleName}{' '}
                        <Tag color={STATE_COLOUR[n.state]}>{t(`notificationStates.${n.state}`)}</Tag>
                      </>
                    }
                    description={`${t(`rules.channels.${n.channel as 'email'}`)} · ${when(n.at)}${n.error ? ` · ${n.error}` : ''}`}
                  />
                </List.Item>
              )}
            />
          )}
        </>
      )}
    </Drawer>
  );
}

import type { SyncMember } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Result,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { getSyncGroup, syncGroupKeys } from '../../services/sync-groups';
import { WallGrid } from './WallGrid';
import { syncErrorText } from './sync-errors';
import { formatOffset } from './sync-form';

/** How often the members' live state is read again while the details are open. */
const LIVE_MS = 5000;

const HEALTH_BADGE = { online: 'success', late: 'warning', offline: 'default' } as const;

/** Props of {@link SyncGroupDrawer}. */
export interface SyncGroupDrawerProps {
  groupId: number;
  onClose(): void;
  /** Restarts the loop (after the confirmation). */
  onRestart(id: number, name: string): Promise<void>;
}

/** A group's details: its program, grid and loop, each member's tile, live state and clock, kept live. */
export function SyncGroupDrawer({ groupId, onClose, onRestart }: SyncGroupDrawerProps) {
  const { t } = useTranslation('terminalSync');
  const { t: tc } = useTranslation();
  const query = useQuery({
    queryKey: syncGroupKeys.detail(groupId),
    queryFn: ({ signal }) => getSyncGroup(groupId, signal),
    refetchInterval: LIVE_MS,
  });
  const group = query.data;
  const status = (m: SyncMember) => <Badge status={HEALTH_BADGE[m.health]} text={t(`health.${m.health}`)} />;
  return (
    <Drawer
      open
      width={880}
      title={group ? t('detailsTitle', { name: group.name }) : t('details')}
      onClose={onClose}
      extra={
        group ? (
          <GuardedConfirm
            permission="terminal:sync:edit"
            title={t('restartConfirm', { name: group.name })}
            onConfirm={() => onRestart(group.id, group.name)}
          >
            <Button data-testid="sync-drawer-restart">{t('restart')}</Button>
          </GuardedConfirm>
        ) : null
      }
    >
      {query.isPending ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      ) : !group ? (
        <Result status="warning" title={syncErrorText(query.error)} />
      ) : (
        <Flex vertical gap={16}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('mode')}>{t(`modes.${group.mode}`)}</Descriptions.Item>
            <Descriptions.Item label={t('program')}>
              {group.programName ?? <Tag color="red">{t('programDeleted')}</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label={t('grid')}>
              {group.columns} × {group.rows}
            </Descriptions.Item>
            <Descriptions.Item label={t('online')}>
              {group.onlineCount} / {group.memberCount}
            </Descriptions.Item>
            <Descriptions.Item label={t('epoch')}>
              {dayjs(group.epochMs).format('YYYY-MM-DD HH:mm:ss')}
            </Descriptions.Item>
            <Descriptions.Item label={t('office')}>{group.officeName}</Descriptions.Item>
          </Descriptions>
          {group.mode === 'wall' ? (
            <WallGrid
              columns={group.columns}
              rows={group.rows}
              canvas={
                group.programWidth && group.programHeight
                  ? { width: group.programWidth, height: group.programHeight }
                  : null
              }
              renderTile={(column, row) => {
                const m = group.members.find((x) => x.column === column && x.row === row);
                return m ? (
                  <Badge
                    status={HEALTH_BADGE[m.health]}
                    text={<Typography.Text ellipsis>{m.name}</Typography.Text>}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('emptyTile')}</Typography.Text>
                );
              }}
            />
          ) : null}
          <Table<SyncMember>
            rowKey="terminalId"
            size="small"
            pagination={false}
            scroll={{ x: 760 }}
            dataSource={group.members}
            locale={{ emptyText: t('noMembers') }}
            data-testid="sync-members"
            columns={[
              { key: 'name', title: t('terminals'), dataIndex: 'name', ellipsis: true },
              { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
              ...(group.mode === 'wall'
                ? [
                    {
                      key: 'tile',
                      title: t('tile'),
                      render: (_: unknown, m: SyncMember) =>
                        t('tileLabel', { column: m.column + 1, row: m.row + 1 }),
                    },
                  ]
                : []),
              { key: 'status', title: t('status'), render: (_, m) => status(m) },
              {
                key: 'skew',
                title: <Tooltip title={t('clockSkewHint')}>{t('clockSkew')}</Tooltip>,
                render: (_, m) => formatOffset(m.clockSkewMs),
              },
              {
                key: 'offset',
                title: <Tooltip title={t('clockOffsetHint')}>{t('clockOffset')}</Tooltip>,
                render: (_, m) => formatOffset(m.clockOffsetMs),
              },
              {
                key: 'delay',
                title: t('clockDelay'),
                render: (_, m) => (m.clockDelayMs === null ? '—' : `${Math.round(m.clockDelayMs)} ms`),
              },
              {
                key: 'frameError',
                title: <Tooltip title={t('frameErrorHint')}>{t('frameError')}</Tooltip>,
                render: (_, m) => (m.frameErrorP95Ms === null ? '—' : `${m.frameErrorP95Ms.toFixed(1)} ms`),
              },
              {
                key: 'lastSeen',
                title: t('lastSeen'),
                render: (_, m) => (m.lastSeenAt ? dayjs(m.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : '—'),
              },
            ]}
          />
          <Typography.Text type="secondary">
            {tc('common.updatedAt')}: {dayjs(group.updatedAt).format('YYYY-MM-DD HH:mm')}
          </Typography.Text>
        </Flex>
      )}
    </Drawer>
  );
}

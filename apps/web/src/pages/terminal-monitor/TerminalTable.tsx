import type { Terminal } from '@apm/contract';
import { Button, Space, Table, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import type { TerminalSortField } from '../../services/terminal';
import { CommandMenu } from './CommandMenu';
import { PlayingNow, PresenceTag } from './TerminalBits';

/** Props of {@link TerminalTable}. */
export interface TerminalTableProps {
  rows: Terminal[];
  tableProps: TableProps<Terminal>;
  sortOrderOf(field: TerminalSortField): 'ascend' | 'descend' | null;
  selectedIds: number[];
  onSelectionChange(ids: number[]): void;
  onDetails(terminal: Terminal): void;
  onEdit(terminal: Terminal): void;
  onRemove(terminal: Terminal): void;
  onChanged(): void;
}

const orDash = (v: string | null) => v || '—';

/** The terminal list: status with last seen, institution, group, resolution, version, playing now, actions. */
export function TerminalTable(props: TerminalTableProps) {
  const { rows, tableProps, sortOrderOf, selectedIds, onSelectionChange } = props;
  const { t } = useTranslation('terminalMonitor');
  const { t: tc } = useTranslation();
  return (
    <Table<Terminal>
      rowKey="id"
      {...tableProps}
      dataSource={rows}
      scroll={{ x: 1200 }}
      rowSelection={{ selectedRowKeys: selectedIds, onChange: (keys) => onSelectionChange(keys.map(Number)) }}
      columns={[
        {
          key: 'name',
          title: t('columns.name'),
          sorter: true,
          sortOrder: sortOrderOf('name'),
          render: (_, row) => (
            <Space orientation="vertical" size={0}>
              <Typography.Link onClick={() => props.onDetails(row)} data-testid="terminal-name">
                {row.name}
              </Typography.Link>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {row.deviceId}
              </Typography.Text>
            </Space>
          ),
        },
        {
          key: 'online',
          title: t('columns.status'),
          sorter: true,
          sortOrder: sortOrderOf('online'),
          render: (_, row) => <PresenceTag terminal={row} />,
        },
        { key: 'office', title: t('columns.office'), render: (_, row) => orDash(row.officeName) },
        {
          key: 'group',
          title: t('columns.group'),
          render: (_, row) => <span data-testid="terminal-group">{orDash(row.groupName)}</span>,
        },
        {
          key: 'resolution',
          title: t('columns.resolution'),
          render: (_, row) => orDash(row.status?.resolution ?? row.resolution),
        },
        {
          key: 'version',
          title: t('columns.version'),
          render: (_, row) => orDash(row.status?.appVersion ?? row.appVersion),
        },
        { key: 'playing', title: t('columns.playing'), render: (_, row) => <PlayingNow terminal={row} /> },
        {
          key: 'lastSeenAt',
          title: t('columns.lastSeen'),
          sorter: true,
          sortOrder: sortOrderOf('lastSeenAt'),
          render: (_, row) => (row.lastSeenAt ? dayjs(row.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : '—'),
        },
        {
          key: 'actions',
          title: tc('common.actions'),
          fixed: 'right',
          render: (_, row) => (
            <Space size={0} wrap>
              <Button
                type="link"
                size="small"
                onClick={() => props.onDetails(row)}
                data-testid="terminal-details"
              >
                {t('actions.details')}
              </Button>
              {row.state === 'claimed' ? (
                <>
                  <Authorized permission="terminal:monitor:edit">
                    <Button
                      type="link"
                      size="small"
                      onClick={() => props.onEdit(row)}
                      data-testid="terminal-edit"
                    >
                      {t('actions.edit')}
                    </Button>
                  </Authorized>
                  <CommandMenu terminals={[row]} compact onSent={props.onChanged} />
                </>
              ) : null}
              <Authorized permission="terminal:monitor:delete">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => props.onRemove(row)}
                  data-testid="terminal-remove"
                >
                  {t('actions.remove')}
                </Button>
              </Authorized>
            </Space>
          ),
        },
      ]}
    />
  );
}

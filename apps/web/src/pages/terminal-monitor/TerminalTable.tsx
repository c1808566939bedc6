import type { Terminal } from '@apm/contract';
import { Button, Table, Tooltip, Typography, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { CellText, TableActions } from '../../components/admin/TableCells';
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
  /** Opens the terminal's schedule (what plays now and over the next 7 days). */
  onSchedule(terminal: Terminal): void;
  onEdit(terminal: Terminal): void;
  onRemove(terminal: Terminal): void;
  onChanged(): void;
}

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
      size="middle"
      // Fixed widths: long texts are cut (whole in a tooltip) rather than widening the table past the page.
      tableLayout="fixed"
      rowSelection={{ selectedRowKeys: selectedIds, onChange: (keys) => onSelectionChange(keys.map(Number)) }}
      columns={[
        {
          key: 'name',
          title: t('columns.name'),
          sorter: true,
          sortOrder: sortOrderOf('name'),
          render: (_, row) => (
            <>
              <Tooltip title={row.name}>
                <Typography.Link
                  onClick={() => props.onDetails(row)}
                  ellipsis
                  style={{ display: 'block' }}
                  data-testid="terminal-name"
                >
                  {row.name}
                </Typography.Link>
              </Tooltip>
              <CellText text={row.deviceId} secondary />
            </>
          ),
        },
        {
          key: 'online',
          title: t('columns.status'),
          width: 120,
          sorter: true,
          sortOrder: sortOrderOf('online'),
          render: (_, row) => <PresenceTag terminal={row} />,
        },
        {
          key: 'office',
          title: t('columns.office'),
          width: 100,
          render: (_, row) => <CellText text={row.officeName} />,
        },
        {
          key: 'group',
          title: t('columns.group'),
          width: 90,
          render: (_, row) => <CellText text={row.groupName} testId="terminal-group" />,
        },
        {
          key: 'resolution',
          title: t('columns.resolution'),
          width: 100,
          render: (_, row) => <CellText text={row.status?.resolution ?? row.resolution} />,
        },
        {
          key: 'version',
          title: t('columns.version'),
          width: 90,
          // Below 1600 px the details show it: the row has no room for every column.
          responsive: ['xxl'],
          render: (_, row) => <CellText text={row.status?.appVersion ?? row.appVersion} />,
        },
        {
          key: 'playing',
          title: t('columns.playing'),
          width: 100,
          render: (_, row) => <PlayingNow terminal={row} />,
        },
        {
          key: 'lastSeenAt',
          title: t('columns.lastSeen'),
          width: 100,
          // Below 1600 px the status column says it ("3 minutes ago", the time in its title).
          responsive: ['xxl'],
          sorter: true,
          sortOrder: sortOrderOf('lastSeenAt'),
          render: (_, row) => (row.lastSeenAt ? dayjs(row.lastSeenAt).format('YYYY-MM-DD HH:mm:ss') : '—'),
        },
        {
          key: 'actions',
          title: tc('common.actions'),
          width: 130,
          render: (_, row) => (
            <TableActions>
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
                  <Button
                    type="link"
                    size="small"
                    onClick={() => props.onSchedule(row)}
                    data-testid="terminal-schedule"
                  >
                    {t('actions.schedule')}
                  </Button>
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
            </TableActions>
          ),
        },
      ]}
    />
  );
}

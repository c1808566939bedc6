import type { TerminalGroupNode, TerminalHealth } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Flex, Pagination, Switch, Tag, TreeSelect, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import type { TerminalOfficeNode } from '../../services/terminal';
import { getGroupTree, screenshotUrl } from '../../services/terminal';
import { getLiveRows, getScreenWall, takeScreenshots } from '../../services/terminal-debug';
import { terminalErrorText } from '../terminal-monitor/terminal-errors';
import type { OfficeTreeItem } from '../terminal-monitor/terminal-logic';
import { useTerminalOfficeTree } from '../terminal-monitor/use-terminal-office-tree';

const PAGE_SIZE = 12;
const REFRESH_MS = 10_000;
const HEALTH_COLOURS: Record<TerminalHealth, string> = {
  online: 'green',
  late: 'orange',
  offline: 'default',
};

type Option = { value: number; title: string; isLeaf?: boolean; children?: Option[] };
const officeOptions = (items: OfficeTreeItem<TerminalOfficeNode>[]): Option[] =>
  items.map((i) => ({
    value: i.node.id,
    title: i.node.name,
    isLeaf: i.isLeaf,
    children: i.children ? officeOptions(i.children) : undefined,
  }));
const groupOptions = (nodes: TerminalGroupNode[]): Option[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, children: groupOptions(g.children) }));

/** Props of {@link ScreenWallTab}. */
export interface ScreenWallTabProps {
  /** A tile was chosen: that terminal is debugged in the other tabs. */
  onPick(terminal: { id: number; name: string }): void;
}

/**
 * The screen wall: the latest screenshots of an institution's (or a group's) terminals in a grid,
 * paged, each with its live state from the real-time monitor (online, late, offline); new
 * screenshots of the shown terminals on request; refreshed every 10 s while auto-refresh is on.
 */
export function ScreenWallTab({ onPick }: ScreenWallTabProps) {
  const { t } = useTranslation('terminalDebug');
  const { message } = App.useApp();
  const { can } = useAccess();
  const offices = useTerminalOfficeTree();
  const [chosenOffice, setOfficeId] = useState<number | undefined>();
  const officeId = chosenOffice ?? offices.items[0]?.node.id;
  const [groupId, setGroupId] = useState<number | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const [auto, setAuto] = useState(true);
  const interval = auto ? REFRESH_MS : false;
  const groups = useQuery({
    queryKey: ['terminalDebug', 'groups', officeId],
    queryFn: ({ signal }) => getGroupTree(officeId!, signal),
    enabled: officeId !== undefined,
  });
  const filter = groupId !== undefined ? { groupId } : { officeId };
  const wall = useQuery({
    queryKey: ['terminalDebug', 'wall', filter, pageNo],
    queryFn: ({ signal }) => getScreenWall({ ...filter, pageNo, pageSize: PAGE_SIZE }, signal),
    enabled: officeId !== undefined,
    refetchInterval: interval,
    placeholderData: keepPreviousData,
  });
  const ids = (wall.data?.list ?? []).map((x) => x.id);
  const live = useQuery({
    queryKey: ['terminalDebug', 'live', ids],
    queryFn: ({ signal }) => getLiveRows(ids, signal),
    enabled: ids.length > 0,
    refetchInterval: interval,
  });
  const healthOf = (id: number): TerminalHealth => live.data?.find((r) => r.id === id)?.health ?? 'offline';
  const canShoot = can('terminal:debug:command') || can('terminal:monitor:command');

  const shoot = async () => {
    try {
      const sent = await takeScreenshots(ids);
      void message.success(t('wall.shotsSent', { count: sent.count }));
      setTimeout(() => void wall.refetch(), 3000);
    } catch (err) {
      void message.error(t('failed', { message: terminalErrorText(err) }));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} align="center" wrap>
        <span id="terminal-debug-wall-office">{t('wall.office')}</span>
        <TreeSelect<number>
          aria-labelledby="terminal-debug-wall-office"
          style={{ minWidth: 240 }}
          value={officeId}
          treeData={officeOptions(offices.items)}
          loadData={(node) => offices.loadChildren(Number(node.value))}
          onChange={(id) => {
            setOfficeId(id);
            setGroupId(undefined);
            setPageNo(1);
          }}
          data-testid="terminal-debug-wall-office"
        />
        <span id="terminal-debug-wall-group">{t('wall.group')}</span>
        <TreeSelect<number>
          aria-labelledby="terminal-debug-wall-group"
          style={{ minWidth: 200 }}
          allowClear
          placeholder={t('wall.allGroups')}
          value={groupId}
          disabled={officeId === undefined}
          treeDefaultExpandAll
          treeData={groupOptions(groups.data ?? [])}
          onChange={(id) => {
            setGroupId(id ?? undefined);
            setPageNo(1);
          }}
        />
        <Button onClick={() => void wall.refetch()} loading={wall.isFetching}>
          {t('wall.refresh')}
        </Button>
        <Switch checked={auto} onChange={setAuto} aria-label={t('wall.autoRefresh')} />
        <span>{t('wall.autoRefresh')}</span>
        <Button
          onClick={() => void shoot()}
          disabled={!canShoot || ids.length === 0}
          data-testid="terminal-debug-wall-shoot"
        >
          {t('wall.takeShots')}
        </Button>
      </Flex>
      {wall.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('failed', { message: terminalErrorText(wall.error) })}
        />
      )}
      {officeId === undefined ? (
        <Empty description={t('wall.chooseOffice')} />
      ) : !wall.isLoading && ids.length === 0 ? (
        <Empty description={t('wall.empty')} />
      ) : (
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 12 }}
          data-testid="terminal-debug-wall"
        >
          {(wall.data?.list ?? []).map((tile) => {
            const health = healthOf(tile.id);
            return (
              <Card
                key={tile.id}
                size="small"
                hoverable
                role="button"
                tabIndex={0}
                title={t('wall.open', { name: tile.name })}
                onClick={() => onPick(tile)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    onPick(tile);
                  }
                }}
                cover={
                  tile.screenshot ? (
                    <img
                      src={screenshotUrl(tile.screenshot.id)}
                      alt={tile.name}
                      style={{ aspectRatio: '16 / 9', objectFit: 'contain', background: '#000' }}
                    />
                  ) : (
                    <Flex
                      align="center"
                      justify="center"
                      style={{ aspectRatio: '16 / 9', background: '#f0f0f0', color: '#595959' }}
                    >
                      {t('wall.noScreenshot')}
                    </Flex>
                  )
                }
                data-testid="terminal-debug-tile"
                data-health={health}
              >
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong ellipsis>
                    {tile.name}
                  </Typography.Text>
                  <Tag color={HEALTH_COLOURS[health]}>{t(`wall.presence.${health}`)}</Tag>
                </Flex>
                {tile.screenshot && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('wall.takenAt', {
                      time: dayjs(tile.screenshot.createdAt).format('YYYY-MM-DD HH:mm:ss'),
                    })}
                  </Typography.Text>
                )}
              </Card>
            );
          })}
        </div>
      )}
      {(wall.data?.count ?? 0) > PAGE_SIZE && (
        <Pagination
          current={pageNo}
          pageSize={PAGE_SIZE}
          total={wall.data?.count}
          onChange={setPageNo}
          showSizeChanger={false}
        />
      )}
    </Flex>
  );
}

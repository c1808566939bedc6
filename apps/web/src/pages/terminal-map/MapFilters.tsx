import type { TerminalGroupNode } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Flex, Select, Space, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getGroupTree } from '../../services/terminal';
import type { MapFilters as Filters, MapState } from '../../services/terminal-map';
import { TERMINAL_KEY, useTerminalOfficeTree } from '../terminal-monitor/use-terminal-office-tree';
import type { OfficeTreeItem } from '../terminal-monitor/terminal-logic';
import type { TerminalOfficeNode } from '../../services/terminal';
import { MAP_STATES, STATE_COLOURS } from './map-clusters';

/** A round dot in a state's colour. */
export function StateDot({ state }: { state: MapState }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-block',
        width: 10,
        height: 10,
        borderRadius: '50%',
        background: STATE_COLOURS[state],
        marginInlineEnd: 8,
      }}
    />
  );
}

/** The colours of the map's states. */
export function MapLegend() {
  const { t } = useTranslation('terminalMap');
  return (
    <Space wrap data-testid="terminal-map-legend">
      <Typography.Text type="secondary">{t('legend')}:</Typography.Text>
      {MAP_STATES.map((state) => (
        <span key={state}>
          <StateDot state={state} />
          {t(`states.${state}`)}
        </span>
      ))}
    </Space>
  );
}

interface Option {
  value: number;
  title: string;
  isLeaf?: boolean;
  children?: Option[];
}

const officeOptions = (items: OfficeTreeItem<TerminalOfficeNode>[]): Option[] =>
  items.map((i) => ({
    value: i.node.id,
    title: i.node.name,
    isLeaf: i.isLeaf,
    children: i.children ? officeOptions(i.children) : undefined,
  }));

const groupOptions = (nodes: TerminalGroupNode[]): Option[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, children: groupOptions(g.children) }));

/** Props of {@link MapFilters}. */
export interface MapFiltersProps {
  value: Filters;
  onChange(value: Filters): void;
}

/** Institution (and below), group (of the institution) and state filters of the map. */
export function MapFilters({ value, onChange }: MapFiltersProps) {
  const { t } = useTranslation('terminalMap');
  const offices = useTerminalOfficeTree();
  const groups = useQuery({
    queryKey: [...TERMINAL_KEY, 'groups', value.officeId],
    queryFn: ({ signal }) => getGroupTree(value.officeId!, signal),
    enabled: value.officeId !== undefined,
  });
  return (
    <Flex gap={8} wrap>
      <TreeSelect<number>
        aria-label={t('filters.office')}
        data-testid="terminal-map-office"
        style={{ minWidth: 200 }}
        allowClear
        placeholder={t('filters.allOffices')}
        value={value.officeId}
        treeData={officeOptions(offices.items)}
        loadData={(node) => offices.loadChildren(Number(node.value))}
        onChange={(officeId) => onChange({ ...value, officeId: officeId ?? undefined, groupId: undefined })}
      />
      <TreeSelect<number>
        aria-label={t('filters.group')}
        style={{ minWidth: 160 }}
        allowClear
        treeDefaultExpandAll
        disabled={value.officeId === undefined}
        placeholder={t('filters.allGroups')}
        value={value.groupId}
        treeData={groupOptions(groups.data ?? [])}
        onChange={(groupId) => onChange({ ...value, groupId: groupId ?? undefined })}
      />
      <Select<MapState>
        aria-label={t('filters.state')}
        style={{ minWidth: 200 }}
        allowClear
        placeholder={t('filters.allStates')}
        value={value.state}
        options={MAP_STATES.map((state) => ({
          value: state,
          label: (
            <span>
              <StateDot state={state} />
              {t(`states.${state}`)}
            </span>
          ),
        }))}
        onChange={(state) => onChange({ ...value, state: state ?? undefined })}
      />
    </Flex>
  );
}

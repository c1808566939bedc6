import type { TerminalGroupNode } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { getGroupTree } from '../../services/terminal';
import { TERMINAL_KEY } from './use-terminal-office-tree';

/** Props of {@link GroupSelect} (a controlled antd Form field). */
export interface GroupSelectProps {
  /** The institution whose groups are offered; nothing to choose without one. */
  officeId?: number;
  value?: number;
  onChange?: (id?: number) => void;
  id?: string;
}

interface GroupOption {
  value: number;
  title: string;
  children: GroupOption[];
}

const toOptions = (nodes: TerminalGroupNode[]): GroupOption[] =>
  nodes.map((g) => ({ value: g.id, title: g.name, children: toOptions(g.children) }));

/** Chooses a terminal group of one institution (clearing it means no group). */
export function GroupSelect({ officeId, value, onChange, id }: GroupSelectProps) {
  const { t } = useTranslation('terminalMonitor');
  const groups = useQuery({
    queryKey: [...TERMINAL_KEY, 'groups', officeId],
    queryFn: ({ signal }) => getGroupTree(officeId!, signal),
    enabled: officeId !== undefined,
  });
  return (
    <TreeSelect<number>
      id={id}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      allowClear
      treeDefaultExpandAll
      disabled={officeId === undefined}
      loading={groups.isFetching}
      placeholder={t('claim.noGroup')}
      treeData={toOptions(groups.data ?? [])}
      style={{ width: '100%' }}
    />
  );
}

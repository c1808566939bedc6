import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Tabs, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { getPublishGroupTree, getPublishOfficeTree } from '../../services/publish';
import { groupTree, officeTree } from './publish-logic';

/** Props of {@link PublishTrees}. */
export interface PublishTreesProps {
  /** The chosen node: `o<id>` (office and below) or `g<id>` (group and subgroups); undefined: all. */
  value: string | undefined;
  onChange: (key: string | undefined) => void;
}

/** The office tree and the group tree of the caller's range; choosing a node filters the terminals. */
export function PublishTrees({ value, onChange }: PublishTreesProps) {
  const { t } = useTranslation('publish');
  const offices = useQuery({
    queryKey: ['publish', 'officeTree'],
    queryFn: ({ signal }) => getPublishOfficeTree(signal),
  });
  const groups = useQuery({
    queryKey: ['publish', 'groupTree'],
    queryFn: ({ signal }) => getPublishGroupTree(signal),
  });
  const officeData = useMemo(() => officeTree(offices.data ?? []), [offices.data]);
  const groupData = useMemo(() => groupTree(groups.data ?? []), [groups.data]);
  const select = (keys: React.Key[]) => onChange(keys.length ? String(keys[0]) : undefined);
  const tree = (data: typeof officeData, loading: boolean, testId: string) =>
    loading ? (
      <Spin />
    ) : data.length ? (
      <Tree
        blockNode
        defaultExpandAll
        treeData={data}
        selectedKeys={value ? [value] : []}
        onSelect={select}
        data-testid={testId}
      />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noGroups')} />
    );
  return (
    <Tabs
      size="small"
      items={[
        {
          key: 'offices',
          label: t('offices'),
          children: tree(officeData, offices.isPending, 'publish-office-tree'),
        },
        {
          key: 'groups',
          label: t('groups'),
          children: tree(groupData, groups.isPending, 'publish-group-tree'),
        },
      ]}
    />
  );
}

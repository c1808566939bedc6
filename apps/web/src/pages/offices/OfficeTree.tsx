import type { OfficeSearchHit } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, Spin, Tag, Tree, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchOffice } from '../../services/office';
import type { OfficeTreeState } from './use-office-tree';

/** Props of {@link OfficeTree}. */
export interface OfficeTreeProps {
  tree: OfficeTreeState;
  selectedId?: number;
  onSelect(id: number): void;
}

/** The institution tree with lazy children and a server-side name search above it. */
export function OfficeTree({ tree, selectedId, onSelect }: OfficeTreeProps) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const [input, setInput] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(input.trim()), 300);
    return () => clearTimeout(timer);
  }, [input]);
  const hits = useQuery({
    queryKey: ['office', 'search', term],
    queryFn: ({ signal }) => searchOffice(term, signal),
    enabled: term !== '',
  });

  return (
    <>
      <Input.Search
        allowClear
        maxLength={100}
        placeholder={t('searchPlaceholder')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onSearch={(v) => setTerm(v.trim())}
        style={{ marginBottom: 12 }}
        data-testid="office-search"
      />
      {term ? (
        <Spin spinning={hits.isFetching}>
          {(hits.data ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tc('common.emptyList')} />
          ) : (
            <ul
              role="listbox"
              aria-label={t('searchResults')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {(hits.data ?? []).map((hit: OfficeSearchHit) => (
                <li
                  key={hit.id}
                  role="option"
                  aria-selected={hit.id === selectedId}
                  tabIndex={0}
                  onClick={() => onSelect(hit.id)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(hit.id)}
                  style={{
                    cursor: 'pointer',
                    padding: '6px 8px',
                    borderRadius: 4,
                    background: hit.id === selectedId ? 'rgba(22,119,255,0.08)' : undefined,
                  }}
                  data-testid="office-search-hit"
                >
                  <Typography.Text>{hit.name}</Typography.Text>{' '}
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {hit.pathNames.slice(0, -1).join(' / ')}
                  </Typography.Text>
                </li>
              ))}
            </ul>
          )}
        </Spin>
      ) : tree.loading && !tree.treeData.length ? (
        <Spin />
      ) : tree.treeData.length ? (
        <Tree
          blockNode
          showLine
          treeData={tree.treeData}
          selectedKeys={selectedId ? [selectedId] : []}
          defaultExpandedKeys={tree.treeData.map((r) => r.key)}
          loadData={(node) => tree.loadChildren(Number(node.key))}
          onSelect={(keys) => keys.length && onSelect(Number(keys[0]))}
          titleRender={(item) => (
            <span data-testid="office-node">
              {item.title}
              {item.node.kind !== 'office' ? (
                <Tag
                  style={{ marginInlineStart: 6 }}
                  color={item.node.kind === 'customer' ? 'green' : 'blue'}
                >
                  {t(`kinds.${item.node.kind}`)}
                </Tag>
              ) : null}
            </span>
          )}
        />
      ) : (
        <Empty description={tc('common.emptyList')} />
      )}
    </>
  );
}

/**
 * OfficeTreeSelect — choose one institution (office) from the caller's visible tree.
 *
 * An antd `TreeSelect` that works as a controlled antd Form field (`value` / `onChange` carry the
 * office id). It starts with the caller's visible root(s) (GET treeDataNew), loads children lazily
 * on expansion (GET officeDynamicData) and, when the user types, searches on the server (GET
 * searchOffice, debounced 300 ms) and lists the hits with their path. A value that is not loaded yet
 * is labelled through GET officeNode. `kinds` limits which kinds may be chosen (others stay visible
 * but disabled). With `chooseSole`, an empty field takes the only office the tree offers (a user who
 * sees one office need not pick it). Texts come from props or the default namespace (`common.*`) only.
 *
 * @example
 * <Form.Item name="parentId" label={t('parent')}><OfficeTreeSelect kinds={['platform', 'agent']} /></Form.Item>
 */
import type { OfficeKind, OfficeNode, OfficeSearchHit } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useCallback, useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { getOfficeChildren, getOfficeNode, getOfficeTree, searchOffice } from '../../services/office';
import { findSoleOffice } from './sole-office';

/** Props of {@link OfficeTreeSelect}. */
export interface OfficeTreeSelectProps {
  /** Chosen office id. */
  value?: number;
  /** Called with the chosen id, or undefined when cleared. */
  onChange?: (id?: number) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** Only offices of these kinds can be chosen (all kinds when absent). */
  kinds?: OfficeKind[];
  /** Offices that cannot be chosen (e.g. the office being moved). */
  excludeIds?: number[];
  style?: CSSProperties;
  id?: string;
  /** The field's name for assistive technologies, where no form label names it. */
  'aria-label'?: string;
  /** While empty, choose the office when the tree offers exactly one (form fields, not filters). */
  chooseSole?: boolean;
}

interface FlatNode {
  id: number;
  pId: number | 0;
  value: number;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
}

const SEARCH_DELAY_MS = 300;

/** Institution picker with lazy children and server-side search (see the module comment). */
export default function OfficeTreeSelect({
  value,
  onChange,
  placeholder,
  allowClear = true,
  disabled,
  kinds,
  excludeIds,
  style,
  id,
  'aria-label': ariaLabel,
  chooseSole = false,
}: OfficeTreeSelectProps) {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<Map<number, FlatNode>>(new Map());
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');

  const toFlat = useCallback(
    (n: OfficeNode, title = n.name): FlatNode => ({
      id: n.id,
      pId: n.parentId ?? 0,
      value: n.id,
      title,
      isLeaf: !n.hasChildren,
      disabled: (kinds !== undefined && !kinds.includes(n.kind)) || (excludeIds?.includes(n.id) ?? false),
    }),
    [kinds, excludeIds],
  );

  const roots = useQuery({ queryKey: ['office', 'tree', 'roots'], queryFn: () => getOfficeTree() });
  useEffect(() => {
    if (!roots.data) return;
    setNodes((prev) => {
      const next = new Map(prev);
      // Roots have no visible parent: pId 0 keeps them at the top level.
      for (const r of roots.data) next.set(r.id, { ...toFlat(r), pId: 0 });
      return next;
    });
  }, [roots.data, toFlat]);

  const empty = value === undefined;
  const sole = useQuery({
    queryKey: ['office', 'sole', kinds ?? null, excludeIds ?? null],
    queryFn: () =>
      findSoleOffice(roots.data ?? [], (n) => !toFlat(n).disabled, getOfficeChildren).then(
        (id) => id ?? null,
      ),
    enabled: chooseSole && empty && !disabled && roots.data !== undefined,
    staleTime: 60_000,
  });
  useEffect(() => {
    if (chooseSole && empty && !disabled && typeof sole.data === 'number') onChange?.(sole.data);
  }, [chooseSole, empty, disabled, sole.data, onChange]);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const hits = useQuery({
    queryKey: ['office', 'search', term],
    queryFn: ({ signal }) => searchOffice(term, signal),
    enabled: term !== '',
  });

  const known = value === undefined || nodes.has(value) || hits.data?.some((h) => h.id === value);
  const current = useQuery({
    queryKey: ['office', 'node', value],
    queryFn: () => getOfficeNode(value!),
    enabled: !known,
    retry: false,
  });

  const loadData = useCallback<NonNullable<TreeSelectProps['loadData']>>(
    async (node) => {
      const children = await getOfficeChildren(Number(node.value));
      setNodes((prev) => {
        const next = new Map(prev);
        for (const c of children) next.set(c.id, toFlat(c));
        return next;
      });
    },
    [toFlat],
  );

  const treeData = useMemo(() => {
    if (term) {
      return (hits.data ?? []).map((h: OfficeSearchHit) => ({
        ...toFlat(h, h.pathNames.join(' / ') || h.name),
        pId: 0,
        isLeaf: true,
      }));
    }
    const list = [...nodes.values()];
    if (value !== undefined && !nodes.has(value) && current.data) {
      // Shown as a detached entry until its branch is expanded.
      list.push({ ...toFlat(current.data, current.data.pathNames.join(' / ')), pId: 0, isLeaf: true });
    }
    return list;
  }, [term, hits.data, nodes, value, current.data, toFlat]);

  return (
    <TreeSelect<number>
      id={id}
      aria-label={ariaLabel}
      style={{ width: '100%', ...style }}
      value={value}
      onChange={(v) => {
        // Keep a chosen search hit in the tree data, so the closing popup still finds its key.
        const hit = term ? hits.data?.find((h) => h.id === v) : undefined;
        if (hit && !nodes.has(hit.id)) {
          setNodes((prev) =>
            new Map(prev).set(hit.id, {
              ...toFlat(hit, hit.pathNames.join(' / ') || hit.name),
              pId: 0,
              isLeaf: true,
            }),
          );
        }
        setSearch('');
        setTerm('');
        onChange?.(v ?? undefined);
      }}
      placeholder={placeholder}
      allowClear={allowClear}
      disabled={disabled}
      treeDataSimpleMode
      treeData={treeData}
      loadData={term ? undefined : loadData}
      showSearch={{ searchValue: search, onSearch: setSearch, filterTreeNode: false }}
      loading={roots.isLoading || hits.isFetching}
      notFoundContent={roots.isLoading || hits.isFetching ? t('common.loading') : t('common.emptyList')}
      treeNodeLabelProp="title"
      virtual={false}
    />
  );
}

import type { Material } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Empty, Flex, Pagination, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import { getFolderTree, listMaterials } from '../../services/material';
import { useDebounced } from '../../utils/use-debounced';
import { CapacityBar } from './CapacityBar';
import { FolderPickerModal } from './FolderModals';
import { FOLDERS_KEY, FolderPanel } from './FolderPanel';
import { materialErrorText } from './material-errors';
import {
  readMaterialView,
  toMaterialListParams,
  writeMaterialView,
  type FolderSelection,
  type MaterialFilterValues,
  type MaterialSort,
  type MaterialView,
} from './material-query';
import { MaterialDetailsDrawer } from './MaterialDetailsDrawer';
import { MaterialGrid } from './MaterialGrid';
import { MaterialPreviewModal } from './MaterialPreviewModal';
import { MaterialTable } from './MaterialTable';
import { MaterialToolbar } from './MaterialToolbar';
import { MaterialUploader } from './upload';
import { useConvertProgress } from './use-convert-progress';
import { useMaterialActions } from './use-material-actions';

const storage = () => (typeof window === 'undefined' ? undefined : window.localStorage);
/** Whether a key press goes into a text field (where Delete edits text, not the selection). */
const isTyping = (target: EventTarget | null) => {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
};

/** `resManage/myRes`: the material library — folders, search and filters, grid or list, preview, details. */
export default function MaterialsPage() {
  const { t } = useTranslation('materials');
  const { can } = useAccess();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [folder, setFolder] = useState<FolderSelection>('all');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const debouncedKeyword = useDebounced(keywordInput, 400);
  const [filters, setFilters] = useState<MaterialFilterValues>({});
  const [sort, setSort] = useState<MaterialSort>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 24 });
  const [view, setView] = useState<MaterialView>(() => readMaterialView(storage()));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const [moving, setMoving] = useState(false);

  useEffect(() => setKeyword(debouncedKeyword), [debouncedKeyword]);
  // A new search, filter or folder starts at page 1 with nothing selected.
  useEffect(() => {
    setPage((p) => ({ ...p, pageNo: 1 }));
    setSelected(new Set());
  }, [folder, keyword, filters, sort]);

  const params = useMemo(
    () => toMaterialListParams(folder, { ...filters, keyword }, sort, page),
    [folder, filters, keyword, sort, page],
  );
  const folders = useQuery({ queryKey: FOLDERS_KEY, queryFn: ({ signal }) => getFolderTree(signal) });
  const list = useQuery({
    queryKey: ['material', 'list', params],
    queryFn: ({ signal }) => listMaterials(params, signal),
    placeholderData: keepPreviousData,
  });
  const materials = useMemo<Material[]>(() => list.data?.list ?? [], [list.data]);
  const refreshList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['material', 'list'] }),
    [queryClient],
  );
  const refreshAll = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['material'] }),
    [queryClient],
  );
  const progress = useConvertProgress(materials, refreshList);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const actions = useMaterialActions(clearSelection);

  const { confirmDelete } = actions;
  const moveFailed = (failure: unknown) => void message.error(materialErrorText(failure));
  const dialogOpen = previewId !== null || detailsId !== null || moving;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Delete' || !selected.size || dialogOpen || isTyping(event.target)) return;
      if (!can('res:material:delete')) return;
      event.preventDefault();
      confirmDelete([...selected]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [selected, dialogOpen, can, confirmDelete]);

  const changeView = (next: MaterialView) => {
    setView(next);
    writeMaterialView(storage(), next);
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAll = (on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const m of materials) {
        if (on) next.add(m.id);
        else next.delete(m.id);
      }
      return next;
    });

  const total = list.data?.count ?? 0;
  const body =
    view === 'list' ? (
      <MaterialTable
        materials={materials}
        loading={list.isFetching}
        total={total}
        pageNo={page.pageNo}
        pageSize={page.pageSize}
        sort={sort}
        progress={progress}
        selected={selected}
        onSelectionChange={(ids) => setSelected(new Set(ids))}
        onPageChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
        onSortChange={setSort}
        onPreview={(m) => setPreviewId(m.id)}
        onDetails={(m) => setDetailsId(m.id)}
      />
    ) : (
      <Spin spinning={list.isFetching}>
        {materials.length ? (
          <Flex vertical gap={12}>
            <MaterialGrid
              materials={materials}
              total={total}
              progress={progress}
              selected={selected}
              onToggle={toggle}
              onToggleAll={toggleAll}
              draggable={can('res:material:edit')}
              onPreview={(m) => setPreviewId(m.id)}
              onDetails={(m) => setDetailsId(m.id)}
            />
            <Pagination
              align="end"
              current={page.pageNo}
              pageSize={page.pageSize}
              pageSizeOptions={[12, 24, 48, 96]}
              total={total}
              showSizeChanger
              onChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
            />
          </Flex>
        ) : (
          <Empty
            style={{ padding: 48 }}
            description={list.isLoading ? t('loading') : t('empty')}
            data-testid="material-empty"
          />
        )}
      </Spin>
    );

  return (
    <Card title={t('title')}>
      <Flex gap={16} align="flex-start" wrap>
        <Flex vertical gap={16} style={{ width: 260, flex: '0 0 260px' }}>
          <FolderPanel
            folders={folders.data ?? []}
            loading={folders.isLoading}
            selected={folder}
            onSelect={setFolder}
            onDropMaterials={
              can('res:material:edit')
                ? (ids, folderId) => void actions.move(ids, folderId).catch(moveFailed)
                : undefined
            }
          />
          <CapacityBar />
        </Flex>
        <Flex vertical gap={12} style={{ flex: '1 1 480px', minWidth: 0 }}>
          {can('res:material:add') ? (
            <MaterialUploader folderId={typeof folder === 'number' ? folder : null} onUploaded={refreshAll} />
          ) : null}
          <MaterialToolbar
            keyword={keywordInput}
            onKeywordChange={setKeywordInput}
            onKeywordSubmit={() => setKeyword(keywordInput)}
            filters={filters}
            onFiltersChange={setFilters}
            sort={sort}
            onSortChange={setSort}
            view={view}
            onViewChange={changeView}
            selectedCount={selected.size}
            onBulkMove={() => setMoving(true)}
            onBulkDelete={() => confirmDelete([...selected])}
          />
          {body}
        </Flex>
      </Flex>
      {previewId !== null ? <MaterialPreviewModal id={previewId} onClose={() => setPreviewId(null)} /> : null}
      {detailsId !== null ? (
        <MaterialDetailsDrawer id={detailsId} onClose={() => setDetailsId(null)} />
      ) : null}
      {moving ? (
        <FolderPickerModal
          title={t('bulk.moveTitle', { count: selected.size })}
          folders={folders.data ?? []}
          onClose={() => setMoving(false)}
          onPick={(folderId) => actions.move([...selected], folderId)}
        />
      ) : null}
    </Card>
  );
}

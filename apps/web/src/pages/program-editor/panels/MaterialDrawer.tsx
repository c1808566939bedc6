import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { Material } from '@apm/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Empty, Flex, Input, Pagination, Result, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../../access/use-access';
import { loadPageNamespaces } from '../../../locales/page-messages';
import { getFolderTree, listMaterials } from '../../../services/material';
import { useDebounced } from '../../../utils/use-debounced';
import { FOLDERS_KEY, FolderPanel } from '../../materials/FolderPanel';
import { toMaterialListParams, type FolderSelection } from '../../materials/material-query';
import { MaterialUploader } from '../../materials/upload';
import { useConvertProgress } from '../../materials/use-convert-progress';
import { isPickable, MaterialPickGrid } from './MaterialPickGrid';

/** The material kinds a program's widgets and backgrounds take. */
export type PickKind = 'image' | 'video' | 'audio';

/** Props of {@link MaterialDrawer}. */
export interface MaterialDrawerProps {
  open: boolean;
  /** Only materials of this kind are listed ("select type"). */
  kind: PickKind;
  /** Whether several materials can be picked at once (widget items) or one (a scene background). */
  multiple: boolean;
  /** Called with the picked materials in the order they were picked (the caller closes the drawer). */
  onPick(materials: Material[]): void;
  onClose(): void;
}

const PAGE_SIZES = [24, 48, 96];

/**
 * The material picker of the program editor: the library's folder tree, materials of one kind with
 * keyword search and server paging, upload into the chosen folder, and picking of processed
 * materials. It stays mounted once opened, so uploads go on while it is closed and the folder stays
 * chosen; the picks start empty at each opening.
 */
export function MaterialDrawer(props: MaterialDrawerProps) {
  const { t } = useTranslation('editorPanels');
  const [ready, setReady] = useState(false);
  const [folder, setFolder] = useState<FolderSelection>('all');
  useEffect(() => {
    if (!props.open || ready) return;
    // The folder tree and the material bits speak the library's messages.
    void loadPageNamespaces(['materials']).finally(() => setReady(true));
  }, [props.open, ready]);
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      size="min(1000px, 100vw)"
      title={t(`drawer.title.${props.kind}`)}
      data-testid="material-drawer"
    >
      {ready ? (
        <PickerBody {...props} folder={folder} onFolderChange={setFolder} />
      ) : (
        <Spin style={{ display: 'block', padding: 48 }} />
      )}
    </Drawer>
  );
}

interface PickerBodyProps extends MaterialDrawerProps {
  folder: FolderSelection;
  onFolderChange(folder: FolderSelection): void;
}

function PickerBody({ open, kind, multiple, onPick, folder, onFolderChange }: PickerBodyProps) {
  const { t } = useTranslation('editorPanels');
  const { t: tc } = useTranslation();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [keywordInput, setKeywordInput] = useState('');
  const keyword = useDebounced(keywordInput, 400);
  const [page, setPage] = useState({ pageNo: 1, pageSize: PAGE_SIZES[0]! });
  const [picked, setPicked] = useState<Material[]>([]);
  const [uploading, setUploading] = useState(false);

  useEffect(() => setPage((p) => ({ ...p, pageNo: 1 })), [folder, keyword]);
  useEffect(() => {
    if (open) setPicked([]);
  }, [open]);
  const params = useMemo(
    () => toMaterialListParams(folder, { keyword, kind }, {}, page),
    [folder, keyword, kind, page],
  );
  const folders = useQuery({ queryKey: FOLDERS_KEY, queryFn: ({ signal }) => getFolderTree(signal) });
  const list = useQuery({
    queryKey: ['material', 'list', 'picker', params],
    queryFn: ({ signal }) => listMaterials(params, signal),
    placeholderData: keepPreviousData,
  });
  const materials = useMemo(() => list.data?.list ?? [], [list.data]);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['material'] }),
    [queryClient],
  );
  const progress = useConvertProgress(materials, refresh);
  const selected = useMemo(() => new Set(picked.map((m) => m.id)), [picked]);

  const toggle = (material: Material) =>
    setPicked((now) => {
      if (now.some((m) => m.id === material.id)) return now.filter((m) => m.id !== material.id);
      return multiple ? [...now, material] : [material];
    });
  const pickable = picked.filter((m) => isPickable(m, progress.get(m.id)));

  let body;
  if (list.isError && !list.data) {
    body = (
      <Result
        status="warning"
        title={t('drawer.error')}
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void list.refetch()}
            data-testid="material-drawer-retry"
          >
            {t('drawer.retry')}
          </Button>
        }
        data-testid="material-drawer-error"
      />
    );
  } else if (list.isLoading) {
    body = <Spin style={{ display: 'block', padding: 48 }} data-testid="material-drawer-loading" />;
  } else if (materials.length === 0) {
    body = (
      <Empty
        style={{ padding: 48 }}
        description={keyword ? t('drawer.noMatch') : t(`drawer.empty.${kind}`)}
        data-testid="material-drawer-empty"
      />
    );
  } else {
    body = (
      <Spin spinning={list.isFetching}>
        <MaterialPickGrid
          materials={materials}
          progress={progress}
          selected={selected}
          multiple={multiple}
          onToggle={toggle}
        />
      </Spin>
    );
  }

  return (
    <Flex vertical gap={12} style={{ height: '100%' }}>
      <Flex gap={16} align="flex-start" style={{ flex: 1, minHeight: 0 }}>
        <div style={{ width: 240, flex: '0 0 240px', maxHeight: '100%', overflow: 'auto' }}>
          <FolderPanel
            folders={folders.data ?? []}
            loading={folders.isLoading}
            selected={folder}
            onSelect={onFolderChange}
          />
        </div>
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} wrap align="center">
            <Tag data-testid="material-drawer-kind">{t(`drawer.kinds.${kind}`)}</Tag>
            <Input.Search
              allowClear
              value={keywordInput}
              placeholder={t('drawer.search')}
              aria-label={t('drawer.search')}
              onChange={(e) => setKeywordInput(e.target.value)}
              style={{ flex: '1 1 200px', maxWidth: 320 }}
              data-testid="material-drawer-search"
            />
            {can('res:material:add') ? (
              <Button
                icon={<UploadOutlined />}
                type={uploading ? 'primary' : 'default'}
                aria-pressed={uploading}
                onClick={() => setUploading((on) => !on)}
                data-testid="material-drawer-upload"
              >
                {t('drawer.upload')}
              </Button>
            ) : null}
          </Flex>
          {uploading ? (
            <MaterialUploader folderId={typeof folder === 'number' ? folder : null} onUploaded={refresh} />
          ) : null}
          {body}
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text type="secondary">
              {tc('common.total', { total: list.data?.count ?? 0 })}
            </Typography.Text>
            <Pagination
              size="small"
              current={page.pageNo}
              pageSize={page.pageSize}
              pageSizeOptions={PAGE_SIZES}
              total={list.data?.count ?? 0}
              showSizeChanger
              onChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })}
            />
          </Flex>
        </Flex>
      </Flex>
      <Flex justify="flex-end" align="center" gap={12}>
        <Typography.Text type="secondary" data-testid="material-drawer-picked">
          {t('drawer.picked', { n: pickable.length })}
        </Typography.Text>
        <Space>
          <Button onClick={() => setPicked([])} disabled={picked.length === 0}>
            {t('drawer.clear')}
          </Button>
          <Button
            type="primary"
            disabled={pickable.length === 0}
            onClick={() => onPick(pickable)}
            data-testid="material-drawer-pick"
          >
            {multiple ? t('drawer.add') : t('drawer.choose')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}

export default MaterialDrawer;

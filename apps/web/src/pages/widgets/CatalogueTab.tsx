import { PlusOutlined } from '@ant-design/icons';
import type { WidgetEntry, WidgetKind, WidgetSortField } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Flex, Switch, Table, Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { TableActions } from '../../components/admin/TableCells';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteWidgetPackages,
  listWidgets,
  toggleWidgets,
  widgetKeys,
  type WidgetListParams,
} from '../../services/widgets';
import { PackageModal } from './PackageModal';
import { PublishModal } from './PublishModal';
import { widgetErrorText } from './widget-errors';

const SORTABLE: readonly WidgetSortField[] = ['name', 'kind', 'enabled', 'programCount', 'updatedAt'];
const EDIT = 'widget:list:edit';

/** The search form's values. */
interface CatalogueSearch {
  keyword?: string;
  kind?: WidgetKind;
  state?: 'on' | 'off';
}

/**
 * The tenant's widget types: built-in ones and custom HTML widgets, each switched on or off for the
 * program editor, with the programs using it and its uses and touches of the last 30 days.
 */
export function CatalogueTab() {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { t: typeName } = useTranslation('editorPanels');
  const { message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const table = useServerTable<WidgetEntry, WidgetListParams, CatalogueSearch>({
    queryKey: widgetKeys.list,
    fetch: listWidgets,
    sortable: SORTABLE,
    pageSize: 20,
    toFilters: ({ keyword, kind, state }) => ({
      ...(keyword?.trim() ? { keyword: keyword.trim() } : {}),
      ...(kind ? { kind } : {}),
      ...(state ? { enabled: state === 'on' } : {}),
    }),
  });
  const { sortOrderOf } = table;
  const [packageOf, setPackageOf] = useState<WidgetEntry | null | undefined>(undefined);
  const [publishing, setPublishing] = useState<WidgetEntry | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const nameOf = (e: WidgetEntry) => e.name ?? typeName(`widgetTypes.${e.type}`);
  const refresh = () => queryClient.invalidateQueries({ queryKey: widgetKeys.all });

  const onToggle = async (entry: WidgetEntry, enabled: boolean) => {
    setBusy(entry.key);
    try {
      await toggleWidgets([entry.key], enabled);
      void message.success(t(enabled ? 'switchedOn' : 'switchedOff', { name: nameOf(entry) }));
      await refresh();
    } catch (failure) {
      void message.error(widgetErrorText(failure));
    } finally {
      setBusy(null);
    }
  };

  const onDelete = async (entry: WidgetEntry) => {
    try {
      await deleteWidgetPackages([entry.packageId!]);
      void message.success(t('packageDeleted'));
      await refresh();
    } catch (failure) {
      void message.error(widgetErrorText(failure));
    }
  };

  return (
    <>
      <ListFilterBar
        table={table}
        name="widgetSearch"
        keyword={{ placeholder: t('keywordHint'), testId: 'widget-search-keyword' }}
        selects={[
          {
            name: 'kind',
            label: t('kind'),
            width: 140,
            options: (['builtin', 'package'] as const).map((k) => ({ value: k, label: t(`kinds.${k}`) })),
          },
          {
            name: 'state',
            label: t('state'),
            width: 120,
            options: [
              { value: 'on', label: t('on') },
              { value: 'off', label: t('off') },
            ],
          },
        ]}
        searchTestId="widget-search"
      />
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized permission="widget:list:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setPackageOf(null)}
            data-testid="widget-add-package"
          >
            {t('addPackage')}
          </Button>
        </Authorized>
      </Flex>
      <Table<WidgetEntry>
        rowKey="key"
        {...table.tableProps}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noEntries')} /> }}
        columns={[
          {
            key: 'name',
            title: tc('common.name'),
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (_, r) => (
              <span data-testid={`widget-row-${r.key}`}>
                {nameOf(r)} {r.fromStore ? <Tag color="cyan">{t('fromStore')}</Tag> : null}
              </span>
            ),
          },
          {
            key: 'kind',
            title: t('kind'),
            sorter: true,
            sortOrder: sortOrderOf('kind'),
            render: (_, r) => (
              <Tag color={r.kind === 'package' ? 'purple' : 'blue'}>{t(`kinds.${r.kind}`)}</Tag>
            ),
          },
          {
            key: 'size',
            title: t('size'),
            render: (_, r) =>
              r.kind === 'package' ? (
                <Tooltip title={t('settingsCount', { count: r.settings.length })}>
                  {r.width} × {r.height}
                </Tooltip>
              ) : (
                '—'
              ),
          },
          {
            key: 'enabled',
            title: t('state'),
            sorter: true,
            sortOrder: sortOrderOf('enabled'),
            render: (_, r) => (
              <Switch
                checked={r.enabled}
                loading={busy === r.key}
                disabled={!can(EDIT)}
                aria-label={t('switchLabel', { name: nameOf(r) })}
                onChange={(on) => void onToggle(r, on)}
                data-testid={`widget-toggle-${r.key}`}
              />
            ),
          },
          {
            key: 'programCount',
            title: t('programs'),
            dataIndex: 'programCount',
            sorter: true,
            sortOrder: sortOrderOf('programCount'),
          },
          { key: 'uses', title: t('uses'), render: (_, r) => r.figures?.uses ?? '—' },
          { key: 'clicks', title: t('clicks'), render: (_, r) => r.figures?.clicks ?? '—' },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            sorter: true,
            sortOrder: sortOrderOf('updatedAt'),
            render: (_, r) => (r.updatedAt ? dayjs(r.updatedAt).format('YYYY-MM-DD HH:mm') : '—'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 200,
            render: (_, r) =>
              r.kind === 'package' ? (
                <TableActions>
                  {r.fromStore ? null : (
                    <Authorized permission={EDIT}>
                      <Button type="link" size="small" onClick={() => setPackageOf(r)}>
                        {t('replacePackage')}
                      </Button>
                    </Authorized>
                  )}
                  {r.fromStore ? null : (
                    <Authorized permission={EDIT}>
                      <Button type="link" size="small" onClick={() => setPublishing(r)}>
                        {t('publish')}
                      </Button>
                    </Authorized>
                  )}
                  <GuardedConfirm
                    permission="widget:list:delete"
                    title={tc('common.confirmDelete', { name: nameOf(r) })}
                    onConfirm={() => onDelete(r)}
                  >
                    <Button type="link" size="small" danger data-testid={`widget-delete-${r.key}`}>
                      {tc('common.delete')}
                    </Button>
                  </GuardedConfirm>
                </TableActions>
              ) : null,
          },
        ]}
      />
      {packageOf !== undefined ? (
        <PackageModal
          entry={packageOf}
          onClose={() => setPackageOf(undefined)}
          onSaved={() => {
            setPackageOf(undefined);
            void refresh();
          }}
        />
      ) : null}
      {publishing ? (
        <PublishModal
          kind="widget"
          id={publishing.packageId!}
          name={nameOf(publishing)}
          onClose={() => setPublishing(null)}
        />
      ) : null}
    </>
  );
}

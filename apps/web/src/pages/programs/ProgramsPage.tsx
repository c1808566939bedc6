import { formatBytes, type ProgramSortField, type ProgramSummary } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import { GuardedConfirm } from '../../components/admin/GuardedConfirm';
import { REVIEW_STATE_COLOR } from '../../components/admin/ReviewBulkActions';
import { ProgramPreviewModal } from '../../components/ProgramPreviewModal';
import { ListActionsBar } from '../../components/admin/ListActionsBar';
import { ListFilterBar } from '../../components/admin/ListFilterBar';
import { reviewStateSelect } from '../../components/admin/review-state-select';
import { useServerTable } from '../../components/admin/use-server-table';
import { copyProgram, deletePrograms, listPrograms, type ProgramListParams } from '../../services/program';
import { resolutionText } from './canvas-size';
import { ProgramCreateModal } from './ProgramCreateModal';
import { ProgramRenameModal } from './ProgramRenameModal';
import { ProgramThumbnail } from './ProgramThumbnail';
import { TemplateSaveModal } from './TemplateSaveModal';
import { programErrorText, publishedWhere } from './program-errors';

const SORTABLE: readonly ProgramSortField[] = ['name', 'size', 'createdAt', 'updatedAt'];

/** The editor's address for a program. */
export const editorPath = (id: number) => `/programEditor?id=${id}`;
/** The publishing page's address for a program. */
export const publishPath = (id: number) => `/publishSet?programId=${id}`;

/** `program/make`: the caller's programs — search, sort, page; create, rename, copy, delete, open in the editor. */
export default function ProgramsPage() {
  const { t } = useTranslation('programs');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const table = useServerTable<ProgramSummary, ProgramListParams, { keyword?: string; reviewState?: string }>(
    {
      queryKey: ['program', 'list'],
      fetch: listPrograms,
      sortable: SORTABLE,
    },
  );
  const { sortOrderOf } = table;
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ProgramSummary | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [previewing, setPreviewing] = useState<ProgramSummary | null>(null);
  const [templating, setTemplating] = useState<ProgramSummary | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['program'] });

  const onDelete = async (ids: number[], force = false) => {
    try {
      await deletePrograms(ids, force);
      void message.success(t('deleted', { count: ids.length }));
      setSelected([]);
      await refresh();
    } catch (failure) {
      const where = force ? null : publishedWhere(failure);
      if (!where) {
        void message.error(programErrorText(failure));
        return;
      }
      const names = where.flatMap((p) => p.terminals.map((x) => x.name));
      const total = where.reduce((sum, p) => sum + p.terminalCount, 0);
      modal.confirm({
        title: t('publishedTitle'),
        content: (
          <div data-testid="program-published-list">
            <Typography.Paragraph>{t('publishedText', { count: total })}</Typography.Paragraph>
            <Typography.Paragraph>
              {names.join(', ')}
              {total > names.length ? ` ${t('andMore', { count: total - names.length })}` : ''}
            </Typography.Paragraph>
          </div>
        ),
        okText: t('deleteAnyway'),
        okButtonProps: { danger: true, id: 'program-delete-force' },
        cancelText: tc('common.cancel'),
        onOk: () => onDelete(ids, true),
      });
    }
  };

  const onCopy = async (program: ProgramSummary) => {
    try {
      await copyProgram(program.id);
      void message.success(t('copied'));
      await refresh();
    } catch (failure) {
      void message.error(programErrorText(failure));
    }
  };

  return (
    <Card title={t('title')}>
      <ListFilterBar
        table={table}
        name="programSearch"
        keyword={{ placeholder: t('keywordHint'), maxLength: 200, testId: 'program-search-keyword' }}
        selects={[reviewStateSelect(t, tc('common.all'), 'program-search-state')]}
        searchTestId="program-search"
      />
      <ListActionsBar
        deletePermission="program:make:delete"
        selectedCount={selected.length}
        onDeleteSelected={() => onDelete(selected)}
        deleteTestId="program-delete-selected"
        createPermission="program:make:add"
        createLabel={t('create')}
        onCreate={() => setCreating(true)}
        createTestId="program-create"
      />
      <Table<ProgramSummary>
        rowKey="id"
        {...table.tableProps}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: 'max-content' }}
        rowSelection={
          can('program:make:delete')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        columns={[
          {
            key: 'name',
            title: t('name'),
            dataIndex: 'name',
            // Always in view: on a narrow window the other columns scroll beside it.
            width: 220,
            fixed: 'left',
            sorter: true,
            sortOrder: sortOrderOf('name'),
            render: (name: string, r) => (
              // Capped: with scroll x max-content the table lays out columns by their content, so a long
              // name would widen the column past its 220 px (220 less the cell's padding).
              <Flex align="center" gap={8} style={{ maxWidth: 188 }}>
                <ProgramThumbnail program={r} />
                <Link
                  to={editorPath(r.id)}
                  title={name}
                  data-testid="program-open"
                  style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                >
                  {name}
                </Link>
              </Flex>
            ),
          },
          {
            key: 'resolution',
            title: t('resolution'),
            width: 110,
            render: (_, r) => resolutionText(r.width, r.height),
          },
          {
            key: 'size',
            title: t('size'),
            dataIndex: 'size',
            width: 90,
            sorter: true,
            sortOrder: sortOrderOf('size'),
            render: (size: number) => formatBytes(size),
          },
          {
            key: 'state',
            title: t('state'),
            width: 150,
            render: (_, r) => (
              <Space size={4} wrap>
                <Tag color={REVIEW_STATE_COLOR[r.reviewState]}>{t(`states.${r.reviewState}`)}</Tag>
                {r.terminalCount > 0 ? (
                  <Tag color="blue">{t('publishedTo', { count: r.terminalCount })}</Tag>
                ) : null}
              </Space>
            ),
          },
          {
            key: 'owner',
            title: t('owner'),
            dataIndex: 'creatorName',
            width: 110,
            ellipsis: { showTitle: true },
          },
          {
            key: 'updatedAt',
            title: tc('common.updatedAt'),
            dataIndex: 'updatedAt',
            width: 150,
            sorter: true,
            sortOrder: sortOrderOf('updatedAt'),
            render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            width: 200,
            render: (_, r) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setPreviewing(r)}
                  data-testid="program-preview-open"
                >
                  {t('preview')}
                </Button>
                <Authorized permission="program:make:publish">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => void navigate(publishPath(r.id))}
                    data-testid="program-publish"
                  >
                    {t('publish')}
                  </Button>
                </Authorized>
                <Authorized permission="program:make:edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setRenaming(r)}
                    data-testid="program-rename"
                  >
                    {t('rename')}
                  </Button>
                </Authorized>
                <Authorized permission="program:make:add">
                  <Button type="link" size="small" onClick={() => void onCopy(r)} data-testid="program-copy">
                    {t('copy')}
                  </Button>
                </Authorized>
                <Authorized permission="program:make:add">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setTemplating(r)}
                    data-testid="program-save-template"
                  >
                    {t('saveAsTemplate')}
                  </Button>
                </Authorized>
                <GuardedConfirm
                  permission="program:make:delete"
                  title={tc('common.confirmDelete', { name: r.name })}
                  onConfirm={() => onDelete([r.id])}
                >
                  <Button type="link" size="small" danger data-testid="program-delete">
                    {tc('common.delete')}
                  </Button>
                </GuardedConfirm>
              </Space>
            ),
          },
        ]}
      />
      {creating ? (
        <ProgramCreateModal
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            void refresh();
          }}
        />
      ) : null}
      {templating ? <TemplateSaveModal program={templating} onClose={() => setTemplating(null)} /> : null}
      {previewing ? (
        <ProgramPreviewModal id={previewing.id} title={previewing.name} onClose={() => setPreviewing(null)} />
      ) : null}
      {renaming ? (
        <ProgramRenameModal
          program={renaming}
          onClose={() => setRenaming(null)}
          onSaved={() => {
            setRenaming(null);
            void refresh();
          }}
        />
      ) : null}
    </Card>
  );
}

import type { PublishTerminal } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Badge, Button, Col, Flex, Input, Row, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PublishTrees } from './PublishTrees';
import { idOfKey, mergeIds } from './publish-logic';
import type { PublishTarget, TargetTerminalParams } from './publish-targets';

/** Props of {@link TerminalPicker}. */
export interface TerminalPickerProps {
  /** What is published: its terminals are marked "published". */
  target: PublishTarget;
  selected: number[];
  onChange: (ids: number[]) => void;
}

type Filter = Omit<TargetTerminalParams, 'pageNo' | 'pageSize'>;
/** Largest page the server answers; "select all matching" reads pages this big. */
const ALL_PAGE = 500;

/**
 * Second step: terminals of the caller's range by office tree, group tree and search, with online
 * state, resolution and whether they already play what is published; select rows, or all that match.
 */
export function TerminalPicker({ target, selected, onChange }: TerminalPickerProps) {
  const { t } = useTranslation('publish');
  const [node, setNode] = useState<string | undefined>();
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [selectingAll, setSelectingAll] = useState(false);
  const params: Filter = { ...filter, officeId: idOfKey(node, 'o'), groupId: idOfKey(node, 'g') };
  const query = useQuery({
    queryKey: ['publish', 'terminals', target.kind, target.id, params, page],
    queryFn: ({ signal }) => target.selectTerminals({ ...params, ...page }, signal),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const count = query.data?.count ?? 0;

  const selectAll = async () => {
    setSelectingAll(true);
    try {
      let ids: number[] = [];
      for (let pageNo = 1; (pageNo - 1) * ALL_PAGE < count; pageNo++) {
        const more = await target.selectTerminals({ ...params, pageNo, pageSize: ALL_PAGE });
        ids = ids.concat(more.list.map((r) => r.id));
        if (more.list.length < ALL_PAGE) break;
      }
      onChange(mergeIds(selected, ids));
    } finally {
      setSelectingAll(false);
    }
  };

  const bool = (v: string | undefined) => (v === undefined ? undefined : v === 'yes');
  return (
    <Row gutter={16}>
      <Col xs={24} md={7}>
        <PublishTrees
          value={node}
          onChange={(key) => {
            setNode(key);
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
      </Col>
      <Col xs={24} md={17}>
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            maxLength={200}
            placeholder={t('searchTerminals')}
            aria-label={t('searchTerminals')}
            style={{ width: 220 }}
            onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
            data-testid="publish-terminal-search"
          />
          <Select
            allowClear
            placeholder={t('online')}
            aria-label={t('online')}
            style={{ width: 140 }}
            onChange={(v?: string) => change({ online: bool(v) })}
            options={[
              { value: 'yes', label: t('onlineOnly') },
              { value: 'no', label: t('offlineOnly') },
            ]}
          />
          <Select
            allowClear
            placeholder={t('published')}
            aria-label={t('published')}
            style={{ width: 200 }}
            onChange={(v?: string) => change({ published: bool(v) })}
            options={[
              { value: 'yes', label: t('publishedOnly') },
              { value: 'no', label: t('notPublished') },
            ]}
          />
        </Flex>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text data-testid="publish-selected-count">
            {t('selectedCount', { count: selected.length })}
          </Typography.Text>
          <Button size="small" loading={selectingAll} disabled={!count} onClick={() => void selectAll()}>
            {t('selectAllMatching', { count })}
          </Button>
          <Button size="small" disabled={!selected.length} onClick={() => onChange([])}>
            {t('clearSelection')}
          </Button>
        </Flex>
        <Table<PublishTerminal>
          rowKey="id"
          size="small"
          loading={query.isFetching}
          dataSource={query.data?.list ?? []}
          locale={{ emptyText: t('noTerminals') }}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => onChange(keys as number[]),
          }}
          pagination={{
            current: page.pageNo,
            pageSize: page.pageSize,
            total: count,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
          }}
          columns={[
            {
              key: 'name',
              title: t('name'),
              render: (_, r) => (
                <Flex gap={6} align="center">
                  <Badge status={r.online ? 'success' : 'default'} text={r.name} />
                  {r.published ? <Tag color="blue">{t('published')}</Tag> : null}
                </Flex>
              ),
            },
            { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
            { key: 'group', title: t('group'), dataIndex: 'groupName', ellipsis: true },
            { key: 'resolution', title: t('resolution'), dataIndex: 'resolution', width: 110 },
            {
              key: 'lastSeen',
              title: t('lastSeen'),
              dataIndex: 'lastSeenAt',
              width: 140,
              render: (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
            },
          ]}
        />
      </Col>
    </Row>
  );
}

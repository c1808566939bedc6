import type { PublishTerminal } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Flex, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectStrategyTerminals, strategyKeys, type StrategyChoiceParams } from '../../services/strategies';

type Filter = Pick<StrategyChoiceParams, 'keyword' | 'online'>;

/** Props of {@link TerminalLinkModal}. */
export interface TerminalLinkModalProps {
  strategy: { id: number; name: string };
  onClose(): void;
  /** Links the chosen terminals; the dialog stays open while it runs. */
  onLink(terminalIds: number[]): Promise<void>;
}

/** Chooses terminals of the caller's range to link (searched and paged on the server); linked ones are marked. */
export function TerminalLinkModal({ strategy, onClose, onLink }: TerminalLinkModalProps) {
  const { t } = useTranslation('strategies');
  const [chosen, setChosen] = useState<number[]>([]);
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [linking, setLinking] = useState(false);
  const query = useQuery({
    queryKey: [...strategyKeys.choice(strategy.id), filter, page],
    queryFn: ({ signal }) => selectStrategyTerminals({ id: strategy.id, ...filter, ...page }, signal),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const link = async () => {
    setLinking(true);
    try {
      await onLink(chosen);
    } finally {
      setLinking(false);
    }
  };
  return (
    <Modal
      open
      width={800}
      title={t('choose.title', { name: strategy.name })}
      onCancel={onClose}
      onOk={() => void link()}
      okText={t('choose.ok', { count: chosen.length })}
      okButtonProps={{ id: 'strategy-link-ok', disabled: !chosen.length, loading: linking }}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('choose.moveNote')} style={{ marginBottom: 12 }} />
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          maxLength={200}
          placeholder={t('drawer.search')}
          aria-label={t('drawer.search')}
          style={{ width: 260 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
          data-testid="strategy-link-search"
        />
        <Select
          allowClear
          placeholder={t('choose.online')}
          aria-label={t('choose.online')}
          style={{ width: 160 }}
          onChange={(v?: string) => change({ online: v === undefined ? undefined : v === 'yes' })}
          options={[
            { value: 'yes', label: t('choose.onlineOnly') },
            { value: 'no', label: t('choose.offlineOnly') },
          ]}
        />
      </Flex>
      <Table<PublishTerminal>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('choose.noTerminals') }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setChosen(keys as number[]),
          getCheckboxProps: (r) => ({ disabled: r.published }),
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: query.data?.count ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          {
            key: 'name',
            title: t('drawer.terminal'),
            render: (_, r) => (
              <Flex gap={8} align="center">
                <Badge status={r.online ? 'success' : 'default'} text={r.name} />
                {r.published ? <Tag color="blue">{t('choose.linkedHere')}</Tag> : null}
              </Flex>
            ),
          },
          { key: 'office', title: t('office'), dataIndex: 'officeName', ellipsis: true },
          { key: 'group', title: t('drawer.group'), dataIndex: 'groupName', ellipsis: true },
        ]}
      />
    </Modal>
  );
}

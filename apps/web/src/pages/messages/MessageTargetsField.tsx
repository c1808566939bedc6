import type { MessageTargets, PublishTerminal, TerminalGroupNode } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Col,
  Flex,
  Form,
  Input,
  Modal,
  Row,
  Select,
  Table,
  TreeSelect,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMessageGroups, selectMessageTerminals, type MessageTerminalParams } from '../../services/message';
import { OfficeMultiPicker } from '../message-notification/OfficeMultiPicker';
import { NO_TARGETS } from './message-form';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

/** The nested groups as TreeSelect options. */
function groupOptions(nodes: readonly TerminalGroupNode[]): TreeOption[] {
  return nodes.map((g) => ({
    value: g.id,
    title: `${g.name} (${g.terminalCount})`,
    children: groupOptions(g.children),
  }));
}

/** Props of {@link MessageTargetsField} (a controlled antd Form field). */
export interface MessageTargetsFieldProps {
  value?: MessageTargets;
  onChange?: (targets: MessageTargets) => void;
}

/** Whom a message goes to: institutions (and below), terminal groups (and subgroups) and terminals. */
export function MessageTargetsField({ value = NO_TARGETS, onChange }: MessageTargetsFieldProps) {
  const { t } = useTranslation('messages');
  const [choosing, setChoosing] = useState(false);
  const groups = useQuery({
    queryKey: ['message', 'targets', 'groups'],
    queryFn: ({ signal }) => getMessageGroups(signal),
  });
  const groupTree = useMemo(() => groupOptions(groups.data ?? []), [groups.data]);
  const set = (patch: Partial<MessageTargets>) => onChange?.({ ...value, ...patch });

  return (
    <Row gutter={12}>
      <Col xs={24} md={8}>
        <Form.Item label={t('form.targetOffices')} htmlFor="message-target-offices">
          <OfficeMultiPicker
            id="message-target-offices"
            placeholder={t('form.targetOfficesHint')}
            value={value.officeIds}
            onChange={(ids) => set({ officeIds: ids })}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('form.targetGroups')} htmlFor="message-target-groups">
          <TreeSelect<number[]>
            id="message-target-groups"
            multiple
            allowClear
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            showSearch
            loading={groups.isFetching}
            placeholder={t('form.targetGroupsHint')}
            value={value.groupIds}
            treeData={groupTree}
            onChange={(ids) => set({ groupIds: ids ?? [] })}
            style={{ width: '100%' }}
            data-testid="message-target-groups"
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item label={t('form.targetTerminals')} htmlFor="message-target-terminals">
          <Flex gap={8} align="center" wrap>
            <Button
              id="message-target-terminals"
              onClick={() => setChoosing(true)}
              data-testid="message-target-terminals"
            >
              {t('form.chooseTerminals')}
            </Button>
            <Typography.Text data-testid="message-target-terminal-count">
              {t('form.terminalsChosen', { count: value.terminalIds.length })}
            </Typography.Text>
          </Flex>
        </Form.Item>
      </Col>
      {choosing ? (
        <TerminalChooser
          selected={value.terminalIds}
          onClose={() => setChoosing(false)}
          onDone={(terminalIds) => {
            set({ terminalIds });
            setChoosing(false);
          }}
        />
      ) : null}
    </Row>
  );
}

type Filter = Omit<MessageTerminalParams, 'pageNo' | 'pageSize'>;

/** Claimed terminals of the caller's range, searched and paged on the server; rows are chosen. */
function TerminalChooser(props: { selected: number[]; onClose(): void; onDone(ids: number[]): void }) {
  const { t } = useTranslation('messages');
  const [chosen, setChosen] = useState(props.selected);
  const [filter, setFilter] = useState<Filter>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const query = useQuery({
    queryKey: ['message', 'targets', 'terminals', filter, page],
    queryFn: ({ signal }) => selectMessageTerminals({ ...filter, ...page }, signal),
    placeholderData: keepPreviousData,
  });
  const change = (next: Partial<Filter>) => {
    setFilter((f) => ({ ...f, ...next }));
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  return (
    <Modal
      open
      width={800}
      title={t('form.chooseTerminals')}
      onCancel={props.onClose}
      onOk={() => props.onDone(chosen)}
      okText={t('form.useTerminals', { count: chosen.length })}
      okButtonProps={{ id: 'message-terminals-ok' }}
      destroyOnHidden
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          maxLength={200}
          placeholder={t('form.searchTerminals')}
          aria-label={t('form.searchTerminals')}
          style={{ width: 240 }}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
          data-testid="message-terminal-search"
        />
        <Select
          allowClear
          placeholder={t('form.online')}
          aria-label={t('form.online')}
          style={{ width: 160 }}
          onChange={(v?: string) => change({ online: v === undefined ? undefined : v === 'yes' })}
          options={[
            { value: 'yes', label: t('form.onlineOnly') },
            { value: 'no', label: t('form.offlineOnly') },
          ]}
        />
        <Button size="small" disabled={!chosen.length} onClick={() => setChosen([])}>
          {t('form.clearTerminals')}
        </Button>
      </Flex>
      <Table<PublishTerminal>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={query.data?.list ?? []}
        locale={{ emptyText: t('form.noTerminals') }}
        rowSelection={{
          selectedRowKeys: chosen,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setChosen(keys as number[]),
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
            title: t('form.terminal'),
            render: (_, r) => <Badge status={r.online ? 'success' : 'default'} text={r.name} />,
          },
          { key: 'office', title: t('columns.office'), dataIndex: 'officeName', ellipsis: true },
          { key: 'group', title: t('form.group'), dataIndex: 'groupName', ellipsis: true },
        ]}
      />
    </Modal>
  );
}

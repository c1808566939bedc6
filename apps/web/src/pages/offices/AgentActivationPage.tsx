import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { getAgentList, openAgentOffice, type AgentItem } from '../../services/office';
import { serverFieldErrors } from '../../services/request';
import { CapacityFields } from './CapacityFields';
import { officeErrorText } from './office-errors';

interface Params {
  pageNo: number;
  pageSize: number;
  name?: string;
  kind?: 'office' | 'agent';
}

interface CapacityValues {
  storageQuotaMb?: number | null;
  terminalQuota?: number | null;
}

/** `sys/office/toOpenAgentOfficePage`: offices that may become agents, and agents, with their capacity. */
export default function AgentActivationPage() {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<{ name?: string; kind?: 'office' | 'agent' }>();
  const [capacityForm] = Form.useForm<CapacityValues>();
  const [params, setParams] = useState<Params>({ pageNo: 1, pageSize: 10 });
  const [target, setTarget] = useState<AgentItem | null>(null);
  const [busy, setBusy] = useState(false);

  const list = useQuery({
    queryKey: ['office', 'agents', params],
    queryFn: () => getAgentList(params),
    placeholderData: keepPreviousData,
  });

  const open = (item: AgentItem) => {
    capacityForm.setFieldsValue({ storageQuotaMb: item.storageQuotaMb, terminalQuota: item.terminalQuota });
    setTarget(item);
  };

  const onActivate = async (v: CapacityValues) => {
    if (!target) return;
    setBusy(true);
    try {
      await openAgentOffice({
        id: target.id,
        storageQuotaMb: v.storageQuotaMb ?? null,
        terminalQuota: v.terminalQuota ?? null,
      });
      void message.success(t('agents.activated'));
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: ['office'] });
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      capacityForm.setFields(
        Object.entries(fields).map(([name, msg]) => ({ name: name as keyof CapacityValues, errors: [msg] })),
      );
      if (!Object.keys(fields).length) void message.error(officeErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('agents.title')}>
      <Form
        form={search}
        layout="inline"
        name="agentSearch"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(v) =>
          setParams((p) => ({ ...p, pageNo: 1, name: v.name?.trim() || undefined, kind: v.kind }))
        }
      >
        <Form.Item name="name" label={t('fields.name')}>
          <Input allowClear maxLength={100} data-testid="agent-search-name" />
        </Form.Item>
        <Form.Item name="kind" label={t('fields.kind')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={tc('common.all')}
            options={[
              { value: 'office', label: t('kinds.office') },
              { value: 'agent', label: t('kinds.agent') },
            ]}
          />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {tc('common.search')}
          </Button>
          <Button
            onClick={() => {
              search.resetFields();
              setParams((p) => ({ pageNo: 1, pageSize: p.pageSize }));
            }}
          >
            {tc('common.reset')}
          </Button>
        </Space>
      </Form>
      <Table<AgentItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: tc('common.emptyList') }}
        pagination={{
          current: params.pageNo,
          pageSize: params.pageSize,
          total: list.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (total) => tc('common.total', { total }),
        }}
        onChange={(p) =>
          setParams((prev) => ({ ...prev, pageNo: p.current ?? 1, pageSize: p.pageSize ?? 10 }))
        }
        columns={[
          { key: 'name', title: t('fields.name'), dataIndex: 'name' },
          { key: 'parent', title: t('fields.parent'), dataIndex: 'parentName' },
          {
            key: 'kind',
            title: t('fields.kind'),
            render: (_, r) => (
              <Tag color={r.kind === 'agent' ? 'blue' : undefined}>{t(`kinds.${r.kind}`)}</Tag>
            ),
          },
          {
            key: 'storage',
            title: t('fields.storageQuotaMb'),
            render: (_, r) => (r.kind === 'agent' ? (r.storageQuotaMb ?? t('unlimited')) : '—'),
          },
          {
            key: 'terminals',
            title: t('fields.terminalQuota'),
            render: (_, r) => (r.kind === 'agent' ? (r.terminalQuota ?? t('unlimited')) : '—'),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            render: (_, r) => (
              <Authorized permission="sys:agent:edit">
                <Button type="link" size="small" onClick={() => open(r)} data-testid="agent-activate">
                  {r.kind === 'agent' ? t('agents.changeCapacity') : t('agents.activate')}
                </Button>
              </Authorized>
            ),
          },
        ]}
      />
      <Modal
        open={target !== null}
        title={target ? t('agents.activateTitle', { name: target.name }) : ''}
        onCancel={() => setTarget(null)}
        onOk={() => capacityForm.submit()}
        okText={tc('common.save')}
        cancelText={tc('common.cancel')}
        confirmLoading={busy}
        forceRender
      >
        <Form form={capacityForm} layout="vertical" name="agentCapacity" onFinish={onActivate}>
          <CapacityFields />
          <button type="submit" hidden aria-hidden />
        </Form>
      </Modal>
    </Card>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { SearchActions } from '../../components/admin/SearchActions';
import { useServerTable } from '../../components/admin/use-server-table';
import { getAgentList, openAgentOffice, type AgentItem } from '../../services/office';
import { CapacityFields, type CapacityValues } from './CapacityFields';
import { useCustomerSave } from './use-customer-save';

interface Params {
  pageNo: number;
  pageSize: number;
  name?: string;
  kind?: 'office' | 'agent';
}

/** `sys/office/toOpenAgentOfficePage`: offices that may become agents, and agents, with their capacity. */
export default function AgentActivationPage() {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const table = useServerTable<AgentItem, Params, { name?: string; kind?: 'office' | 'agent' }>({
    queryKey: ['office', 'agents'],
    fetch: getAgentList,
  });
  const [capacityForm] = Form.useForm<CapacityValues>();
  const [target, setTarget] = useState<AgentItem | null>(null);
  const { busy, save } = useCustomerSave(capacityForm);

  const open = (item: AgentItem) => {
    capacityForm.setFieldsValue({ storageQuotaMb: item.storageQuotaMb, terminalQuota: item.terminalQuota });
    setTarget(item);
  };

  const onActivate = async (v: CapacityValues) => {
    if (!target) return;
    await save(async () => {
      await openAgentOffice({
        id: target.id,
        storageQuotaMb: v.storageQuotaMb ?? null,
        terminalQuota: v.terminalQuota ?? null,
      });
      void message.success(t('agents.activated'));
      setTarget(null);
      await queryClient.invalidateQueries({ queryKey: ['office'] });
    });
  };

  return (
    <Card title={t('agents.title')}>
      <Form
        form={table.form}
        layout="inline"
        name="agentSearch"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={table.search}
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
        <SearchActions onReset={table.reset} />
      </Form>
      <Table<AgentItem>
        rowKey="id"
        {...table.tableProps}
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

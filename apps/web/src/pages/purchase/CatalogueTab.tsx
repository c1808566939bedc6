import { PlusOutlined } from '@ant-design/icons';
import { CURRENCIES, SERVICE_KINDS, type ServiceProduct, type ServiceSaveBody } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerTable } from '../../components/admin/use-server-table';
import {
  deleteServices,
  listServices,
  purchaseKeys,
  saveService,
  setServiceActive,
  type ServiceListParams,
} from '../../services/purchase';
import { serverFieldErrors } from '../../services/request';
import { useMoney } from '../payment/order-format';
import { minorToPrice, priceToMinor } from './price';
import { purchaseErrorText } from './PurchasePage';

/** The form's values: the price typed in major units (converted exactly to minor units on save). */
type ServiceForm = Omit<ServiceSaveBody, 'unitPriceMinor' | 'taxRateBp'> & {
  price: string;
  taxPercent?: number | null;
};

/** The seller's own catalogue: every service, active or not, with create, edit, offer switch and delete. */
export function CatalogueTab() {
  const { t } = useTranslation('purchase');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const money = useMoney();
  const queryClient = useQueryClient();
  const table = useServerTable<ServiceProduct, ServiceListParams, object>({
    queryKey: purchaseKeys.services('manage'),
    fetch: (params, signal) => listServices({ ...params, scope: 'manage' }, signal),
    sortable: ['name', 'unitPriceMinor', 'sort'],
  });
  const [editing, setEditing] = useState<ServiceProduct | null | undefined>(undefined);
  const [form] = Form.useForm<ServiceForm>();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all });

  const open = (service: ServiceProduct | null) => {
    form.resetFields();
    if (service) {
      form.setFieldsValue({
        ...service,
        description: service.description ?? undefined,
        price: minorToPrice(service.unitPriceMinor, service.currency),
        taxPercent: service.taxRateBp === null ? null : service.taxRateBp / 100,
      });
    }
    setEditing(service);
  };

  const save = async () => {
    const v = await form.validateFields();
    const unitPriceMinor = priceToMinor(v.price, v.currency);
    if (unitPriceMinor === null) {
      form.setFields([{ name: 'price', errors: [t('priceInvalid')] }]);
      return;
    }
    setBusy(true);
    try {
      await saveService({
        ...(editing ? { id: editing.id } : {}),
        kind: v.kind,
        name: v.name,
        description: v.description || null,
        units: v.units,
        currency: v.currency,
        unitPriceMinor,
        taxRateBp:
          v.taxPercent === null || v.taxPercent === undefined ? null : Math.round(v.taxPercent * 100),
        active: v.active ?? true,
        sort: v.sort ?? 0,
      });
      void message.success(t('serviceSaved'));
      setEditing(undefined);
      void refresh();
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      form.setFields(
        Object.entries(fields).map(([name, error]) => ({
          name: (name === 'unitPriceMinor' ? 'price' : name) as never,
          errors: [error],
        })),
      );
      void message.error(purchaseErrorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      void refresh();
    } catch (failure) {
      void message.error(purchaseErrorText(failure));
    }
  };

  return (
    <>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => open(null)}
          data-testid="service-create"
        >
          {t('createService')}
        </Button>
      </Flex>
      <Table<ServiceProduct>
        rowKey="id"
        {...table.tableProps}
        scroll={{ x: 800 }}
        locale={{ emptyText: t('noServices') }}
        columns={[
          {
            key: 'name',
            title: t('name'),
            dataIndex: 'name',
            sorter: true,
            sortOrder: table.sortOrderOf('name'),
          },
          { key: 'kind', title: t('kind'), render: (_, s) => t(`kinds.${s.kind}`) },
          { key: 'units', title: t('grants'), render: (_, s) => t(`unitsOf.${s.kind}`, { count: s.units }) },
          {
            key: 'unitPriceMinor',
            title: t('price'),
            align: 'right',
            sorter: true,
            sortOrder: table.sortOrderOf('unitPriceMinor'),
            render: (_, s) => money(s.unitPriceMinor, s.currency),
          },
          {
            key: 'active',
            title: t('offered'),
            render: (_, s) => (
              <Switch
                checked={s.active}
                aria-label={t('offered')}
                onChange={(on) => void act(() => setServiceActive(s.id, on), t('serviceSaved'))}
              />
            ),
          },
          {
            key: 'actions',
            title: tc('common.actions'),
            fixed: 'right',
            width: 140,
            render: (_, s) => (
              <Flex gap={4}>
                <Button type="link" size="small" onClick={() => open(s)}>
                  {tc('common.edit')}
                </Button>
                <Popconfirm
                  title={tc('common.confirmDelete', { name: s.name })}
                  onConfirm={() => act(() => deleteServices([s.id]), t('serviceDeleted'))}
                >
                  <Button type="link" size="small" danger>
                    {tc('common.delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={editing ? t('editService', { name: editing.name }) : t('createService')}
        okButtonProps={{ loading: busy, id: 'service-save' }}
        onOk={() => void save()}
        onCancel={() => setEditing(undefined)}
        destroyOnHidden
      >
        <Form
          form={form}
          name="service"
          layout="vertical"
          initialValues={{ kind: 'storage', currency: 'CNY', units: 1, active: true, sort: 0 }}
        >
          <Form.Item name="kind" label={t('kind')} rules={[{ required: true }]}>
            <Select options={SERVICE_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('name')}
            rules={[{ required: true, whitespace: true, message: t('required', { field: t('name') }) }]}
          >
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="description" label={t('description')}>
            <Input.TextArea maxLength={1000} rows={2} />
          </Form.Item>
          <Form.Item
            name="units"
            label={t('unitsLabel')}
            rules={[{ required: true, message: t('required', { field: t('unitsLabel') }) }]}
          >
            <InputNumber min={1} max={100_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="currency" label={t('currency')} rules={[{ required: true }]}>
            <Select options={CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="price"
            label={t('price')}
            rules={[{ required: true, whitespace: true, message: t('priceInvalid') }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="taxPercent" label={t('taxPercent')}>
            <InputNumber min={0} max={100} precision={2} />
          </Form.Item>
          <Form.Item name="sort" label={t('sort')}>
            <InputNumber min={0} max={1_000_000} precision={0} />
          </Form.Item>
          <Form.Item name="active" label={t('offered')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

import {
  DashboardOutlined,
  DeleteOutlined,
  DragOutlined,
  PlusOutlined,
  SaveOutlined,
  ShopOutlined,
} from '@ant-design/icons';
import type { OfficeDetail as Detail } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Empty, Form, Space, Spin, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { timeZoneLabel } from '../../components/time-zone-options';
import { deleteOffice, getOfficeInfo, saveOffice } from '../../services/office';
import { serverFieldErrors } from '../../services/request';
import { CapacityModal } from './CapacityModal';
import { CustomerFormModal } from './CustomerFormModal';
import { MoveOfficeModal } from './MoveOfficeModal';
import { OfficeForm, type OfficeFormValues } from './OfficeForm';
import { officeErrorText } from './office-errors';

/** What the right-hand panel shows: an office to edit, or a new office under a parent. */
export type DetailMode = { edit: number } | { createUnder: { id: number; name: string } };

/** Props of {@link OfficeDetail}. */
export interface OfficeDetailProps {
  mode?: DetailMode;
  /** After a save, delete or move: what changed, for the tree to reload and select. */
  onChanged(change: { select?: number; removed?: number; parents: (number | null)[] }): void;
  onCreateChild(parent: { id: number; name: string }): void;
}

const clean = (v: OfficeFormValues) => ({
  name: v.name.trim(),
  sort: v.sort ?? 0,
  contact: v.contact?.trim() || null,
  phone: v.phone?.trim() || null,
  address: v.address?.trim() || null,
  remarks: v.remarks?.trim() || null,
  timeZone: v.timeZone || null,
});

/** The details and edit form of one institution, with create-child, move and delete. */
export function OfficeDetail({ mode, onChanged, onCreateChild }: OfficeDetailProps) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<OfficeFormValues>();
  const [saving, setSaving] = useState(false);
  const [moving, setMoving] = useState(false);
  const [creatingCustomer, setCreatingCustomer] = useState(false);
  const [capacity, setCapacity] = useState(false);
  const editId = mode && 'edit' in mode ? mode.edit : undefined;
  const info = useQuery({
    queryKey: ['office', 'info', editId],
    queryFn: () => getOfficeInfo(editId!),
    enabled: editId !== undefined,
  });
  const office: Detail | undefined = editId !== undefined ? info.data : undefined;
  // A new office inherits its parent's zone: the parent's detail names it.
  const parentId = mode && 'createUnder' in mode ? mode.createUnder.id : undefined;
  const parentInfo = useQuery({
    queryKey: ['office', 'info', parentId],
    queryFn: () => getOfficeInfo(parentId!),
    enabled: parentId !== undefined,
  });
  const inheritedTimeZone = office ? office.inheritedTimeZone : parentInfo.data?.effectiveTimeZone;

  const formShown = mode !== undefined && (editId === undefined || office !== undefined);
  useEffect(() => {
    // Only while the form is rendered (antd warns about a form instance without its Form).
    if (!formShown) return;
    form.resetFields();
    if (office)
      form.setFieldsValue({
        ...office,
        contact: office.contact ?? '',
        phone: office.phone ?? '',
      } as OfficeFormValues);
  }, [form, office, mode, formShown]);

  if (!mode) return <Empty description={t('noSelection')} />;
  if (editId !== undefined && !office)
    return info.isError ? <Empty description={tc('common.emptyList')} /> : <Spin />;

  const onFinish = async (values: OfficeFormValues) => {
    setSaving(true);
    try {
      if (office) {
        await saveOffice({ id: office.id, ...clean(values) });
        void message.success(t('saved'));
        await info.refetch();
        onChanged({ select: office.id, parents: [office.parentId] });
      } else if (mode && 'createUnder' in mode) {
        const { id } = await saveOffice({ parentId: mode.createUnder.id, ...clean(values) });
        void message.success(t('created'));
        onChanged({ select: id, parents: [mode.createUnder.id] });
      }
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      if (Object.keys(fields).length) {
        form.setFields(
          Object.entries(fields).map(([name, msg]) => ({
            name: name as keyof OfficeFormValues,
            errors: [msg],
          })),
        );
      }
      void message.error(officeErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const onDelete = (o: Detail) =>
    modal.confirm({
      title: tc('common.confirmDelete', { name: o.name }),
      okText: tc('common.yes'),
      cancelText: tc('common.no'),
      okButtonProps: { danger: true, 'data-testid': 'office-delete-ok' },
      onOk: async () => {
        try {
          await deleteOffice(o.id);
          void message.success(t('deleted'));
          onChanged({ select: o.parentId ?? undefined, removed: o.id, parents: [o.parentId] });
        } catch (failure) {
          modal.error({ title: t('deleteRefused'), content: officeErrorText(failure) });
        }
      },
    });

  const canHoldCustomers = office && (office.kind === 'platform' || office.kind === 'agent');
  return (
    <>
      {office ? (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('fields.kind')}>
            <Tag data-testid="office-kind">{t(`kinds.${office.kind}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('fields.parent')}>{office.parentName ?? '—'}</Descriptions.Item>
          {office.kind === 'agent' || office.kind === 'customer' ? (
            <>
              <Descriptions.Item label={t('fields.storageQuotaMb')}>
                {office.storageQuotaMb ?? t('unlimited')}
              </Descriptions.Item>
              <Descriptions.Item label={t('fields.terminalQuota')}>
                {office.terminalQuota ?? t('unlimited')}
              </Descriptions.Item>
            </>
          ) : null}
          <Descriptions.Item label={t('fields.timeZone')}>
            <span data-testid="office-time-zone-value">
              {office.timeZone
                ? timeZoneLabel(office.timeZone)
                : t('timeZoneInherited', { zone: timeZoneLabel(office.effectiveTimeZone) })}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={tc('common.updatedAt')}>
            {dayjs(office.updatedAt).format('YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Descriptions size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('fields.parent')}>
            {mode && 'createUnder' in mode ? mode.createUnder.name : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
      <OfficeForm form={form} onFinish={onFinish} name="officeForm" inheritedTimeZone={inheritedTimeZone} />
      <Space wrap>
        <Authorized permission={office ? 'sys:office:edit' : 'sys:office:add'}>
          <Button
            type="primary"
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => form.submit()}
            data-testid="office-save"
          >
            {tc('common.save')}
          </Button>
        </Authorized>
        {office ? (
          <>
            <Authorized permission="sys:office:add">
              <Button
                icon={<PlusOutlined />}
                onClick={() => onCreateChild(office)}
                data-testid="office-create-child"
              >
                {t('createChild')}
              </Button>
            </Authorized>
            {canHoldCustomers ? (
              <Authorized permission="sys:office:add">
                <Button
                  icon={<ShopOutlined />}
                  onClick={() => setCreatingCustomer(true)}
                  data-testid="office-create-customer"
                >
                  {t('createCustomer')}
                </Button>
              </Authorized>
            ) : null}
            {office.kind === 'customer' ? (
              <Authorized permission="sys:office:edit">
                <Button
                  icon={<DashboardOutlined />}
                  onClick={() => setCapacity(true)}
                  data-testid="office-capacity"
                >
                  {t('changeCapacity')}
                </Button>
              </Authorized>
            ) : null}
            <Authorized permission="sys:office:edit">
              <Button
                icon={<DragOutlined />}
                disabled={office.parentId === null}
                onClick={() => setMoving(true)}
                data-testid="office-move"
              >
                {t('move')}
              </Button>
            </Authorized>
            <Authorized permission="sys:office:delete">
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={office.parentId === null}
                onClick={() => onDelete(office)}
                data-testid="office-delete"
              >
                {tc('common.delete')}
              </Button>
            </Authorized>
          </>
        ) : null}
      </Space>
      {office && moving ? (
        <MoveOfficeModal
          office={office}
          onClose={() => setMoving(false)}
          onMoved={(parentId) => {
            setMoving(false);
            onChanged({ select: office.id, parents: [office.parentId, parentId] });
          }}
        />
      ) : null}
      {office && capacity ? (
        <CapacityModal
          office={office}
          onClose={() => setCapacity(false)}
          onSaved={() => {
            setCapacity(false);
            void info.refetch();
          }}
        />
      ) : null}
      {office && creatingCustomer ? (
        <CustomerFormModal
          parent={office}
          onClose={() => setCreatingCustomer(false)}
          onCreated={(id) => {
            setCreatingCustomer(false);
            onChanged({ select: id, parents: [office.id] });
          }}
        />
      ) : null}
    </>
  );
}

import type { OfficeDetail } from '@apm/contract';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { moveOffice } from '../../services/office';
import { officeErrorText } from './office-errors';

/** Asks for a new parent and moves the office (with its subtree) under it. */
export function MoveOfficeModal({
  office,
  onClose,
  onMoved,
}: {
  office: OfficeDetail;
  onClose(): void;
  onMoved(parentId: number): void;
}) {
  const { t } = useTranslation('offices');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ parentId?: number }>();
  const [busy, setBusy] = useState(false);
  const kinds =
    office.kind === 'agent' || office.kind === 'customer' ? (['platform', 'agent'] as const) : undefined;

  const onFinish = async ({ parentId }: { parentId?: number }) => {
    if (parentId === undefined) return;
    setBusy(true);
    try {
      await moveOffice(office.id, parentId);
      void message.success(t('moved'));
      onMoved(parentId);
    } catch (failure) {
      form.setFields([{ name: 'parentId', errors: [officeErrorText(failure)] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('moveTitle', { name: office.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={tc('common.ok')}
      cancelText={tc('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'office-move-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="moveOffice" onFinish={onFinish}>
        <Form.Item
          name="parentId"
          label={t('moveTarget')}
          rules={[{ required: true, message: tc('common.requiredSelect', { field: t('moveTarget') }) }]}
        >
          <OfficeTreeSelect kinds={kinds ? [...kinds] : undefined} excludeIds={[office.id]} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}

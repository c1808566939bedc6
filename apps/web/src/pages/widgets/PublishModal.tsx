import type { StoreKind } from '@apm/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { publishToStore, widgetKeys } from '../../services/widgets';
import { widgetErrorText } from './widget-errors';

/** Props of {@link PublishModal}. */
export interface PublishModalProps {
  kind: StoreKind;
  /** The package or data source id. */
  id: number;
  name: string;
  onClose(): void;
}

/** Publishes one of the platform's widgets or data sources to the store, with a description (platform users). */
export function PublishModal({ kind, id, name, onClose }: PublishModalProps) {
  const { t } = useTranslation('widgets');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      await publishToStore({ kind, id, description: description.trim() || undefined });
      void message.success(t('published'));
      await queryClient.invalidateQueries({ queryKey: widgetKeys.store });
      onClose();
    } catch (failure) {
      setProblem(widgetErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('publishTitle', { name })}
      okText={t('publish')}
      cancelText={tc('common.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('description')}
          htmlFor="widget-publish-description"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input.TextArea
            id="widget-publish-description"
            rows={3}
            maxLength={500}
            showCount
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

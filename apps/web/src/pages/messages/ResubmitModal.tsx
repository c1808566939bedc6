import type { MessageSummary } from '@apm/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resubmitMessage } from '../../services/message';
import { messageErrorText } from './message-errors';

/** Longest note sent back with a resubmitted message. */
const NOTE_MAX = 500;

/** Props of {@link ResubmitModal}. */
export interface ResubmitModalProps {
  message: Pick<MessageSummary, 'id' | 'name' | 'reviewNote'>;
  onClose(): void;
  onDone(): void;
}

/** The author sends a rejected message back to review, with a note to the reviewer (`submitNote`). */
export function ResubmitModal({ message: m, onClose, onDone }: ResubmitModalProps) {
  const { t } = useTranslation('messages');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ note: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ note }: { note: string }) => {
    setSaving(true);
    try {
      await resubmitMessage(m.id, note.trim());
      void message.success(t('resubmitted', { name: m.name }));
      onDone();
      onClose();
    } catch (failure) {
      form.setFields([{ name: 'note', errors: [messageErrorText(failure)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('resubmitTitle', { name: m.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('actions.resubmit')}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      {m.reviewNote ? (
        <Typography.Paragraph type="secondary">
          {t('rejectedBecause', { note: m.reviewNote })}
        </Typography.Paragraph>
      ) : null}
      <Form form={form} name="resubmit" layout="vertical" onFinish={submit}>
        <Form.Item
          name="note"
          label={t('resubmitNote')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('problems.required', { field: t('resubmitNote') }),
            },
            { max: NOTE_MAX, message: t('problems.tooLong', { field: t('resubmitNote'), max: NOTE_MAX }) },
          ]}
        >
          <Input.TextArea
            autoFocus
            rows={4}
            maxLength={NOTE_MAX}
            showCount
            data-testid="message-resubmit-note"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

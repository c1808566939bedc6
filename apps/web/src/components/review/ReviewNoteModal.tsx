import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, RequestError } from '../../services/request';

/** Message namespaces of the review pages: each has the review dialog's texts under the same keys. */
export type ReviewNamespace = 'materialReview' | 'programReview' | 'planReview' | 'messageReview';

/** Longest review note. */
export const REVIEW_NOTE_MAX = 500;

/** Props of {@link ReviewNoteModal}. */
export interface ReviewNoteModalProps {
  decision: 'approve' | 'reject';
  /** The review page's messages (approveTitle, rejectTitle, note…): materials' by default. */
  namespace?: ReviewNamespace;
  count: number;
  /** Sends the decision; a thrown error shows on the note field and keeps the dialog open. */
  onSubmit(note: string): Promise<unknown>;
  onClose(): void;
}

/** Asks for the review note (required to reject, optional to approve) and sends the decision. */
export function ReviewNoteModal({
  decision,
  namespace = 'materialReview',
  count,
  onSubmit,
  onClose,
}: ReviewNoteModalProps) {
  const { t } = useTranslation(namespace);
  const [form] = Form.useForm<{ note?: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ note }: { note?: string }) => {
    setSaving(true);
    try {
      await onSubmit(note?.trim() ?? '');
      onClose();
    } catch (failure) {
      const text = failure instanceof RequestError ? describeError(failure) : String(failure);
      form.setFields([{ name: 'note', errors: [text] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(decision === 'approve' ? 'approveTitle' : 'rejectTitle', { count })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t(decision === 'approve' ? 'approve' : 'reject')}
      okButtonProps={{ loading: saving, danger: decision === 'reject', id: 'review-note-ok' }}
      destroyOnHidden
    >
      <Form form={form} name="review" layout="vertical" onFinish={submit}>
        <Form.Item
          name="note"
          label={t('note')}
          rules={[
            { required: decision === 'reject', whitespace: true, message: t('noteRequired') },
            { max: REVIEW_NOTE_MAX, message: t('noteTooLong', { max: REVIEW_NOTE_MAX }) },
          ]}
        >
          <Input.TextArea autoFocus rows={4} maxLength={REVIEW_NOTE_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

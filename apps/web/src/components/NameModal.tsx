import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the page that opens a name dialog passes (see {@link NameModal}). */
export interface NameDialogProps {
  title: string;
  initialName?: string;
  /** Saves the name (trimmed); a thrown error shows on the field and keeps the dialog open. */
  onSave(name: string): Promise<unknown>;
  onClose(): void;
}

/** Props of {@link NameModal}: the dialog and what kind of name it asks for. */
export interface NameModalProps extends NameDialogProps {
  /** Label of the field, also named in its validation messages. */
  label: string;
  /** Longest name the field takes. */
  maxLength: number;
  /** Name of the form: the input's id is `<formName>_name`, which end-to-end tests select. */
  formName: string;
  /** Id of the save button. */
  saveButtonId: string;
  /** The message of a failed save, in the reader's language. */
  errorText(failure: unknown): string;
}

/** Asks for one required name (create, rename) and saves it; closes when the save succeeds. */
export function NameModal(props: NameModalProps) {
  const { title, initialName, onSave, onClose, label, maxLength, formName, saveButtonId, errorText } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSave(name.trim());
      onClose();
    } catch (failure) {
      form.setFields([{ name: 'name', errors: [errorText(failure)] }]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: saving, id: saveButtonId }}
      destroyOnHidden
    >
      <Form
        form={form}
        name={formName}
        layout="vertical"
        initialValues={{ name: initialName }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={label}
          rules={[
            { required: true, whitespace: true, message: t('common.required', { field: label }) },
            { max: maxLength, message: t('common.tooLong', { field: label, max: maxLength }) },
          ]}
        >
          <Input autoFocus maxLength={maxLength} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../utils/use-submit';
import { FormErrorAlert } from '../FormErrorAlert';

/** Props of {@link FormModal}. */
export interface FormModalProps<V> {
  title: ReactNode;
  form: FormInstance<V>;
  /** Name of the form: field ids are `<name>_<field>`. */
  name: string;
  initialValues: V;
  /** Id of the Save button. */
  saveButtonId: string;
  width?: number;
  /** Saves the values; a failure keeps the dialog open. */
  onSave(values: V): Promise<unknown>;
  /** Marks a failed save's fields on the form and answers the message shown above them. */
  describeFailure(failure: unknown): string;
  onClose(): void;
  /** The form's fields. */
  children: ReactNode;
}

/** A create/edit dialog around a form: Save/Cancel, fields disabled while saving, the failure on top. */
export function FormModal<V>(props: FormModalProps<V>) {
  const {
    title,
    form,
    name,
    initialValues,
    saveButtonId,
    width,
    onSave,
    describeFailure,
    onClose,
    children,
  } = props;
  const { t } = useTranslation();
  const { submitting, error, submit } = useSubmit();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: submitting, id: saveButtonId }}
      width={width}
      destroyOnHidden
    >
      <FormErrorAlert error={error} />
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        onFinish={(values) => submit(() => onSave(values), describeFailure)}
        disabled={submitting}
        initialValues={initialValues as object}
      >
        {children}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  );
}

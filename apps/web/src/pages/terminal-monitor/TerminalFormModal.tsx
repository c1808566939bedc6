import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../utils/use-submit';
import { terminalErrorText } from './terminal-errors';

/** Props of {@link TerminalFormModal}. */
export interface TerminalFormModalProps<V> {
  title: string;
  form: FormInstance<V>;
  /** Name of the form: field ids are `<name>_<field>`. */
  name: string;
  /** Start of the Save button's id (`<idPrefix>-save`) and of the failure's test id (`<idPrefix>-error`). */
  idPrefix: string;
  cancelButtonId?: string;
  initialValues: Partial<V>;
  /** Saves the values; a failure keeps the dialog open with its message under the form. */
  onSave(values: V): Promise<unknown>;
  onClose(): void;
  /** Shown above the form. */
  header?: ReactNode;
  /** The form's fields. */
  children: ReactNode;
}

/** A Save/Cancel dialog of a terminal form (claim, edit); a failed save's message shows under the form. */
export function TerminalFormModal<V>(props: TerminalFormModalProps<V>) {
  const { title, form, name, idPrefix, cancelButtonId, initialValues, onSave, onClose, header, children } =
    props;
  const { t } = useTranslation();
  const { submitting, error, submit } = useSubmit();
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      okButtonProps={{ loading: submitting, id: `${idPrefix}-save` }}
      cancelButtonProps={cancelButtonId ? { id: cancelButtonId } : undefined}
      destroyOnHidden
    >
      {header}
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => submit(() => onSave(values), terminalErrorText)}
      >
        {children}
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" data-testid={`${idPrefix}-error`} />
      ) : null}
    </Modal>
  );
}

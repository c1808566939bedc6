import { Alert, App, Form, Modal, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SentCommand } from '../../services/terminal';
import { terminalErrorText } from './terminal-errors';

/** Props of {@link CommandDialog}. */
export interface CommandDialogProps<V> {
  /** Short key of the dialog: form name `terminal<Key>`, ids `terminal-<key>-ok` / `-error`. */
  id: string;
  title: string;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  /** Sends the command from validated values. */
  send(values: V): Promise<SentCommand>;
  /** Asked before sending, for commands that change what the terminals do (null: no question). */
  confirm?: (values: V) => string | null;
  onClose(): void;
  /** Called with the accepted batch; the dialog is then closed by the caller. */
  onSent(sent: SentCommand): void;
  width?: number;
  children: ReactNode;
}

/** A command's form in a dialog: validates, optionally confirms, sends, and shows why sending failed. */
export function CommandDialog<V extends object>(props: CommandDialogProps<V>) {
  const { id, title, form, initialValues, send, confirm, onClose, onSent, width, children } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const deliver = async (values: V) => {
    setSending(true);
    setError(null);
    try {
      onSent(await send(values));
    } catch (failure) {
      setError(terminalErrorText(failure));
    } finally {
      setSending(false);
    }
  };

  const submit = (values: V) => {
    const question = confirm?.(values);
    if (!question) return deliver(values);
    modal.confirm({
      title: question,
      okText: t('common.yes'),
      cancelText: t('common.no'),
      okButtonProps: { danger: true, id: `terminal-${id}-confirm` },
      onOk: () => deliver(values),
    });
  };

  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: sending, id: `terminal-${id}-ok` }}
      cancelButtonProps={{ id: `terminal-${id}-cancel` }}
      destroyOnHidden
    >
      <Form<V>
        form={form}
        name={`terminal${id.charAt(0).toUpperCase()}${id.slice(1)}`}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
      >
        {children}
      </Form>
      {error ? (
        <Alert type="error" showIcon title={error} role="alert" data-testid={`terminal-${id}-error`} />
      ) : null}
    </Modal>
  );
}

import type { CodeWay } from '@apm/contract';
import { isValidTarget } from '@apm/contract';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkVerificationCode, sendVerificationCode } from '../../services/account';
import { RequestError, serverFieldErrors } from '../../services/request';
import { CodeInput } from '../registration/CodeInput';

/** Props of {@link BindModal}. */
export interface BindModalProps {
  /** The way being bound, or null when closed. */
  way: CodeWay | null;
  onClose: () => void;
  onBound: () => void;
}

interface BindValues {
  target: string;
  verificationCode: string;
}

const normalise = (way: CodeWay, value: string) =>
  way === 'sms' ? value.replace(/[\s-]/g, '') : value.trim().toLowerCase();

/** Binds a new e-mail address or phone number: send a code to it, enter the code, confirm. */
export function BindModal({ way, onClose, onBound }: BindModalProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const [form] = Form.useForm<BindValues>();
  const [submitting, setSubmitting] = useState(false);
  const isSms = way === 'sms';

  /** Shows a failure on the form; `field` is where general problems go. */
  const showFailure = (failure: unknown, field: keyof BindValues) => {
    const fields = serverFieldErrors(failure);
    let text = t('bind.sendFailed');
    if (fields.email === 'taken') text = t('bind.emailTaken');
    else if (fields.phone === 'taken') text = t('bind.phoneTaken');
    else if (fields.target) text = t(isSms ? 'bind.phoneInvalid' : 'bind.emailInvalid');
    else if (fields.verificationCode) text = t('bind.codeWrong');
    else if (fields.way) text = t('bind.wayOff');
    else if (failure instanceof RequestError && failure.status === 429) text = t('bind.tooSoon');
    const target = fields.email || fields.phone || fields.target ? 'target' : field;
    form.setFields([{ name: target, errors: [text] }]);
  };

  const send = async (): Promise<boolean> => {
    if (!way) return false;
    try {
      await form.validateFields(['target']);
    } catch {
      return false;
    }
    const target = (form.getFieldValue('target') as string).trim();
    try {
      await sendVerificationCode({ way, target });
      void message.success(t('bind.codeSent', { target }));
      return true;
    } catch (failure) {
      showFailure(failure, 'target');
      return false;
    }
  };

  const onFinish = async (values: BindValues) => {
    if (!way) return;
    setSubmitting(true);
    try {
      await checkVerificationCode({
        way,
        target: values.target.trim(),
        verificationCode: values.verificationCode,
      });
      void message.success(t('bind.bound'));
      form.resetFields();
      onBound();
    } catch (failure) {
      showFailure(failure, 'verificationCode');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={way !== null}
      title={t(isSms ? 'bind.bindPhone' : 'bind.bindEmail')}
      okText={t('bind.confirm')}
      onOk={() => form.submit()}
      confirmLoading={submitting}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <Form<BindValues> form={form} layout="vertical" onFinish={onFinish} disabled={submitting} name="bind">
        <Form.Item
          name="target"
          label={t(isSms ? 'bind.newPhone' : 'bind.newEmail')}
          validateTrigger="onBlur"
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                if (!way || !value || !isValidTarget(way, normalise(way, value)))
                  throw new Error(t(isSms ? 'bind.phoneInvalid' : 'bind.emailInvalid'));
              },
            },
          ]}
        >
          <Input maxLength={200} autoComplete={isSms ? 'tel' : 'email'} data-testid="bind-target" />
        </Form.Item>
        <Form.Item
          name="verificationCode"
          label={t('bind.code')}
          rules={[{ required: true, whitespace: true, message: t('bind.codeRequired') }]}
        >
          <CodeInput onSend={send} />
        </Form.Item>
        {/* Lets Enter submit the form (the modal's OK button is outside it). */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

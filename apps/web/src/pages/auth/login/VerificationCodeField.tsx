import { MailOutlined, MessageOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { SendCodeButton } from '../../../components/SendCodeButton';
import type { VerificationWay } from '../../../services/auth';

/** Props of {@link VerificationCodeField}. */
export interface VerificationCodeFieldProps {
  /** Ways the server offers (`seniorValidation.ways`). */
  ways: readonly VerificationWay[];
  way: VerificationWay;
  onWayChange: (way: VerificationWay) => void;
  /** Sends a code the chosen way; answers whether it went out. */
  onSend: () => Promise<boolean>;
}

/** Second-factor field of the sign-in form: way choice (when there are several), code, "send code" with countdown. */
export function VerificationCodeField({ ways, way, onWayChange, onSend }: VerificationCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      {ways.length > 1 ? (
        <Form.Item label={t('login.sendBy')}>
          <Segmented<VerificationWay>
            block
            value={way}
            onChange={onWayChange}
            options={ways.map((w) => ({
              value: w,
              label: w === 'email' ? t('login.wayEmail') : t('login.waySms'),
              icon: w === 'email' ? <MailOutlined /> : <MessageOutlined />,
            }))}
          />
        </Form.Item>
      ) : null}
      <Form.Item label={t('login.verificationCode')} required>
        <Flex gap={8}>
          <Form.Item
            name="verificationCode"
            noStyle
            rules={[{ required: true, whitespace: true, message: t('login.verificationRequired') }]}
          >
            <Input
              size="large"
              prefix={<SafetyCertificateOutlined />}
              placeholder={t('login.verificationCode')}
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={16}
              style={{ flex: 1, minWidth: 0 }}
            />
          </Form.Item>
          <SendCodeButton onSend={onSend} />
        </Flex>
      </Form.Item>
    </>
  );
}

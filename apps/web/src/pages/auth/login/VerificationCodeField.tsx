import { MailOutlined, MessageOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Input, Segmented } from 'antd';
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
  value: string;
  onChange: (value: string) => void;
  /** Message under the field when the code is missing. */
  error?: string;
}

/**
 * Second-factor field of the sign-in form (antd, loaded when the server asks for it): way choice
 * (when there are several), code, "send code" with countdown.
 */
export function VerificationCodeField({
  ways,
  way,
  onWayChange,
  onSend,
  value,
  onChange,
  error,
}: VerificationCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <>
      {ways.length > 1 ? (
        <div className="apm-field">
          <span id="login_sendBy" style={{ display: 'inline-block', paddingBottom: 8 }}>
            {t('login.sendBy')}
          </span>
          <Segmented<VerificationWay>
            block
            value={way}
            onChange={onWayChange}
            aria-labelledby="login_sendBy"
            options={ways.map((w) => ({
              value: w,
              label: w === 'email' ? t('login.wayEmail') : t('login.waySms'),
              icon: w === 'email' ? <MailOutlined /> : <MessageOutlined />,
            }))}
          />
        </div>
      ) : null}
      <div className="apm-field">
        <label htmlFor="login_verificationCode">{t('login.verificationCode')}</label>
        <Flex gap={8}>
          <Input
            id="login_verificationCode"
            size="large"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            prefix={<SafetyCertificateOutlined />}
            placeholder={t('login.verificationCode')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={16}
            status={error ? 'error' : undefined}
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login_verificationCode_error' : undefined}
            style={{ flex: 1, minWidth: 0 }}
          />
          <SendCodeButton onSend={onSend} />
        </Flex>
        {error ? (
          <div id="login_verificationCode_error" className="apm-field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </>
  );
}

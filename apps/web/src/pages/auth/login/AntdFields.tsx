import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { CaptchaInput, type CaptchaInputProps } from '../../../components/CaptchaInput';
import { consoleTheme } from '../../../layouts/settings/theme-tokens';
import { useLocaleStore } from '../../../stores/locale';
import { VerificationCodeField, type VerificationCodeFieldProps } from './VerificationCodeField';

/** antd's theme and locale around a part of the sign-in page drawn with antd. */
function Themed({ children }: { children: ReactNode }) {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <ConfigProvider locale={antdLocale} theme={consoleTheme('blue', 'light')}>
      {children}
    </ConfigProvider>
  );
}

/** The image captcha field in the console's antd theme. */
export function ThemedCaptchaInput(props: CaptchaInputProps) {
  return (
    <Themed>
      <CaptchaInput {...props} />
    </Themed>
  );
}

/** The second-factor field in the console's antd theme. */
export function ThemedVerificationCodeField(props: VerificationCodeFieldProps) {
  return (
    <Themed>
      <VerificationCodeField {...props} />
    </Themed>
  );
}

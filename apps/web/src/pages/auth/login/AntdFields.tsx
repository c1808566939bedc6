import { CaptchaInput, type CaptchaInputProps } from '../../../components/CaptchaInput';
import { ConsoleAntdProvider } from '../../../components/ConsoleAntdProvider';
import { VerificationCodeField, type VerificationCodeFieldProps } from './VerificationCodeField';

/** The image captcha field in the console's antd theme. */
export function ThemedCaptchaInput(props: CaptchaInputProps) {
  return (
    <ConsoleAntdProvider>
      <CaptchaInput {...props} />
    </ConsoleAntdProvider>
  );
}

/** The second-factor field in the console's antd theme. */
export function ThemedVerificationCodeField(props: VerificationCodeFieldProps) {
  return (
    <ConsoleAntdProvider>
      <VerificationCodeField {...props} />
    </ConsoleAntdProvider>
  );
}

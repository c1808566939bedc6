/**
 * Parts of the sign-in form shown only when the server asks for them or after a failure: loaded
 * then, not with the page (the image captcha, the second factor, the error banner).
 */
import { lazy, Suspense } from 'react';
import type { AlertProps } from 'antd';
import type { CaptchaInputProps } from '../../../components/CaptchaInput';
import type { VerificationCodeFieldProps } from './VerificationCodeField';

const Captcha = lazy(() =>
  import('../../../components/CaptchaInput').then((m) => ({ default: m.CaptchaInput })),
);
const Verification = lazy(() =>
  import('./VerificationCodeField').then((m) => ({ default: m.VerificationCodeField })),
);
const Banner = lazy(() => import('antd/es/alert'));

/** {@link CaptchaInput}, loaded on first use; `Form.Item` passes value and onChange through. */
export function LazyCaptchaInput(props: CaptchaInputProps) {
  return (
    <Suspense fallback={null}>
      <Captcha {...props} />
    </Suspense>
  );
}

/** {@link VerificationCodeField}, loaded on first use. */
export function LazyVerificationCodeField(props: VerificationCodeFieldProps) {
  return (
    <Suspense fallback={null}>
      <Verification {...props} />
    </Suspense>
  );
}

/** antd's Alert, loaded on first use. */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Banner {...props} />
    </Suspense>
  );
}

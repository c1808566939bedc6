/**
 * Parts of the sign-in form drawn with antd, shown only when the server asks for them (the image
 * captcha, the second factor): loaded then, antd with them.
 */
import { lazy, Suspense } from 'react';
import type { CaptchaInputProps } from '../../../components/CaptchaInput';
import type { VerificationCodeFieldProps } from './VerificationCodeField';

const Captcha = lazy(() => import('./AntdFields').then((m) => ({ default: m.ThemedCaptchaInput })));
const Verification = lazy(() =>
  import('./AntdFields').then((m) => ({ default: m.ThemedVerificationCodeField })),
);

/** The image captcha field, loaded on first use. */
export function LazyCaptchaInput(props: CaptchaInputProps) {
  return (
    <Suspense fallback={null}>
      <Captcha {...props} />
    </Suspense>
  );
}

/** The second-factor field, loaded on first use. */
export function LazyVerificationCodeField(props: VerificationCodeFieldProps) {
  return (
    <Suspense fallback={null}>
      <Verification {...props} />
    </Suspense>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { signInNoticeOf } from './sign-in-notice';
import { FALLBACK_BRAND } from '../../services/customer';
import { login, sendLoginVerificationCode, type VerificationWay } from '../../services/auth';
import { protectFields } from '../../services/landing-encryption';
import {
  brandQuery,
  publishKeyQuery,
  queryKeys,
  seniorValidationQuery,
  sysInitStateQuery,
} from '../../services/queries';
import { RequestError } from '../../services/request';
import { safeRedirect } from '../../utils/redirect';
import { LazyCaptchaInput, LazyVerificationCodeField } from './login/lazy-fields';
import { loginErrorKey, needsCaptcha } from './login/login-errors';
import { SignInField } from './login/SignInField';
import { missingFields, type LoginFields } from './login/login-form';

/**
 * `/login`. Checks initialisation first (anything but 0/1 goes to `/sysInit`), encrypts the
 * credentials when landing encryption is on, asks for the image captcha and the e-mail/SMS
 * code when the server wants them, and translates every failure reason. Drawn without antd
 * (`layouts/auth/sign-in.css`), so that signing in loads only what it needs.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const notice = signInNoticeOf(useLocation().state);
  const queryClient = useQueryClient();

  const brand = useQuery(brandQuery()).data ?? FALLBACK_BRAND;
  const sysInitState = useQuery(sysInitStateQuery());
  const senior = useQuery(seniorValidationQuery());
  // Fetched early so encryption does not delay the submit.
  useQuery(publishKeyQuery());

  const [fields, setFields] = useState<LoginFields>({
    username: '',
    password: '',
    validateCode: '',
    verificationCode: '',
  });
  // Fields found missing on submit; each is checked again as it changes.
  const [missing, setMissing] = useState<ReadonlySet<keyof LoginFields>>(new Set());
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captchaStamp, setCaptchaStamp] = useState(() => Date.now());
  const [errorKey, setErrorKey] = useState<ReturnType<typeof loginErrorKey> | null>(null);
  const [codeStatus, setCodeStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const ways = senior.data?.required ? senior.data.ways : [];
  const [way, setWay] = useState<VerificationWay | undefined>(undefined);
  const chosenWay = way && ways.includes(way) ? way : ways[0];
  const needVerification = senior.data?.required === true;
  const needs = { captcha: needCaptcha, verification: needVerification };

  useEffect(() => {
    const state = sysInitState.data;
    if (state !== undefined && state !== 0 && state !== 1) navigate('/sysInit', { replace: true });
  }, [sysInitState.data, navigate]);

  const refreshCaptcha = () => setCaptchaStamp(Date.now());

  const setField = (name: keyof LoginFields) => (value: string) => {
    const next = { ...fields, [name]: value };
    setFields(next);
    if (missing.has(name)) setMissing(new Set(missingFields(next, needs).filter((f) => missing.has(f))));
  };

  const encrypt = async (values: { username: string; password?: string }) =>
    protectFields(values, ['username', 'password'], await queryClient.fetchQuery(publishKeyQuery()));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const absent = missingFields(fields, needs);
    setMissing(new Set(absent));
    if (absent.length > 0) {
      document.getElementById(`login_${absent[0]}`)?.focus();
      return;
    }
    setErrorKey(null);
    setSubmitting(true);
    try {
      const { username, password } = await encrypt({
        username: fields.username.trim(),
        password: fields.password,
      });
      const result = await login({
        username,
        password: password ?? '',
        validateCode: needCaptcha ? fields.validateCode.trim() : undefined,
        verificationCode: needVerification ? fields.verificationCode.trim() : undefined,
      });
      queryClient.removeQueries({ queryKey: queryKeys.userInfo });
      navigate(
        result.pwdPastDue ? '/personalCenter?pwdPastDue=1' : safeRedirect(searchParams.get('redirect')),
        { replace: true },
      );
    } catch (error) {
      setErrorKey(loginErrorKey(error));
      if (needsCaptcha(error)) setNeedCaptcha(true);
      if (error instanceof RequestError && error.reason === 'decryptFailed') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.publishKey });
      }
      // A captcha answer is good for one attempt only.
      setFields((f) => ({ ...f, validateCode: '' }));
      refreshCaptcha();
    } finally {
      setSubmitting(false);
    }
  };

  const sendCode = async (): Promise<boolean> => {
    if (!chosenWay) return false;
    if (!fields.username.trim()) {
      setMissing(new Set([...missing, 'username']));
      return false;
    }
    try {
      const { username } = await encrypt({ username: fields.username.trim() });
      await sendLoginVerificationCode({ username, way: chosenWay });
      setCodeStatus({ ok: true, text: t('login.codeSent') });
      return true;
    } catch (error) {
      const key = loginErrorKey(error);
      setCodeStatus({
        ok: false,
        text: key === 'rateLimited' || key === 'network' ? t(`login.errors.${key}`) : t('login.sendFailed'),
      });
      return false;
    }
  };

  const error = (name: keyof LoginFields, message: string) => (missing.has(name) ? message : undefined);

  return (
    <section className="apm-card" aria-labelledby="login_title">
      <div className="apm-card-head" id="login_title">
        {t('login.title')}
      </div>
      <div className="apm-card-body" aria-busy={sysInitState.isPending}>
        <form id="login" name="login" noValidate onSubmit={(event) => void onSubmit(event)}>
          <fieldset disabled={submitting} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
            {notice && !errorKey ? (
              <div className="apm-alert-success" role="status" data-testid="login-notice">
                {notice}
              </div>
            ) : null}
            {errorKey ? (
              <div className="apm-alert-error" role="alert" data-testid="login-error">
                {t(`login.errors.${errorKey}`)}
              </div>
            ) : null}
            <SignInField
              id="login_username"
              name="username"
              label={t('login.username')}
              icon="User"
              placeholder={t('login.username')}
              autoComplete="username"
              maxLength={64}
              value={fields.username}
              onChange={setField('username')}
              error={error('username', t('login.usernameRequired'))}
            />
            <SignInField
              id="login_password"
              name="password"
              label={t('login.password')}
              icon="Lock"
              password
              placeholder={t('login.password')}
              autoComplete="current-password"
              maxLength={64}
              value={fields.password}
              onChange={setField('password')}
              error={error('password', t('login.passwordRequired'))}
            />
            {needCaptcha ? (
              <div className="apm-field">
                <label htmlFor="login_validateCode">{t('login.captcha')}</label>
                <LazyCaptchaInput
                  id="login_validateCode"
                  value={fields.validateCode}
                  onChange={setField('validateCode')}
                  stamp={captchaStamp}
                  onRefresh={refreshCaptcha}
                  placeholder={t('login.captchaPlaceholder')}
                  refreshLabel={t('login.captchaRefresh')}
                />
                {missing.has('validateCode') ? (
                  <div className="apm-field-error" role="alert">
                    {t('login.captchaRequired')}
                  </div>
                ) : null}
              </div>
            ) : null}
            {needVerification && chosenWay ? (
              <>
                <LazyVerificationCodeField
                  ways={ways}
                  way={chosenWay}
                  onWayChange={setWay}
                  onSend={sendCode}
                  value={fields.verificationCode}
                  onChange={setField('verificationCode')}
                  error={error('verificationCode', t('login.verificationRequired'))}
                />
                {codeStatus ? (
                  <div
                    className="apm-status"
                    role={codeStatus.ok ? 'status' : 'alert'}
                    data-type={codeStatus.ok ? 'success' : 'error'}
                  >
                    {codeStatus.text}
                  </div>
                ) : null}
              </>
            ) : null}
            <div style={{ marginBottom: 12 }}>
              <button type="submit" className="apm-button" data-testid="login-submit">
                {submitting ? <span className="apm-spinner" aria-hidden /> : null}
                {t('login.submit')}
              </button>
            </div>
          </fieldset>
        </form>
        <div className="apm-links">
          {brand.showRegister !== false ? (
            <Link to="/register" data-testid="register-link">
              {t('login.register')}
            </Link>
          ) : (
            <span />
          )}
          <Link to="/forgotPassword" data-testid="forgot-link">
            {t('login.forgot')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** State shared by the sign-up and recovery forms: both confirm with a code sent by e-mail or SMS. */
import type { CodeWay } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignInNotice } from '../auth/sign-in-notice';
import { protectFields } from '../../services/landing-encryption';
import { publishKeyQuery } from '../../services/queries';
import { describeError, RequestError } from '../../services/request';
import { useSubmit } from '../../utils/use-submit';
import { DEFAULT_RULE } from './password-rule';
import { registerConfigQuery } from './register-config';
import { fieldMessages, generalMessage, looseT } from './register-errors';

/** Options of {@link useRegistrationForm}. */
export interface RegistrationFormOptions {
  /** Message key when the site refuses the call (403): sign-up and recovery word it differently. */
  closedKey: string;
}

/**
 * The form, the site's settings (password rule, code ways), the chosen way, the submit state and
 * the failure handling of a page that sends a code and then submits with it.
 */
export function useRegistrationForm<V extends object>({ closedKey }: RegistrationFormOptions) {
  const { t } = useTranslation('registration');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<V>();
  const config = useQuery(registerConfigQuery());
  const { submitting, error, setError, submit } = useSubmit();
  const rule = config.data?.passwordRule ?? DEFAULT_RULE;
  const ways = (['email', 'sms'] as const).filter((w) => config.data?.ways[w]);
  const way: CodeWay = (Form.useWatch('way', form) as CodeWay | undefined) ?? ways[0] ?? 'email';
  const tk = looseT(t);

  /** Puts a failure's field errors on the form; answers the message for the rest (null when none is left). */
  const explain = (failure: unknown, fallback: string): string | null => {
    const fields = fieldMessages(failure, way === 'sms');
    if (fields.length) {
      form.setFields(fields.map(([name, key]) => ({ name: name as never, errors: [tk(key)] })));
      return null;
    }
    const general = generalMessage(failure);
    if (general) return tk(general === 'closed' ? closedKey : general);
    if (failure instanceof RequestError && failure.kind !== 'http') return describeError(failure);
    return tk(fallback);
  };

  /** `protectFields` with the server's current public key. */
  const protect = async <T extends Record<string, string | undefined>>(fields: T, names: (keyof T)[]) =>
    protectFields(fields, names, await queryClient.fetchQuery(publishKeyQuery()));

  /**
   * The code button's action: checks `field`, then `send` (which answers the text to show); answers
   * whether the code went out.
   */
  const sendCodeAfterChecking =
    (field: keyof V & string, send: () => Promise<string>) => async (): Promise<boolean> => {
      setError(null);
      try {
        await form.validateFields([field as never]);
      } catch {
        return false;
      }
      try {
        void message.success(await send());
        return true;
      } catch (failure) {
        setError(explain(failure, 'sendFailed'));
        return false;
      }
    };

  /** Submits with `work`, then shows `done` and goes to sign-in; `failedKey` when no better message. */
  const submitThenSignIn = (work: () => Promise<unknown>, done: string, failedKey: string) =>
    submit(
      async () => {
        await work();
        // Said on the sign-in page itself: a toast would go with this page's layout.
        navigate('/login', { replace: true, state: { notice: done } satisfies SignInNotice });
      },
      (failure) => explain(failure, failedKey),
    );

  return {
    t,
    form,
    config,
    rule,
    ways,
    way,
    submitting,
    error,
    protect,
    sendCodeAfterChecking,
    submitThenSignIn,
  };
}

/** What {@link useRegistrationForm} answers. */
export type RegistrationForm<V extends object> = ReturnType<typeof useRegistrationForm<V>>;

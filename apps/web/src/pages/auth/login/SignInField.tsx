import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainIcon, type PlainIconName } from '../../../components/PlainIcon';

/** Props of {@link SignInField}. */
export interface SignInFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  icon: PlainIconName;
  value: string;
  onChange: (value: string) => void;
  /** Message under the field; the field is marked invalid while there is one. */
  error?: string;
  /** A password field, with a button that shows or hides what was typed. */
  password?: boolean;
}

/** A labelled text field of the sign-in form in antd's large-input look (`sign-in.css`). */
export function SignInField({
  id,
  label,
  icon,
  value,
  onChange,
  error,
  password,
  ...input
}: SignInFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const errorId = `${id}_error`;
  return (
    <div className="apm-field">
      <label htmlFor={id}>{label}</label>
      <div className="apm-input" data-invalid={error ? 'true' : undefined}>
        <PlainIcon name={icon} />
        <input
          {...input}
          id={id}
          type={password && !shown ? 'password' : 'text'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {password ? (
          <button
            type="button"
            className="apm-icon-button"
            onClick={() => setShown((s) => !s)}
            aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={shown}
          >
            <PlainIcon name={shown ? 'Eye' : 'EyeInvisible'} />
          </button>
        ) : null}
      </div>
      {error ? (
        <div id={errorId} className="apm-field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

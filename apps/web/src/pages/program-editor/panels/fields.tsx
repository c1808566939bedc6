/**
 * The fields every panel is built from. Each keeps what is being typed while it is refused, shows
 * why under the field (naming it), and hands on accepted values only; a change of the document
 * from elsewhere (undo, the canvas) replaces what is shown.
 */
import { AutoComplete, ColorPicker, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  normaliseColor,
  numberProblem,
  type NumberBounds,
  type NumberProblem,
  type TextProblem,
} from './panel-values';

/** The shown value follows `value` whenever it changes outside the field. */
function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}

/** The message of a refused value, naming the field. */
function useProblemText() {
  const { t } = useTranslation('editorPanels');
  return (field: string, problem: NumberProblem | TextProblem, extra: { min?: number; max?: number }) => {
    switch (problem) {
      case 'required':
        return t('problems.required', { field });
      case 'integer':
        return t('problems.integer', { field });
      case 'range':
        return t('problems.range', { field, min: extra.min, max: extra.max });
      case 'tooLong':
        return t('problems.tooLong', { field, max: extra.max });
      case 'url':
        return t('problems.url', { field });
      case 'timeZone':
        return t('problems.timeZone', { field });
      default:
        return undefined;
    }
  };
}

/** Props of {@link NumberField}. */
export interface NumberFieldProps {
  label: string;
  /** null shows the field empty (an optional property that is unset). */
  value: number | null;
  bounds: NumberBounds;
  step?: number;
  suffix?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** Called with accepted values only. */
  onChange(value: number): void;
  /** For optional properties: emptying the field unsets it (otherwise an empty field is refused). */
  onClear?: () => void;
  testId?: string;
}

/** A number within bounds; what is out of them stays in the box with a message until corrected or left. */
export function NumberField(props: NumberFieldProps) {
  const { label, value, bounds, step, suffix, placeholder, disabled, onChange, onClear, testId } = props;
  const id = useId();
  const problemText = useProblemText();
  const [draft, setDraft] = useDraft<number | null>(value);
  const problem = draft === null && onClear ? null : numberProblem(draft, bounds);
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? problemText(label, problem, bounds) : undefined}
    >
      <InputNumber
        id={id}
        value={draft}
        step={step ?? 1}
        suffix={suffix}
        placeholder={placeholder}
        disabled={disabled}
        style={{ width: '100%' }}
        onChange={(next) => {
          const number = typeof next === 'number' ? next : null;
          setDraft(number);
          if (number === null) onClear?.();
          else if (numberProblem(number, bounds) === null) onChange(number);
        }}
        onBlur={() => setDraft(value)}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Props of {@link TextField}. */
export interface TextFieldProps {
  label: string;
  value: string;
  /** Why a value is refused (null: accepted). */
  check?: (text: string) => TextProblem;
  /** The longest accepted text, for the message. */
  max?: number;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
  /** Called with accepted values only. */
  onChange(value: string): void;
  /** Called when the field is left (ends a typing burst). */
  onDone?: () => void;
  /** Hands the value on when the field is left or Enter is pressed, not at each key (a rename). */
  lazy?: boolean;
  testId?: string;
}

/** One line of text, or several with `rows`. */
export function TextField(props: TextFieldProps) {
  const { label, value, check, max, rows, placeholder, disabled, onChange, onDone, lazy, testId } = props;
  const id = useId();
  const problemText = useProblemText();
  const [draft, setDraft] = useDraft(value);
  const problem = check?.(draft) ?? null;
  const accepted = (text: string) => (check?.(text) ?? null) === null;
  const commit = () => {
    if (lazy && draft !== value && accepted(draft)) onChange(draft);
  };
  const common = {
    id,
    value: draft,
    placeholder,
    disabled,
    'data-testid': testId,
    onBlur: () => {
      commit();
      setDraft(value);
      onDone?.();
    },
  };
  const changed = (next: string) => {
    setDraft(next);
    if (!lazy && accepted(next)) onChange(next);
  };
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? problemText(label, problem, { max }) : undefined}
    >
      {rows ? (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: rows, maxRows: 12 }}
          onChange={(e) => changed(e.target.value)}
        />
      ) : (
        <Input {...common} onChange={(e) => changed(e.target.value)} onPressEnter={commit} />
      )}
    </Form.Item>
  );
}

/** Props of {@link SuggestField}. */
export interface SuggestFieldProps extends Omit<TextFieldProps, 'rows'> {
  /** Values offered in the drop-down; any other can be typed. */
  options: readonly { value: string; label?: ReactNode }[];
}

/** Text with suggestions (formats, font families): a preset is one click, anything else can be typed. */
export function SuggestField({
  label,
  value,
  check,
  max,
  options,
  onChange,
  onDone,
  testId,
}: SuggestFieldProps) {
  const id = useId();
  const problemText = useProblemText();
  const [draft, setDraft] = useDraft(value);
  const problem = check?.(draft) ?? null;
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={problem ? 'error' : undefined}
      help={problem ? problemText(label, problem, { max }) : undefined}
    >
      <AutoComplete
        id={id}
        value={draft}
        options={options.map((o) => ({ value: o.value, label: o.label ?? o.value }))}
        onChange={(next: string) => {
          setDraft(next);
          if ((check?.(next) ?? null) === null) onChange(next);
        }}
        onBlur={() => {
          setDraft(value);
          onDone?.();
        }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Props of {@link ColorField}. */
export interface ColorFieldProps {
  label: string;
  /** A format colour; undefined when the property is optional and unset. */
  value: string | undefined;
  /** Called with a format colour (`#rrggbb`, `#rrggbbaa`). */
  onChange(value: string): void;
  /** Offered for optional colours: clears the property. */
  onClear?: () => void;
  /** Called when the picker closes (ends a dragging burst). */
  onDone?: () => void;
  testId?: string;
}

/** A colour from antd's picker, stored as the format takes it (alpha only when not opaque). */
export function ColorField({ label, value, onChange, onClear, onDone, testId }: ColorFieldProps) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id}>
      <ColorPicker
        value={value === 'transparent' ? null : (value ?? null)}
        allowClear={onClear !== undefined}
        disabledFormat={false}
        onChange={(color) => {
          const hex = color.cleared ? null : normaliseColor(color.toHexString());
          if (hex) onChange(hex);
        }}
        onClear={onClear}
        onOpenChange={(open) => {
          if (!open) onDone?.();
        }}
      >
        <button
          type="button"
          id={id}
          className="apm-color-trigger"
          data-testid={testId}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            background: 'none',
            border: 0,
            padding: 0,
            cursor: 'pointer',
          }}
        >
          <span
            aria-hidden
            style={{
              width: 24,
              height: 24,
              borderRadius: 4,
              border: '1px solid rgba(128,128,128,0.5)',
              background:
                value && value !== 'transparent'
                  ? value
                  : 'repeating-conic-gradient(#ccc 0% 25%, #fff 0% 50%) 50% / 8px 8px',
            }}
          />
          <span>{value ?? '—'}</span>
        </button>
      </ColorPicker>
    </Form.Item>
  );
}

/** Props of {@link SwitchField}. */
export interface SwitchFieldProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
  testId?: string;
}

/** An on/off setting. */
export function SwitchField({ label, checked, disabled, onChange, testId }: SwitchFieldProps) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id}>
      <Switch id={id} checked={checked} disabled={disabled} onChange={onChange} data-testid={testId} />
    </Form.Item>
  );
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps<V extends string> {
  label: string;
  value: V | undefined;
  options: readonly { value: V; label: ReactNode }[];
  placeholder?: string;
  showSearch?: boolean;
  disabled?: boolean;
  help?: ReactNode;
  error?: boolean;
  onChange(value: V): void;
  testId?: string;
}

/** A choice among fixed values. */
export function SelectField<V extends string>(props: SelectFieldProps<V>) {
  const { label, value, options, placeholder, showSearch, disabled, help, error, onChange, testId } = props;
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id} help={help} validateStatus={error ? 'error' : undefined}>
      <Select<V>
        id={id}
        value={value}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        placeholder={placeholder}
        showSearch={showSearch ? { optionFilterProp: 'label' } : undefined}
        disabled={disabled}
        onChange={onChange}
        data-testid={testId}
      />
    </Form.Item>
  );
}

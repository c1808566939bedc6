import { ColorPicker } from 'antd';

/** Props of {@link ColorInput} (a controlled antd Form field). */
export interface ColorInputProps {
  /** `#rgb`, `#rrggbb` or `#rrggbbaa`. */
  value?: string;
  onChange?: (value: string) => void;
  /** Set by Form.Item: its label points at the trigger. */
  id?: string;
  testId?: string;
}

/** A colour (with transparency) chosen in antd's picker, opened from a labelled button. */
export function ColorInput({ value, onChange, id, testId }: ColorInputProps) {
  return (
    <ColorPicker
      value={value ?? null}
      disabledFormat={false}
      onChangeComplete={(color) => onChange?.(color.toHexString())}
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
          color: 'inherit',
        }}
      >
        <span
          aria-hidden
          style={{
            width: 24,
            height: 24,
            borderRadius: 4,
            border: '1px solid rgba(128,128,128,0.5)',
            background: value ?? 'transparent',
          }}
        />
        <span style={{ fontFamily: 'monospace' }}>{value}</span>
      </button>
    </ColorPicker>
  );
}

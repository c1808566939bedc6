import { SafetyOutlined } from '@ant-design/icons';
import { Flex, Input } from 'antd';
import { SendCodeButton } from '../../components/SendCodeButton';

/** Props of {@link CodeInput} (value/onChange come from Form.Item). */
export interface CodeInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Sends the code; answers whether it went out (then the button counts down). */
  onSend: () => Promise<boolean>;
  placeholder?: string;
}

/** Six-digit code input with a "send code" button that counts down after a send. */
export function CodeInput({ value, onChange, onSend, placeholder }: CodeInputProps) {
  return (
    <Flex gap={8}>
      <Input
        size="large"
        prefix={<SafetyOutlined />}
        value={value}
        onChange={(e) => onChange?.(e.target.value.replace(/\D/g, '').slice(0, 6))}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={placeholder}
        data-testid="code-input"
      />
      <SendCodeButton onSend={onSend} />
    </Flex>
  );
}

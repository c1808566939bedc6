import { SafetyOutlined } from '@ant-design/icons';
import { Flex, Input, theme } from 'antd';
import { captchaUrl } from '../services/auth';

/** Props of {@link CaptchaInput}; `value`/`onChange` come from the enclosing `Form.Item`. */
export interface CaptchaInputProps {
  value?: string;
  onChange?: (value: string) => void;
  /** Time stamp of the current image; changing it loads a new one. */
  stamp: number;
  /** Asks for a new image. */
  onRefresh: () => void;
  placeholder: string;
  /** Accessible name and tooltip of the image ("click for a new picture"). */
  refreshLabel: string;
  id?: string;
}

/** Text field plus the SVG captcha image (`/f/common/validateCode`); clicking the image refreshes it. */
export function CaptchaInput({
  value,
  onChange,
  stamp,
  onRefresh,
  placeholder,
  refreshLabel,
  id,
}: CaptchaInputProps) {
  const { token } = theme.useToken();
  return (
    <Flex gap={8}>
      <Input
        id={id}
        size="large"
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={placeholder}
        prefix={<SafetyOutlined />}
        autoComplete="off"
        maxLength={16}
        style={{ flex: 1, minWidth: 0 }}
      />
      <button
        type="button"
        onClick={onRefresh}
        title={refreshLabel}
        aria-label={refreshLabel}
        style={{
          padding: 0,
          width: 120,
          height: 40,
          flex: 'none',
          cursor: 'pointer',
          background: token.colorBgContainer,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadiusLG,
          overflow: 'hidden',
        }}
      >
        <img
          src={captchaUrl(stamp)}
          alt={refreshLabel}
          width={118}
          height={38}
          data-testid="captcha-image"
          style={{ display: 'block', objectFit: 'contain' }}
        />
      </button>
    </Flex>
  );
}

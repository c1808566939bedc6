import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link SendCodeButton}. */
export interface SendCodeButtonProps {
  /** Sends the code; answers whether it went out (only then the countdown starts). */
  onSend: () => Promise<boolean>;
  /** Countdown length in seconds. */
  seconds?: number;
}

/** "Send code" button that locks itself for a countdown (60 s) after a successful send. */
export function SendCodeButton({ onSend, seconds = 60 }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left]);

  const onClick = async () => {
    setSending(true);
    try {
      if (await onSend()) setLeft(seconds);
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" disabled={left > 0} loading={sending} onClick={onClick} data-testid="send-code">
      {left > 0 ? t('login.resendIn', { seconds: left }) : t('login.sendCode')}
    </Button>
  );
}

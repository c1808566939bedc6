import { Alert } from 'antd';

/** Props of {@link FormErrorAlert}. */
export interface FormErrorAlertProps {
  /** The failure's message; nothing shows without one. */
  error: string | null;
  testId?: string;
}

/** Why a form's last submit failed, shown above its fields. */
export function FormErrorAlert({ error, testId }: FormErrorAlertProps) {
  if (!error) return null;
  return <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid={testId} />;
}

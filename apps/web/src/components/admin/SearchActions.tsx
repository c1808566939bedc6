import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link SearchActions}. */
export interface SearchActionsProps {
  /** Clears the search (see `useServerTable().reset`). */
  onReset(): void;
  /** Test id of the Search button. */
  testId?: string;
}

/** The Search (submits the enclosing search form) and Reset buttons of an admin list's search bar. */
export function SearchActions({ onReset, testId }: SearchActionsProps) {
  const { t } = useTranslation();
  return (
    <Space>
      <Button type="primary" htmlType="submit" data-testid={testId}>
        {t('common.search')}
      </Button>
      <Button onClick={onReset}>{t('common.reset')}</Button>
    </Space>
  );
}

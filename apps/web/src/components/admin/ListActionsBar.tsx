import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { GuardedConfirm } from './GuardedConfirm';

/** Props of {@link ListActionsBar}. */
export interface ListActionsBarProps {
  /** Permission of the Delete button (confirmed, for the selected rows). */
  deletePermission: string;
  /** How many rows are selected: none disables Delete. */
  selectedCount: number;
  onDeleteSelected(): unknown;
  deleteTestId?: string;
  /** Permission of the New button. */
  createPermission: string;
  createLabel: string;
  onCreate(): void;
  createTestId?: string;
}

/** The bar above an admin list's table: Delete (the selected rows, confirmed first) and New, on the right. */
export function ListActionsBar(props: ListActionsBarProps) {
  const { t } = useTranslation();
  const { selectedCount } = props;
  return (
    <Flex justify="flex-end" gap={8} style={{ marginBottom: 12 }}>
      <GuardedConfirm
        permission={props.deletePermission}
        title={t('common.confirmDeleteSelected', { count: selectedCount })}
        onConfirm={props.onDeleteSelected}
        disabled={!selectedCount}
      >
        <Button danger disabled={!selectedCount} data-testid={props.deleteTestId}>
          {t('common.delete')}
        </Button>
      </GuardedConfirm>
      <Authorized permission={props.createPermission}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={props.onCreate}
          data-testid={props.createTestId}
        >
          {props.createLabel}
        </Button>
      </Authorized>
    </Flex>
  );
}

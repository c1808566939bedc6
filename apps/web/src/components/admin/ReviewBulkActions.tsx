import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { Authorized } from '../../access/Authorized';
import type { ReviewDecision } from './use-review-queue';

/** Colour of each review state's tag, the same on every page that shows one. */
export const REVIEW_STATE_COLOR = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

/** Props of {@link ReviewBulkActions}. */
export interface ReviewBulkActionsProps {
  /** Permission deciding needs (`review:<kind>:review`). */
  permission: string;
  selected: number[];
  /** Opens the note dialog for the decision on the selection. */
  onDecide(decision: ReviewDecision): void;
  approveLabel: string;
  rejectLabel: string;
  /** Test ids are `<prefix>-bulk-approve` and `<prefix>-bulk-reject`. */
  testIdPrefix: string;
}

/** "Approve selected" and "Reject selected" of a review page, disabled with nothing selected. */
export function ReviewBulkActions(props: ReviewBulkActionsProps) {
  const { permission, selected, onDecide } = props;
  return (
    <Space wrap>
      <Authorized permission={permission}>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          disabled={!selected.length}
          onClick={() => onDecide({ decision: 'approve', ids: selected })}
          data-testid={`${props.testIdPrefix}-bulk-approve`}
        >
          {props.approveLabel}
        </Button>
      </Authorized>
      <Authorized permission={permission}>
        <Button
          danger
          icon={<CloseOutlined />}
          disabled={!selected.length}
          onClick={() => onDecide({ decision: 'reject', ids: selected })}
          data-testid={`${props.testIdPrefix}-bulk-reject`}
        >
          {props.rejectLabel}
        </Button>
      </Authorized>
    </Space>
  );
}

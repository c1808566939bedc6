import { CloseOutlined, RedoOutlined } from '@ant-design/icons';
import { formatBytes } from '@apm/contract';
import { Button, Flex, Progress, Tag, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFinal, taskPercent, taskPhase, type UploadState, type UploadTask } from './upload-tasks';

const STATE_COLOR: Record<UploadState, string> = {
  queued: 'default',
  hashing: 'processing',
  checking: 'processing',
  uploading: 'processing',
  processing: 'processing',
  done: 'success',
  instant: 'cyan',
  failed: 'error',
  cancelled: 'warning',
};

function progressStatus(state: UploadState): 'success' | 'exception' | 'active' | 'normal' {
  if (state === 'done' || state === 'instant') return 'success';
  if (state === 'failed') return 'exception';
  if (state === 'hashing' || state === 'uploading' || state === 'processing') return 'active';
  return 'normal';
}

/** Props of {@link UploadTaskList}. */
export interface UploadTaskListProps {
  tasks: UploadTask[];
  onCancel(id: string): void;
  onRetry(id: string): void;
}

/** One row per file: name, size, state, progress (hashing, then upload), the failure reason, actions. */
export function UploadTaskList({ tasks, onCancel, onRetry }: UploadTaskListProps) {
  const { t } = useTranslation('materialUpload');
  const { token } = theme.useToken();
  return (
    <div style={{ maxHeight: 360, overflowY: 'auto' }} data-testid="material-upload-tasks">
      {tasks.map((task) => {
        const percent = taskPercent(task);
        return (
          <div
            key={task.id}
            data-testid="material-upload-task"
            data-name={task.name}
            data-state={task.state}
            data-percent={percent}
            style={{ padding: '6px 0', borderBottom: '1px solid rgba(128,128,128,0.15)' }}
          >
            <Flex align="center" gap={8}>
              <Typography.Text ellipsis={{ tooltip: task.path }} style={{ flex: 1, minWidth: 0 }}>
                {task.path}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {formatBytes(task.size)}
              </Typography.Text>
              <Tag color={STATE_COLOR[task.state]} style={{ marginInlineEnd: 0 }}>
                {t(`states.${task.state}`)}
              </Tag>
              {isFinal(task) ? (
                task.state === 'failed' || task.state === 'cancelled' ? (
                  <Tooltip title={t('retry')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<RedoOutlined />}
                      aria-label={t('retry')}
                      data-testid="material-upload-retry"
                      onClick={() => onRetry(task.id)}
                    />
                  </Tooltip>
                ) : null
              ) : (
                <Tooltip title={t('cancel')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<CloseOutlined />}
                    aria-label={t('cancel')}
                    data-testid="material-upload-cancel"
                    onClick={() => onCancel(task.id)}
                  />
                </Tooltip>
              )}
            </Flex>
            {task.state !== 'cancelled' && (
              <Progress
                size="small"
                percent={percent}
                status={progressStatus(task.state)}
                // Reading the file is not uploading it: its own colour and words, never a bare "100%".
                {...(taskPhase(task) === 'hash'
                  ? {
                      strokeColor: token.colorTextQuaternary,
                      format: (p?: number) => t('hashProgress', { percent: p ?? 0 }),
                    }
                  : {})}
                data-phase={taskPhase(task)}
              />
            )}
            {task.error && (
              <Typography.Text type="danger" data-testid="material-upload-error">
                {task.error}
              </Typography.Text>
            )}
          </div>
        );
      })}
    </div>
  );
}

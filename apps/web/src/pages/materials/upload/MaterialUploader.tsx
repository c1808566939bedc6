import { formatBytes } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Progress, Space, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPageNamespaces } from '../../../locales/page-messages';
import { UploadDropZone } from './UploadDropZone';
import { UploadTaskList } from './UploadTaskList';
import { fetchCapacity } from './upload-api';
import { countByState, localRefusal, overallProgress, type NewFile } from './upload-tasks';
import { useUploadQueue } from './use-upload-queue';

/** Query key of the storage capacity (the library's usage bar reads the same call). */
export const CAPACITY_QUERY_KEY = ['material', 'capacity'] as const;

/** Props of {@link MaterialUploader}. */
export interface MaterialUploaderProps {
  /** Folder the files go to; null = the library's root. */
  folderId: number | null;
  /** Called after each file is stored (uploaded or linked by instant upload). */
  onUploaded: () => void;
}

/**
 * The material uploader: a drop zone for files and folders, then per file an MD5 in a Web
 * Worker, instant upload when the server already holds the bytes, else a resumable tus upload;
 * three files at a time, with per-file and overall progress, cancel and retry.
 */
export function MaterialUploader({ folderId, onUploaded }: MaterialUploaderProps) {
  const { i18n } = useTranslation();
  // Drawn with the page when its route has loaded the messages already (the material page's
  // does): the drop zone's hint is the page's largest text, its LCP element.
  const [ready, setReady] = useState(() => i18n.hasLoadedNamespace('materialUpload'));
  useEffect(() => {
    // The uploader carries its own messages, whichever page mounts it.
    void loadPageNamespaces(['materialUpload']).finally(() => setReady(true));
  }, []);
  return ready ? <Uploader folderId={folderId} onUploaded={onUploaded} /> : null;
}

function Uploader({ folderId, onUploaded }: MaterialUploaderProps) {
  const { t } = useTranslation('materialUpload');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const capacity = useQuery({ queryKey: CAPACITY_QUERY_KEY, queryFn: ({ signal }) => fetchCapacity(signal) });
  const finished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: CAPACITY_QUERY_KEY });
    onUploaded();
  }, [queryClient, onUploaded]);
  const queue = useUploadQueue(finished);
  const limit = capacity.data?.uploadLimitBytes ?? null;

  const onFiles = (files: NewFile[]) =>
    queue.add(files, folderId, (file) => {
      const refusal = localRefusal(file.size, limit);
      if (refusal === 'tooLarge') return t('tooLarge', { limit: formatBytes(limit ?? 0) });
      return refusal === 'empty' ? t('empty') : null;
    });

  const overall = overallProgress(queue.tasks);
  const counts = countByState(queue.tasks);
  const finishedCount = counts.done + counts.instant + counts.failed + counts.cancelled;
  const working = queue.tasks.length - finishedCount;
  // Apart from the formats: the limit comes with the capacity call, after the page is drawn.
  const note = t('formats');
  const noteLimit = limit === null ? undefined : ` · ${t('limit', { limit: formatBytes(limit) })}`;

  return (
    <Flex vertical gap={12}>
      <UploadDropZone
        note={note}
        noteLimit={noteLimit}
        onFiles={onFiles}
        onReadError={(text) => void message.error(t('readFailed', { message: text }))}
      />
      {queue.tasks.length > 0 && (
        <>
          <div data-testid="material-upload-overall" data-percent={overall.percent}>
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text>
                {t('overall', { done: formatBytes(overall.done), total: formatBytes(overall.total) })}
                {' · '}
                {t('summary', { finished: finishedCount, count: queue.tasks.length })}
                {counts.failed > 0 && (
                  <Typography.Text type="danger">
                    {' '}
                    · {t('failedCount', { count: counts.failed })}
                  </Typography.Text>
                )}
              </Typography.Text>
              <Space>
                <Button size="small" disabled={working === 0} onClick={queue.cancelAll}>
                  {t('cancelAll')}
                </Button>
                <Button size="small" disabled={finishedCount === 0} onClick={queue.clearFinished}>
                  {t('clearFinished')}
                </Button>
              </Space>
            </Flex>
            <Progress
              percent={overall.percent}
              status={counts.failed > 0 && working === 0 ? 'exception' : working > 0 ? 'active' : 'normal'}
            />
          </div>
          <UploadTaskList tasks={queue.tasks} onCancel={queue.cancel} onRetry={queue.retry} />
        </>
      )}
    </Flex>
  );
}

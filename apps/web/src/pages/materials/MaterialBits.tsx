/** Small pieces the grid, the table, the drawer and the review page share: icons, tags, processing. */
import {
  AndroidOutlined,
  AudioOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  Html5Outlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { ConvertProgress, Material, MaterialKind, MaterialReviewState } from '@apm/contract';
import { Progress, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usageTypeOf } from './material-query';

const KIND_ICONS: Record<MaterialKind, typeof FileImageOutlined> = {
  image: FileImageOutlined,
  video: VideoCameraOutlined,
  audio: AudioOutlined,
  document: FilePdfOutlined,
  html: Html5Outlined,
  apk: AndroidOutlined,
};

/** The icon of a material kind (shown when no thumbnail exists). */
export function KindIcon({ kind, style }: { kind: MaterialKind; style?: CSSProperties }) {
  const Icon = KIND_ICONS[kind] ?? FileImageOutlined;
  return <Icon style={style} aria-hidden />;
}

const REVIEW_COLORS: Record<MaterialReviewState, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
};

/** The review state as a coloured tag, the reviewer's note as its tooltip. */
export function ReviewTag({ state, note }: { state: MaterialReviewState; note?: string | null }) {
  const { t } = useTranslation('materials');
  const tag = (
    <Tag color={REVIEW_COLORS[state]} data-testid="material-review-state">
      {t(`reviewStates.${state}`)}
    </Tag>
  );
  return note ? <Tooltip title={note}>{tag}</Tooltip> : tag;
}

/** Props of {@link ProcessState}. */
export interface ProcessStateProps {
  material: Pick<Material, 'processState' | 'processProgress' | 'processError'>;
  /** Fresher progress from polling, when there is some. */
  progress?: ConvertProgress;
}

/** A progress bar while queued or running, the error when processing failed, nothing when done. */
export function ProcessState({ material, progress }: ProcessStateProps) {
  const { t } = useTranslation('materials');
  const state = progress?.processState ?? material.processState;
  const percent = progress?.processProgress ?? material.processProgress;
  const error = progress?.processError ?? material.processError;
  if (state === 'queued' || state === 'running') {
    return (
      <Tooltip title={t(`processStates.${state}`)}>
        <Progress
          percent={percent}
          size="small"
          status="active"
          data-testid="material-progress"
          aria-label={t(`processStates.${state}`)}
        />
      </Tooltip>
    );
  }
  if (state === 'failed') {
    return (
      <Tooltip title={error ?? t('processStates.failed')}>
        <Typography.Text type="danger" ellipsis data-testid="material-process-failed">
          {error ?? t('processStates.failed')}
        </Typography.Text>
      </Tooltip>
    );
  }
  return null;
}

/** The translated name of a usage type (program, plan, message), else the server's type as is. */
export function useUsageTypeName(): (type: string) => string {
  const { t } = useTranslation('materials');
  return (type: string) => {
    const known = usageTypeOf(type);
    return known ? t(`usageTypes.${known}`) : type;
  };
}

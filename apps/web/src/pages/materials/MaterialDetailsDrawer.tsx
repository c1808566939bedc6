import { DownloadOutlined, PictureOutlined } from '@ant-design/icons';
import { formatBytes, MATERIAL_NAME_MAX, type MaterialDetail } from '@apm/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
  List,
  Result,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Authorized } from '../../access/Authorized';
import { useAccess } from '../../access/use-access';
import {
  getMaterialDetail,
  materialFileUrl,
  renameMaterial,
  uploadMaterialThumb,
} from '../../services/material';
import { apiUrl } from '../../services/request';
import { materialErrorText } from './material-errors';
import { formatDuration } from './material-query';
import { KindIcon, ProcessState, ReviewTag, useUsageTypeName } from './MaterialBits';

/** Props of {@link MaterialDetailsDrawer}. */
export interface MaterialDetailsDrawerProps {
  id: number;
  onClose(): void;
}

const time = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '—');
const orDash = (v: string | number | null | undefined) =>
  v === null || v === undefined || v === '' ? '—' : v;

/** Everything about one material: facts, review, where it is used, download, rename, custom thumbnail. */
export function MaterialDetailsDrawer({ id, onClose }: MaterialDetailsDrawerProps) {
  const { t } = useTranslation('materials');
  const { message } = App.useApp();
  const { can } = useAccess();
  const usageTypeName = useUsageTypeName();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: ['material', 'detail', id],
    queryFn: ({ signal }) => getMaterialDetail(id, signal),
  });
  const m = detail.data;
  const fail = (failure: unknown) => void message.error(materialErrorText(failure));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['material'] });

  const rename = async (name: string) => {
    const trimmed = name.trim();
    if (!m || !trimmed || trimmed === m.name) return;
    if (trimmed.length > MATERIAL_NAME_MAX) {
      void message.error(t('errors.nameTooLong', { max: MATERIAL_NAME_MAX }));
      return;
    }
    try {
      await renameMaterial(m.id, trimmed);
      void message.success(t('renamed'));
      await refresh();
    } catch (failure) {
      fail(failure);
    }
  };

  const thumbButton = (
    <Button icon={<PictureOutlined />} data-testid="material-thumb-upload">
      {t('details.customThumb')}
    </Button>
  );

  return (
    <Drawer open size={560} title={t('details.title')} onClose={onClose} data-testid="material-details">
      {!m ? (
        detail.isError ? (
          <Result status="warning" subTitle={materialErrorText(detail.error)} />
        ) : (
          <Skeleton active />
        )
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space align="center">
            {m.thumbUrl ? (
              <img src={apiUrl(m.thumbUrl)} alt="" style={{ width: 96, height: 72, objectFit: 'contain' }} />
            ) : (
              <KindIcon kind={m.kind} style={{ fontSize: 48 }} />
            )}
            <Typography.Title
              level={5}
              style={{ margin: 0 }}
              editable={
                can('res:material:edit')
                  ? { onChange: rename, maxLength: MATERIAL_NAME_MAX, tooltip: t('actions.rename') }
                  : false
              }
              data-testid="material-details-name"
            >
              {m.name}
            </Typography.Title>
          </Space>
          <ProcessState material={m} />
          <Descriptions size="small" column={1} bordered items={facts(m, t)} />
          <Space wrap>
            <Button
              icon={<DownloadOutlined />}
              href={materialFileUrl(m.id, true)}
              data-testid="material-download"
            >
              {t('actions.download')}
            </Button>
            {can('res:material:edit') ? (
              <Upload
                accept="image/png,image/jpeg,image/webp,image/gif"
                showUploadList={false}
                customRequest={({ file, onSuccess, onError }) => {
                  uploadMaterialThumb(m.id, file as File)
                    .then(async () => {
                      onSuccess?.({});
                      void message.success(t('details.thumbSaved'));
                      await refresh();
                    })
                    .catch((failure: unknown) => {
                      onError?.(failure as Error);
                      fail(failure);
                    });
                }}
              >
                {thumbButton}
              </Upload>
            ) : (
              <Authorized permission="res:material:edit">{thumbButton}</Authorized>
            )}
          </Space>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('details.usedBy')}
          </Typography.Title>
          {m.usedBy.length ? (
            <List
              size="small"
              bordered
              dataSource={m.usedBy}
              renderItem={(u) => (
                <List.Item key={`${u.type}-${u.id}`}>
                  {t('details.usage', { type: usageTypeName(u.type), name: u.name })}
                </List.Item>
              )}
              data-testid="material-used-by"
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('details.notUsed')} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

type T = TFunction<'materials'>;

/** The rows of the facts table. */
function facts(m: MaterialDetail, t: T) {
  return [
    { key: 'kind', label: t('fields.kind'), children: t(`kinds.${m.kind}`) },
    {
      key: 'size',
      label: t('fields.size'),
      children: `${formatBytes(m.size)} (${m.size.toLocaleString()} B)`,
    },
    {
      key: 'md5',
      label: t('fields.md5'),
      children: (
        <Typography.Text copyable code data-testid="material-md5">
          {m.md5}
        </Typography.Text>
      ),
    },
    { key: 'mime', label: t('fields.mime'), children: m.mime },
    {
      key: 'dimensions',
      label: t('fields.dimensions'),
      children: m.width && m.height ? `${m.width} × ${m.height}` : '—',
    },
    { key: 'duration', label: t('fields.duration'), children: formatDuration(m.durationMs) || '—' },
    {
      key: 'codecs',
      label: t('fields.codecs'),
      children: [m.videoCodec, m.audioCodec].filter(Boolean).join(' / ') || '—',
    },
    ...(m.pages ? [{ key: 'pages', label: t('fields.pages'), children: m.pages }] : []),
    {
      key: 'folder',
      label: t('fields.folder'),
      children: m.folderPath.length ? m.folderPath.map((f) => f.name).join(' / ') : t('folders.topLevel'),
    },
    { key: 'uploader', label: t('fields.uploader'), children: orDash(m.creatorName) },
    { key: 'office', label: t('fields.office'), children: m.officeName },
    { key: 'createdAt', label: t('fields.createdAt'), children: time(m.createdAt) },
    {
      key: 'review',
      label: t('fields.reviewState'),
      children: (
        <Space direction="vertical" size={2}>
          <ReviewTag state={m.reviewState} />
          {m.reviewNote ? <Typography.Text>{m.reviewNote}</Typography.Text> : null}
          {m.reviewedAt ? (
            <Typography.Text type="secondary">
              {t('details.reviewedBy', { name: m.reviewerName ?? '—', time: time(m.reviewedAt) })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
  ];
}

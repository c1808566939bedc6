import { DownloadOutlined } from '@ant-design/icons';
import { formatBytes, type MaterialDetail } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Empty, Flex, Modal, Pagination, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getMaterialDetail, materialFileUrl } from '../../services/material';
import { apiUrl } from '../../services/request';
import { materialErrorText } from './material-errors';
import { KindIcon } from './MaterialBits';

/** Props of {@link MaterialPreviewModal}. */
export interface MaterialPreviewModalProps {
  id: number;
  onClose(): void;
}

const MEDIA_STYLE = { maxWidth: '100%', maxHeight: '65vh', display: 'block', margin: '0 auto' } as const;

/** The rendered pages of a PDF (or converted document), one at a time with a pager. */
function DocumentPages({ material }: { material: MaterialDetail }) {
  const { t } = useTranslation('materials');
  const [page, setPage] = useState(1);
  if (!material.pageUrls.length) {
    return <Empty description={t('preview.noPages')} data-testid="material-preview-nopages" />;
  }
  return (
    <Flex vertical gap={8} align="center">
      <img
        src={apiUrl(material.pageUrls[page - 1]!)}
        alt={t('preview.page', { page })}
        style={MEDIA_STYLE}
        data-testid="material-preview-page"
      />
      <Pagination
        simple
        current={page}
        pageSize={1}
        total={material.pageUrls.length}
        onChange={setPage}
        data-testid="material-preview-pager"
      />
    </Flex>
  );
}

/** What the preview shows for each kind: the image, a player, the PDF pages, or just the facts. */
function PreviewBody({ material }: { material: MaterialDetail }) {
  const { t } = useTranslation('materials');
  const original = materialFileUrl(material.id);
  switch (material.kind) {
    case 'image':
      return (
        <img src={original} alt={material.name} style={MEDIA_STYLE} data-testid="material-preview-image" />
      );
    case 'video':
      return (
        <video
          controls
          preload="metadata"
          src={material.convertedUrl ? apiUrl(material.convertedUrl) : original}
          poster={material.posterUrl ? apiUrl(material.posterUrl) : undefined}
          style={MEDIA_STYLE}
          data-testid="material-preview-video"
        />
      );
    case 'audio':
      return (
        <audio
          controls
          preload="metadata"
          src={material.convertedUrl ? apiUrl(material.convertedUrl) : original}
          style={{ width: '100%' }}
          data-testid="material-preview-audio"
        />
      );
    case 'document':
      return <DocumentPages material={material} />;
    default:
      return (
        <Flex vertical align="center" gap={12} data-testid="material-preview-info">
          <KindIcon kind={material.kind} style={{ fontSize: 64, color: 'rgba(0,0,0,0.35)' }} />
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'kind', label: t('fields.kind'), children: t(`kinds.${material.kind}`) },
              { key: 'size', label: t('fields.size'), children: formatBytes(material.size) },
              { key: 'mime', label: t('fields.mime'), children: material.mime },
            ]}
          />
          <span>{t('preview.infoOnly')}</span>
        </Flex>
      );
  }
}

/** Previews one material in a dialog (Esc closes it); the footer offers the download. */
export function MaterialPreviewModal({ id, onClose }: MaterialPreviewModalProps) {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const detail = useQuery({
    queryKey: ['material', 'detail', id],
    queryFn: ({ signal }) => getMaterialDetail(id, signal),
  });
  const material = detail.data;
  return (
    <Modal
      open
      width={880}
      title={material?.name ?? t('actions.preview')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="material-preview"
      footer={[
        <Button key="download" icon={<DownloadOutlined />} href={materialFileUrl(id, true)}>
          {t('actions.download')}
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="material-preview-close">
          {tc('common.close')}
        </Button>,
      ]}
    >
      <div data-testid="material-preview-body">
        {material ? (
          <PreviewBody material={material} />
        ) : detail.isError ? (
          <Result status="warning" subTitle={materialErrorText(detail.error)} />
        ) : (
          <Skeleton active />
        )}
      </div>
    </Modal>
  );
}

import { formatBytes, MATERIAL_KIND_VALUES, type Material, type MaterialKind } from '@apm/contract';
import { Select } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import OfficeTreeSelect from '../../components/admin/OfficeTreeSelect';
import { ReviewLayout, reviewTestIds } from '../../components/review/ReviewLayout';
import { approveMaterials, listMaterialReviews, rejectMaterials } from '../../services/material-review';
import { apiUrl } from '../../services/request';
import { KindIcon, ReviewTag } from '../materials/MaterialBits';
import { MaterialPreviewModal } from '../materials/MaterialPreviewModal';

/** `review/material`: materials waiting for review, previewed, approved or rejected with a note. */
export default function MaterialReviewPage() {
  const { t } = useTranslation('materialReview');
  const { t: tm } = useTranslation('materials');
  const access = useAccess();
  // The server lets reviewers read what they judge (details, thumbnails, bytes).
  const canPreview = access.can('review:material:view') || access.can('res:material:view');
  const [kind, setKind] = useState<MaterialKind | undefined>(undefined);
  const [officeId, setOfficeId] = useState<number | undefined>(undefined);
  const [previewId, setPreviewId] = useState<number | null>(null);
  return (
    <ReviewLayout<Material, { kind?: MaterialKind; officeId?: number }>
      namespace="materialReview"
      kind="material"
      permission="review:material:review"
      testIds={reviewTestIds('review', {
        state: 'review-filter-state',
        table: 'review-table',
        name: 'review-preview',
        preview: 'review-preview-button',
      })}
      queue={{
        domain: 'material',
        filters: { kind, officeId },
        fetch: listMaterialReviews,
        approve: approveMaterials,
        reject: rejectMaterials,
      }}
      filters={
        <>
          <Select<MaterialKind>
            allowClear
            style={{ width: 140 }}
            placeholder={tm('filters.kind')}
            aria-label={tm('filters.kind')}
            value={kind}
            onChange={(k) => setKind(k ?? undefined)}
            options={MATERIAL_KIND_VALUES.map((k) => ({ value: k, label: tm(`kinds.${k}`) }))}
            data-testid="review-filter-kind"
          />
          <OfficeTreeSelect
            allowClear
            aria-label={tm('fields.office')}
            placeholder={t('anyOffice')}
            value={officeId}
            onChange={setOfficeId}
            style={{ minWidth: 200 }}
          />
        </>
      }
      canPreview={canPreview}
      scrollX={1280}
      nameWidth={260}
      stateWidth={120}
      leading={[
        {
          key: 'thumb',
          width: 64,
          render: (_, m) =>
            m.thumbUrl && canPreview ? (
              <img src={apiUrl(m.thumbUrl)} alt="" style={{ width: 48, height: 36, objectFit: 'cover' }} />
            ) : (
              <KindIcon kind={m.kind} style={{ fontSize: 24 }} />
            ),
        },
      ]}
      columns={[
        { key: 'kind', title: tm('fields.kind'), width: 110, render: (_, m) => tm(`kinds.${m.kind}`) },
        { key: 'size', title: tm('fields.size'), width: 100, render: (_, m) => formatBytes(m.size) },
        {
          key: 'uploader',
          title: tm('fields.uploader'),
          width: 120,
          render: (_, m) => m.creatorName ?? '—',
        },
        { key: 'office', title: tm('fields.office'), width: 140, ellipsis: true, dataIndex: 'officeName' },
        {
          key: 'createdAt',
          title: tm('fields.createdAt'),
          width: 150,
          render: (_, m) => dayjs(m.createdAt).format('YYYY-MM-DD HH:mm'),
        },
      ]}
      renderState={(m) => <ReviewTag state={m.reviewState} note={m.reviewNote} />}
      onPreview={(m) => setPreviewId(m.id)}
      preview={
        previewId !== null ? <MaterialPreviewModal id={previewId} onClose={() => setPreviewId(null)} /> : null
      }
    />
  );
}

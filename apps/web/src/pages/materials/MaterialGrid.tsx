import { EyeOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { formatBytes, type ConvertProgress, type Material } from '@apm/contract';
import { Button, Card, Checkbox, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../services/request';
import { dragIds, formatDuration, MATERIAL_DRAG_TYPE } from './material-query';
import { KindIcon, ProcessState, ReviewTag } from './MaterialBits';

/** Props of {@link MaterialGrid}. */
export interface MaterialGridProps {
  materials: readonly Material[];
  /** How many materials match, over all pages. */
  total: number;
  progress: Map<number, ConvertProgress>;
  selected: ReadonlySet<number>;
  onToggle(id: number, on: boolean): void;
  onToggleAll(on: boolean): void;
  onPreview(material: Material): void;
  onDetails(material: Material): void;
  /** Whether cards can be dragged onto folders (the user may move materials). */
  draggable?: boolean;
}

const THUMB_HEIGHT = 120;

/** Cards of the materials: thumbnail (or the kind's icon), name, size, duration, progress, review state. */
export function MaterialGrid(props: MaterialGridProps) {
  const { t } = useTranslation('materials');
  const { t: tc } = useTranslation();
  const { materials, selected } = props;
  const allOn = materials.length > 0 && materials.every((m) => selected.has(m.id));
  const someOn = materials.some((m) => selected.has(m.id));
  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center">
        <Checkbox
          checked={allOn}
          indeterminate={someOn && !allOn}
          onChange={(e) => props.onToggleAll(e.target.checked)}
          data-testid="material-select-all"
        >
          {t('bulk.selectPage')}
        </Checkbox>
        <Typography.Text type="secondary" data-testid="material-total">
          {tc('common.total', { total: props.total })}
        </Typography.Text>
      </Flex>
      <div
        style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}
        data-testid="material-grid"
      >
        {materials.map((m) => {
          const checked = selected.has(m.id);
          return (
            <Card
              key={m.id}
              size="small"
              hoverable
              data-testid="material-card"
              data-material-id={m.id}
              draggable={props.draggable}
              onDragStart={(event) => {
                event.dataTransfer.setData(MATERIAL_DRAG_TYPE, JSON.stringify(dragIds(selected, m.id)));
                event.dataTransfer.effectAllowed = 'move';
              }}
              style={checked ? { borderColor: 'var(--ant-color-primary, #1677ff)' } : undefined}
              cover={
                <div
                  role="button"
                  tabIndex={0}
                  aria-label={t('actions.preview')}
                  onClick={() => props.onPreview(m)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') props.onPreview(m);
                  }}
                  style={{
                    height: THUMB_HEIGHT,
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'center',
                    background: 'rgba(0,0,0,0.03)',
                    overflow: 'hidden',
                    cursor: 'pointer',
                  }}
                >
                  {m.thumbUrl ? (
                    <img
                      src={apiUrl(m.thumbUrl)}
                      alt={m.name}
                      loading="lazy"
                      style={{ maxWidth: '100%', maxHeight: THUMB_HEIGHT, objectFit: 'contain' }}
                    />
                  ) : (
                    <KindIcon kind={m.kind} style={{ fontSize: 48, color: 'rgba(0,0,0,0.35)' }} />
                  )}
                </div>
              }
              actions={[
                <Tooltip key="preview" title={t('actions.preview')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EyeOutlined />}
                    aria-label={t('actions.preview')}
                    onClick={() => props.onPreview(m)}
                    data-testid="material-preview-open"
                  />
                </Tooltip>,
                <Tooltip key="details" title={t('actions.details')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<InfoCircleOutlined />}
                    aria-label={t('actions.details')}
                    onClick={() => props.onDetails(m)}
                    data-testid="material-details-open"
                  />
                </Tooltip>,
              ]}
            >
              <Flex vertical gap={4}>
                <Flex gap={6} align="center">
                  <Checkbox
                    checked={checked}
                    onChange={(e) => props.onToggle(m.id, e.target.checked)}
                    aria-label={t('bulk.selectOne', { name: m.name })}
                    data-testid="material-select"
                  />
                  <Typography.Text ellipsis={{ tooltip: m.name }} strong data-testid="material-name">
                    {m.name}
                  </Typography.Text>
                </Flex>
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 12 }}
                  ellipsis
                  data-testid="material-meta"
                >
                  {formatBytes(m.size)}
                  {m.durationMs ? ` · ${formatDuration(m.durationMs)}` : ''}
                  {m.width && m.height ? ` · ${m.width}×${m.height}` : ''}
                </Typography.Text>
                <div>
                  <ReviewTag state={m.reviewState} note={m.reviewNote} />
                </div>
                <ProcessState material={m} progress={props.progress.get(m.id)} />
              </Flex>
            </Card>
          );
        })}
      </div>
    </Flex>
  );
}

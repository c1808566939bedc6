import { CheckCircleFilled } from '@ant-design/icons';
import type { ConvertProgress, Material } from '@apm/contract';
import { Card, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../services/request';
import { formatDuration } from '../../materials/material-query';
import { KindIcon, ProcessState } from '../../materials/MaterialBits';

/** Whether a material can go into a program: its processing is done (fresher polled state first). */
export function isPickable(material: Material, progress?: ConvertProgress): boolean {
  return (progress?.processState ?? material.processState) === 'done';
}

/** Props of {@link MaterialPickGrid}. */
export interface MaterialPickGridProps {
  materials: readonly Material[];
  progress: Map<number, ConvertProgress>;
  selected: ReadonlySet<number>;
  /** Whether several can be chosen (else choosing one replaces the choice). */
  multiple: boolean;
  onToggle(material: Material): void;
}

const THUMB_HEIGHT = 96;

/** Cards to pick from: thumbnail, name, size facts; those still processing (or failed) cannot be picked. */
export function MaterialPickGrid({
  materials,
  progress,
  selected,
  multiple,
  onToggle,
}: MaterialPickGridProps) {
  const { t } = useTranslation('editorPanels');
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 10 }}
      role="listbox"
      aria-multiselectable={multiple}
      aria-label={t('drawer.listLabel')}
      data-testid="material-pick-grid"
    >
      {materials.map((m) => {
        const pickable = isPickable(m, progress.get(m.id));
        const checked = selected.has(m.id);
        const toggle = () => {
          if (pickable) onToggle(m);
        };
        const card = (
          <Card
            key={m.id}
            size="small"
            hoverable={pickable}
            role="option"
            aria-selected={checked}
            aria-disabled={!pickable}
            tabIndex={pickable ? 0 : -1}
            onClick={toggle}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                toggle();
              }
            }}
            data-testid="material-pick-card"
            data-material-id={m.id}
            style={{
              cursor: pickable ? 'pointer' : 'not-allowed',
              opacity: pickable ? 1 : 0.6,
              borderColor: checked ? 'var(--ant-color-primary, #1677ff)' : undefined,
              boxShadow: checked ? '0 0 0 1px var(--ant-color-primary, #1677ff)' : undefined,
            }}
            cover={
              <div
                style={{
                  position: 'relative',
                  height: THUMB_HEIGHT,
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  background: 'rgba(128,128,128,0.08)',
                  overflow: 'hidden',
                }}
              >
                {m.thumbUrl ? (
                  <img
                    src={apiUrl(m.thumbUrl)}
                    alt=""
                    loading="lazy"
                    style={{ maxWidth: '100%', maxHeight: THUMB_HEIGHT, objectFit: 'contain' }}
                  />
                ) : (
                  <KindIcon kind={m.kind} style={{ fontSize: 40, opacity: 0.45 }} />
                )}
                {checked ? (
                  <CheckCircleFilled
                    aria-hidden
                    style={{
                      position: 'absolute',
                      top: 6,
                      right: 6,
                      fontSize: 20,
                      color: 'var(--ant-color-primary, #1677ff)',
                    }}
                  />
                ) : null}
              </div>
            }
          >
            <Flex vertical gap={2}>
              <Typography.Text ellipsis={{ tooltip: m.name }} strong>
                {m.name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                {m.width && m.height ? `${m.width}×${m.height}` : ''}
                {m.width && m.height && m.durationMs ? ' · ' : ''}
                {m.durationMs ? formatDuration(m.durationMs) : ''}
              </Typography.Text>
              <ProcessState material={m} progress={progress.get(m.id)} />
            </Flex>
          </Card>
        );
        return pickable ? (
          card
        ) : (
          <Tooltip key={m.id} title={t('drawer.notReady')}>
            {card}
          </Tooltip>
        );
      })}
    </div>
  );
}

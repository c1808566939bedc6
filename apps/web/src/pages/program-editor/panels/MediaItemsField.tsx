import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Material, MaterialKind } from '@apm/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Form, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/IconButton';
import { materialDetailQuery, materialVariantUrl } from '../../../services/material';
import { KindIcon } from '../../materials/MaterialBits';
import { MaterialDrawer, type PickKind } from './MaterialDrawer';
import { appendItems, MAX_MEDIA_ITEMS, moveItem, removeItem } from './panel-values';

/** A material as a list row shows it: its thumbnail (when the kind has one) and its name. */
export function MaterialThumb({ id, kind, size = 40 }: { id: number; kind: MaterialKind; size?: number }) {
  const { t } = useTranslation('editorPanels');
  const [broken, setBroken] = useState(false);
  // The document holds ids only: the name comes from the material's details.
  const detail = useQuery({ ...materialDetailQuery(id), select: (d) => d.name, retry: false });
  const name = detail.data ?? (detail.isError ? t('media.missing', { id }) : `#${id}`);
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0, flex: 1 }}>
      <div
        style={{
          width: size,
          height: size,
          flex: `0 0 ${size}px`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'rgba(128,128,128,0.12)',
          borderRadius: 4,
          overflow: 'hidden',
        }}
      >
        {kind !== 'audio' && !broken ? (
          <img
            src={materialVariantUrl(id, 'thumb')}
            alt=""
            loading="lazy"
            onError={() => setBroken(true)}
            style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        ) : (
          <KindIcon kind={kind} style={{ fontSize: size / 2, opacity: 0.5 }} />
        )}
      </div>
      <Typography.Text ellipsis={{ tooltip: name }} type={detail.isError ? 'danger' : undefined}>
        {name}
      </Typography.Text>
    </Flex>
  );
}

/** Props of {@link MediaItemsField}. */
export interface MediaItemsFieldProps<T extends { materialId: number }> {
  kind: PickKind;
  items: readonly T[];
  /** A new item for a picked material. */
  make(materialId: number): T;
  onChange(items: T[]): void;
  /** Settings of one item under its row (an image's duration and transition). */
  renderItem?: (item: T, index: number) => ReactNode;
  testId: string;
}

/** The materials a widget plays, in order: add from the library, move up or down, remove. */
export function MediaItemsField<T extends { materialId: number }>(props: MediaItemsFieldProps<T>) {
  const { kind, items, make, onChange, renderItem, testId } = props;
  const { t } = useTranslation('editorPanels');
  const [picking, setPicking] = useState(false);
  const full = items.length >= MAX_MEDIA_ITEMS;

  const picked = (materials: Material[]) => {
    setPicking(false);
    onChange(
      appendItems(
        items,
        materials.map((m) => m.id),
        make,
      ),
    );
  };

  return (
    <Form.Item label={t('media.items', { n: items.length })}>
      <Flex vertical gap={8} data-testid={testId}>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`media.empty.${kind}`)} />
        ) : (
          <ol
            style={{
              listStyle: 'none',
              margin: 0,
              padding: 0,
              display: 'flex',
              flexDirection: 'column',
              gap: 8,
            }}
          >
            {items.map((item, index) => (
              <li
                key={`${item.materialId}-${index}`}
                data-testid={`${testId}-item`}
                style={{ border: '1px solid rgba(128,128,128,0.25)', borderRadius: 6, padding: 8 }}
              >
                <Flex gap={4} align="center">
                  <MaterialThumb id={item.materialId} kind={kind} />
                  <IconButton
                    size="small"
                    title={t('media.moveUp')}
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => onChange(moveItem(items, index, index - 1))}
                  />
                  <IconButton
                    size="small"
                    title={t('media.moveDown')}
                    icon={<ArrowDownOutlined />}
                    disabled={index === items.length - 1}
                    onClick={() => onChange(moveItem(items, index, index + 1))}
                  />
                  <Tooltip title={t('media.remove')}>
                    <Button
                      size="small"
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('media.remove')}
                      onClick={() => onChange(removeItem(items, index))}
                      data-testid={`${testId}-remove`}
                    />
                  </Tooltip>
                </Flex>
                {renderItem ? <div style={{ marginTop: 8 }}>{renderItem(item, index)}</div> : null}
              </li>
            ))}
          </ol>
        )}
        <Tooltip title={full ? t('media.full', { max: MAX_MEDIA_ITEMS }) : undefined}>
          <Button
            icon={<PlusOutlined />}
            block
            disabled={full}
            onClick={() => setPicking(true)}
            data-testid={`${testId}-add`}
          >
            {t('media.add')}
          </Button>
        </Tooltip>
      </Flex>
      <MaterialDrawer open={picking} kind={kind} multiple onPick={picked} onClose={() => setPicking(false)} />
    </Form.Item>
  );
}

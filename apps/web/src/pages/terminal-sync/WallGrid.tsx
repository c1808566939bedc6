import { theme, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Props of {@link WallGrid}. */
export interface WallGridProps {
  columns: number;
  rows: number;
  /** The program's canvas in pixels (null: unknown, drawn 16:9). */
  canvas: { width: number; height: number } | null;
  /** What a tile holds (a member's name, or a chooser). */
  renderTile(column: number, row: number): ReactNode;
  testId?: string;
}

/**
 * A preview of a wall: the program's canvas at its aspect ratio, split into `columns` × `rows`
 * tiles, each with its size in pixels and what `renderTile` puts there.
 */
export function WallGrid({ columns, rows, canvas, renderTile, testId }: WallGridProps) {
  const { t } = useTranslation('terminalSync');
  const { token } = theme.useToken();
  const width = canvas?.width ?? 1920;
  const height = canvas?.height ?? 1080;
  const tile = { width: Math.round(width / columns), height: Math.round(height / rows) };
  return (
    <div
      data-testid={testId}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`,
        aspectRatio: `${width} / ${height}`,
        minHeight: 60 * rows,
        width: '100%',
        maxWidth: Math.max(480, 150 * columns),
        gap: 2,
        background: token.colorBorder,
        border: `2px solid ${token.colorBorder}`,
        borderRadius: token.borderRadius,
      }}
    >
      {Array.from({ length: rows }, (_, row) =>
        Array.from({ length: columns }, (_, column) => (
          <div
            key={`${column},${row}`}
            style={{
              background: token.colorBgContainer,
              padding: 4,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'center',
              gap: 2,
              minWidth: 0,
            }}
          >
            {renderTile(column, row)}
            <Typography.Text type="secondary" style={{ fontSize: 11 }} ellipsis>
              {t('tileLabel', { column: column + 1, row: row + 1 })} · {tile.width} × {tile.height} px
            </Typography.Text>
          </div>
        )),
      )}
    </div>
  );
}

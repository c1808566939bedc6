/**
 * Cells of the console's tables that fit a column of fixed width: text cut with an ellipsis shows
 * whole in a tooltip, tags wrap and are cut the same way, action links wrap onto several lines.
 */
import { Flex, Space, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';

/** Props of {@link CellText}. */
export interface CellTextProps {
  text: string | null | undefined;
  /** Small grey text (a second line under the main one). */
  secondary?: boolean;
  testId?: string;
}

/** Text on one line, cut with an ellipsis when wider than its column, whole in a tooltip then; a dash when empty. */
export function CellText({ text, secondary, testId }: CellTextProps) {
  // Whether the text is cut is measured when the pointer arrives, not kept from an earlier layout:
  // a table that re-lays its columns after the text was measured still shows the tooltip.
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut && text ? text : undefined}>
      <Typography.Text
        ellipsis={Boolean(text)}
        type={secondary ? 'secondary' : undefined}
        style={{ display: 'block', fontSize: secondary ? 12 : undefined }}
        data-testid={testId}
        onMouseEnter={(event) =>
          setCut(event.currentTarget.scrollWidth > event.currentTarget.clientWidth + 1)
        }
      >
        {text || '—'}
      </Typography.Text>
    </Tooltip>
  );
}

/** Props of {@link TagList}. */
export interface TagListProps {
  /** The tags' texts, each with its key. */
  items: readonly { key: string | number; label: string }[];
  /** Tags shown; the others are counted in a last "+n" tag that lists them in its tooltip. */
  max?: number;
}

/** Tags that wrap within their column, each cut with an ellipsis (whole in its tooltip). */
export function TagList({ items, max = items.length }: TagListProps) {
  if (!items.length) return <>—</>;
  const shown = items.slice(0, max);
  const rest = items.slice(max);
  return (
    <Flex wrap gap={4}>
      {shown.map((item) => (
        <Tag key={item.key} style={{ marginInlineEnd: 0, maxWidth: '100%' }}>
          <Typography.Text
            ellipsis={{ tooltip: item.label }}
            style={{
              color: 'inherit',
              fontSize: 'inherit',
              maxWidth: '100%',
              display: 'inline-block',
              verticalAlign: 'bottom',
            }}
          >
            {item.label}
          </Typography.Text>
        </Tag>
      ))}
      {rest.length ? (
        <Tooltip title={rest.map((r) => r.label).join(', ')}>
          <Tag style={{ marginInlineEnd: 0 }} tabIndex={0}>
            +{rest.length}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

/** The action links of a row: they wrap, and a label longer than the column wraps too. */
export function TableActions({ children }: { children: ReactNode }) {
  return (
    <Space size={0} wrap className="apm-table-actions">
      {children}
    </Space>
  );
}

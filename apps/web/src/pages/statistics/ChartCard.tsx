import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Skeleton, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../components/charts/EChart';

/** Props of {@link ChartCard}. */
export interface ChartCardProps {
  title: string;
  loading: boolean;
  /** Nothing to draw: the empty state instead of an empty chart. */
  empty: boolean;
  option: object;
  /** The same figures as a table (the accessible alternative, and for copying). */
  table: ReactNode;
  height?: number;
  extra?: ReactNode;
  testId?: string;
}

/**
 * A chart in a card with its loading and empty states and a button that shows the same figures as
 * a table instead (screen readers and keyboard users get the table; the chart has an aria label).
 */
export function ChartCard({
  title,
  loading,
  empty,
  option,
  table,
  height = 280,
  extra,
  testId,
}: ChartCardProps) {
  const { t } = useTranslation('statistics');
  const [asTable, setAsTable] = useState(false);
  const label = asTable ? t('showChart') : t('showTable');
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      extra={
        <>
          {extra}
          <Tooltip title={label}>
            <Button
              type="text"
              size="small"
              aria-label={label}
              aria-pressed={asTable}
              icon={asTable ? <BarChartOutlined /> : <TableOutlined />}
              onClick={() => setAsTable((v) => !v)}
            />
          </Tooltip>
        </>
      }
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 5 }} />
      ) : empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      ) : asTable ? (
        table
      ) : (
        <EChart option={option} height={height} ariaLabel={title} />
      )}
    </Card>
  );
}

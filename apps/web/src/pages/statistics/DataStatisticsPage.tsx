import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PlayParams } from '../../services/statistics';
import { OnlineMapPanel } from './OnlineMapPanel';
import { OnlinePanel } from './OnlinePanel';
import { PlaysOverview } from './PlaysOverview';
import { PlayTopTable } from './PlayTopTable';
import { ReconcilePanel } from './ReconcilePanel';
import { StatsFilterBar } from './StatsFilterBar';
import { useStatsFilters } from './use-stats-filters';

/**
 * `stats/data`: proof of play and fleet figures of the caller's range — KPIs, plays over time, the
 * weekday × hour heat map, top programs / materials / terminals / institutions (server-side sort and
 * paging, CSV / XLSX export), online rate over time, by institution and on a map of the terminals'
 * positions, and scheduled-vs-played reconciliation of a plan or program with its PDF report.
 */
export default function DataStatisticsPage() {
  const { t } = useTranslation('statistics');
  const { filters, setFilters, params } = useStatsFilters();
  const playParams: PlayParams & { granularity: typeof filters.granularity } = {
    ...params,
    subject: filters.subject,
    ...(filters.programId !== undefined ? { programId: filters.programId } : {}),
    ...(filters.materialId !== undefined ? { materialId: filters.materialId } : {}),
  };
  return (
    <Card title={t('dataTitle')} data-testid="stats-data-page">
      <StatsFilterBar value={filters} onChange={setFilters} playFilters />
      <PlaysOverview params={playParams} />
      <PlayTopTable key={JSON.stringify(playParams)} params={playParams} />
      <OnlinePanel params={params} />
      <OnlineMapPanel params={params} />
      <ReconcilePanel period={filters.period} officeId={filters.officeId} timeZone={params.timeZone} />
    </Card>
  );
}

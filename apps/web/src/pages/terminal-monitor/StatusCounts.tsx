import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { getTerminalStatusCount, type TerminalStatusFilter } from '../../services/terminal';
import { LIVE_REFRESH_SECONDS } from './terminal-logic';
import type { TreeSelection } from './TerminalTreePanel';
import { TERMINAL_KEY } from './use-terminal-office-tree';

/** Props of {@link StatusCounts}. */
export interface StatusCountsProps {
  selection: TreeSelection;
  /** The status filter in force; its card is highlighted. */
  status?: TerminalStatusFilter;
  /** Clicking a card filters the list by that status (total: no status filter). */
  onStatus(status: TerminalStatusFilter | undefined): void;
}

const CARDS = ['total', 'online', 'offline', 'pending'] as const;
const COLORS: Record<(typeof CARDS)[number], string | undefined> = {
  total: undefined,
  online: '#52c41a',
  offline: '#8c8c8c',
  pending: '#faad14',
};

/** Terminal counts of the selected institution or group (terminalStatusCount), refreshed with the live status. */
export function StatusCounts({ selection, status, onStatus }: StatusCountsProps) {
  const { t } = useTranslation('terminalMonitor');
  const counts = useQuery({
    queryKey: [...TERMINAL_KEY, 'counts', selection],
    queryFn: ({ signal }) => getTerminalStatusCount(selection, signal),
    refetchInterval: LIVE_REFRESH_SECONDS * 1000,
  });
  return (
    <Row gutter={[12, 12]}>
      {CARDS.map((key) => {
        const active = key === 'total' ? status === undefined : status === key;
        return (
          <Col key={key} xs={12} md={6}>
            <Card
              size="small"
              hoverable
              onClick={() => onStatus(key === 'total' ? undefined : key)}
              style={active ? { borderColor: 'var(--ant-color-primary, #1677ff)' } : undefined}
              data-testid={`terminal-count-${key}`}
            >
              <Statistic
                title={t(`counts.${key}`)}
                value={counts.data?.[key] ?? '—'}
                loading={counts.isLoading}
                styles={{ content: { color: COLORS[key] } }}
              />
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

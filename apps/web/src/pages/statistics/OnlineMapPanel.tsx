import { EnvironmentOutlined, TableOutlined } from '@ant-design/icons';
import type { OnlineMap, OnlineMapPoint } from '@apm/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Empty, Flex, Row, Skeleton, Table, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccess } from '../../access/use-access';
import { getOnlineMap, statisticsKeys, type StatsPeriodParams } from '../../services/statistics';
import { getMapTiles } from '../../services/terminal-map';
import { hours, percent } from './chart-options';
import { BAND_MIN, bandColour, bandOf, bandOfState, RATE_BANDS, toMapPoints } from './online-map';
import { failureText } from './stats-format';

// Leaflet loads with the map, not with the statistics page.
const MapView = lazy(() => import('../terminal-map/MapView').then((m) => ({ default: m.MapView })));

const mapSkeleton = <Skeleton active paragraph={{ rows: 10 }} />;
const noPlacing = async () => false;

/** The legend of the bands: a dot of each colour with its range of rates. */
function RateLegend({ locale }: { locale: string }) {
  const { t } = useTranslation('statistics');
  return (
    <Flex vertical gap={4} data-testid="stats-online-map-legend">
      <Typography.Text strong>{t('columns.onlineRate')}</Typography.Text>
      {RATE_BANDS.map((band, i) => (
        <span key={band}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 10,
              height: 10,
              borderRadius: '50%',
              background: bandColour(band),
              marginInlineEnd: 8,
            }}
          />
          {t(`map.bands.${band}`, {
            min: percent(BAND_MIN[band], locale),
            // The band ends where the better one starts.
            max: percent(i > 0 ? BAND_MIN[RATE_BANDS[i - 1]!] : 1, locale),
          })}
        </span>
      ))}
    </Flex>
  );
}

/**
 * The online rate of each positioned terminal of the filters' scope over the period, on the terminal
 * map (markers and clusters coloured by band, the worst band inside a cluster) with a legend, or as
 * a table (the accessible alternative); an empty state when no terminal has a position.
 */
export function OnlineMapPanel({ params }: { params: StatsPeriodParams }) {
  const { t, i18n } = useTranslation('statistics');
  const locale = i18n.language;
  const { can } = useAccess();
  const navigate = useNavigate();
  const [asTable, setAsTable] = useState(false);
  const tiles = useQuery({ queryKey: ['terminalMap', 'tiles'], queryFn: getMapTiles, staleTime: Infinity });
  const map = useQuery({
    queryKey: statisticsKeys.of('onlineMap', params),
    queryFn: ({ signal }) => getOnlineMap(params, signal),
    placeholderData: keepPreviousData,
  });
  const data: OnlineMap | undefined = map.data;
  const points = useMemo(
    () => toMapPoints(data?.points ?? [], (rate) => percent(rate, locale)),
    [data, locale],
  );
  const toggle = asTable ? t('map.showMap') : t('showTable');
  const table = (
    <Table<OnlineMapPoint>
      size="small"
      rowKey="terminalId"
      data-testid="stats-online-map-table"
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      dataSource={data?.points ?? []}
      columns={[
        { key: 'name', title: t('columns.terminal'), dataIndex: 'name', ellipsis: true },
        { key: 'office', title: t('columns.office'), dataIndex: 'officeName', ellipsis: true },
        {
          key: 'rate',
          title: t('columns.onlineRate'),
          align: 'right',
          render: (_, r) =>
            `${percent(r.onlineRate, locale)} (${t(`map.bandNames.${bandOf(r.onlineRate)}`)})`,
        },
        {
          key: 'hours',
          title: t('columns.hoursOnline'),
          align: 'right',
          render: (_, r) => hours(r.onlineSeconds, locale),
        },
        {
          key: 'now',
          title: t('columns.onlineNow'),
          render: (_, r) => (r.online ? t('widgets.yes') : t('widgets.no')),
        },
        {
          key: 'position',
          title: t('columns.position'),
          render: (_, r) => `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`,
        },
      ]}
    />
  );
  const body = () => {
    if (map.isLoading || !data) return mapSkeleton;
    if (!data.positioned)
      return (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          data-testid="stats-online-map-empty"
          description={t('map.empty', { count: data.unpositioned })}
        />
      );
    if (asTable) return table;
    return (
      <Row gutter={16}>
        <Col xs={24} lg={19}>
          {tiles.data ? (
            <Suspense fallback={mapSkeleton}>
              {/* A new scope frames the map again; a new period keeps where the user put it. */}
              <MapView
                key={`${params.officeId ?? ''}:${params.terminalId ?? ''}`}
                tiles={tiles.data}
                points={points}
                canEdit={false}
                placing={null}
                flyTo={null}
                onPut={noPlacing}
                onInfo={can('terminal:info:view') ? (id) => navigate(`/terminal/info?id=${id}`) : undefined}
                labels={{
                  state: (state) => t(`map.bandNames.${bandOfState(state)}`),
                  stateTitle: t('columns.onlineRate'),
                  // No details link here (onDetails is left out).
                  details: '',
                  info: t('map.info'),
                }}
              />
            </Suspense>
          ) : (
            mapSkeleton
          )}
        </Col>
        <Col xs={24} lg={5}>
          <RateLegend locale={locale} />
        </Col>
      </Row>
    );
  };
  return (
    <Card
      size="small"
      title={t('map.title')}
      style={{ marginBottom: 12 }}
      data-testid="stats-online-map"
      extra={
        <Tooltip title={toggle}>
          <Button
            type="text"
            size="small"
            aria-label={toggle}
            aria-pressed={asTable}
            icon={asTable ? <EnvironmentOutlined /> : <TableOutlined />}
            onClick={() => setAsTable((v) => !v)}
          />
        </Tooltip>
      }
    >
      {map.isError ? (
        <Alert type="error" showIcon title={t('loadFailed', { reason: failureText(map.error) })} />
      ) : (
        <>
          {data && data.positioned > 0 ? (
            <Typography.Paragraph type="secondary" data-testid="stats-online-map-count">
              {t('map.shown', {
                shown: data.points.length,
                positioned: data.positioned,
                count: data.unpositioned,
              })}
            </Typography.Paragraph>
          ) : null}
          {body()}
        </>
      )}
    </Card>
  );
}

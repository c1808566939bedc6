import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../access/use-access';
import {
  getMapPoints,
  getMapTiles,
  setMapPosition,
  type MapFilters as Filters,
  type MapSuggestion,
} from '../../services/terminal-map';
import { TerminalDetailsDrawer } from '../terminal-monitor/TerminalDetailsDrawer';
import { TERMINAL_KEY } from '../terminal-monitor/use-terminal-office-tree';
import { AddressSearch } from './AddressSearch';
import { MapFilters, MapLegend } from './MapFilters';
import { MapView, type MapTerminal } from './MapView';
import { UnpositionedList } from './UnpositionedList';

const MAP_KEY = ['terminalMap'] as const;
/** The permission that moves terminals (the same as the set-location command's). */
export const MAP_EDIT_PERMISSION = 'terminal:settings:edit';
/** Any of these reads a terminal's details (the terminal monitor's drawer). */
const DETAIL_READERS = [
  'terminal:monitor:view',
  'terminal:info:view',
  'terminal:settings:view',
  'terminal:debug:view',
];
/** Any of these sends commands, "auto get position" among them. */
const COMMANDERS = ['terminal:monitor:command', 'terminal:debug:command'];
/** States change as terminals come and go: the map reloads its points this often. */
const REFRESH_MS = 60_000;

const degrees = (v: number) => v.toFixed(6);

/** `sysManage/terminalMap`: every terminal in range on a map, clustered, filtered, placed by hand. */
export default function TerminalMapPage() {
  const { t } = useTranslation('terminalMap');
  const { modal, message } = App.useApp();
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const canEdit = can(MAP_EDIT_PERMISSION);
  const canDetails = DETAIL_READERS.some((p) => can(p));
  const canInfo = can('terminal:info:view');
  const navigate = useNavigate();
  const canCommand = COMMANDERS.some((p) => can(p));
  const [filters, setFilters] = useState<Filters>({});
  const [placing, setPlacing] = useState<MapTerminal | null>(null);
  const [flyTo, setFlyTo] = useState<MapSuggestion | null>(null);
  const [detailsId, setDetailsId] = useState<number | null>(null);
  const tiles = useQuery({ queryKey: [...MAP_KEY, 'tiles'], queryFn: getMapTiles, staleTime: Infinity });
  const points = useQuery({
    queryKey: [...MAP_KEY, 'points', filters],
    queryFn: ({ signal }) => getMapPoints(filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

  /** Asks before putting a terminal somewhere; answers whether it was put there. */
  const put = (terminal: MapTerminal, lat: number, lng: number) =>
    new Promise<boolean>((resolve) => {
      const moving = placing?.id !== terminal.id;
      modal.confirm({
        title: t(moving ? 'move.moveTitle' : 'move.placeTitle', { name: terminal.name }),
        // Not `lng`: i18next reads that option as the language.
        content: t('move.content', { latitude: degrees(lat), longitude: degrees(lng) }),
        okText: t('move.ok'),
        onOk: async () => {
          try {
            await setMapPosition({ id: terminal.id, latitude: lat, longitude: lng });
            void message.success(t('move.saved', { name: terminal.name }));
            setPlacing(null);
            await queryClient.invalidateQueries({ queryKey: MAP_KEY });
            resolve(true);
          } catch (error) {
            const text = error instanceof Error ? error.message : String(error);
            void message.error(t('move.failed', { name: terminal.name, message: text }));
            resolve(false);
          }
        },
        onCancel: () => resolve(false),
      });
    });

  const data = points.data;
  return (
    <Card title={t('title')}>
      <Flex gap={8} wrap justify="space-between" style={{ marginBottom: 12 }}>
        <MapFilters value={filters} onChange={setFilters} />
        <AddressSearch onChoose={(place) => setFlyTo({ ...place })} />
      </Flex>
      {points.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('loadFailed', {
            message: points.error instanceof Error ? points.error.message : String(points.error),
          })}
        />
      )}
      <Row gutter={16}>
        <Col xs={24} lg={18}>
          {tiles.data && data ? (
            <MapView
              tiles={tiles.data}
              points={data.points}
              canEdit={canEdit}
              placing={placing}
              flyTo={flyTo}
              onPut={put}
              onDetails={canDetails ? setDetailsId : undefined}
              onInfo={canInfo ? (id) => navigate(`/terminal/info?id=${id}`) : undefined}
              labels={{
                state: (state) => t(`states.${state}`),
                stateTitle: t('popup.state'),
                details: t('popup.details'),
                info: t('popup.info'),
              }}
            />
          ) : (
            <Skeleton active paragraph={{ rows: 12 }} />
          )}
        </Col>
        <Col xs={24} lg={6}>
          <MapLegend />
          <div style={{ marginTop: 8 }}>
            <Typography.Text data-testid="terminal-map-count">
              {t('shown', { count: data?.points.length ?? 0 })}
            </Typography.Text>
          </div>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {canEdit ? t('move.dragHint') : t('move.noPermission')}
          </Typography.Paragraph>
          {data && (
            <UnpositionedList
              data={data}
              canEdit={canEdit}
              canCommand={canCommand}
              placing={placing}
              onPlace={setPlacing}
            />
          )}
        </Col>
      </Row>
      {detailsId !== null && (
        <TerminalDetailsDrawer
          id={detailsId}
          onClose={() => {
            setDetailsId(null);
            void queryClient.invalidateQueries({ queryKey: TERMINAL_KEY });
          }}
        />
      )}
    </Card>
  );
}

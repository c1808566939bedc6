import { AimOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { App, Button, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendCommand } from '../../services/terminal';
import type { MapPoints } from '../../services/terminal-map';
import { StateDot } from './MapFilters';
import type { MapTerminal } from './MapView';

/** Props of {@link UnpositionedList}. */
export interface UnpositionedListProps {
  data: Pick<MapPoints, 'unpositioned' | 'unpositionedCount'>;
  canEdit: boolean;
  /** Whether the user may send commands ("auto get position" asks the terminals where they are). */
  canCommand: boolean;
  placing: MapTerminal | null;
  onPlace(terminal: MapTerminal | null): void;
}

/**
 * The terminals without a position, each with "place on map" (the next click on the map places it),
 * and "auto get position" for those listed (the terminals that can answer with where they are).
 */
export function UnpositionedList({ data, canEdit, canCommand, placing, onPlace }: UnpositionedListProps) {
  const { t } = useTranslation('terminalMap');
  const { message } = App.useApp();
  const [asking, setAsking] = useState(false);
  const rest = data.unpositionedCount - data.unpositioned.length;
  const ask = async () => {
    setAsking(true);
    try {
      const { count } = await sendCommand(
        'reportLocation',
        data.unpositioned.map(([id]) => id),
      );
      void message.success(t('unpositioned.asked', { count }));
    } catch (error) {
      void message.error(
        t('unpositioned.askFailed', { message: error instanceof Error ? error.message : String(error) }),
      );
    } finally {
      setAsking(false);
    }
  };
  return (
    <div data-testid="terminal-map-unpositioned">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('unpositioned.title', { count: data.unpositionedCount })}
      </Typography.Title>
      {placing && (
        <Typography.Paragraph type="warning">
          {t('unpositioned.placing', { name: placing.name })}{' '}
          <Button size="small" onClick={() => onPlace(null)}>
            {t('unpositioned.cancel')}
          </Button>
        </Typography.Paragraph>
      )}
      {data.unpositioned.length > 0 && (
        <Button
          size="small"
          icon={<EnvironmentOutlined />}
          disabled={!canCommand}
          loading={asking}
          style={{ marginBottom: 8 }}
          onClick={() => void ask()}
        >
          {t('unpositioned.ask')}
        </Button>
      )}
      {data.unpositionedCount === 0 ? (
        <Typography.Text type="secondary">{t('unpositioned.none')}</Typography.Text>
      ) : (
        <List
          size="small"
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={data.unpositioned}
          renderItem={([id, state, name]) => (
            <List.Item
              key={id}
              actions={[
                <Button
                  key="place"
                  size="small"
                  icon={<AimOutlined />}
                  disabled={!canEdit}
                  type={placing?.id === id ? 'primary' : 'default'}
                  aria-label={`${t('unpositioned.place')}: ${name}`}
                  onClick={() => onPlace({ id, name })}
                >
                  {t('unpositioned.place')}
                </Button>,
              ]}
            >
              <StateDot state={state} />
              <Typography.Text ellipsis style={{ maxWidth: 140 }}>
                {name}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
      {rest > 0 && (
        <Typography.Text type="secondary">{t('unpositioned.more', { count: rest })}</Typography.Text>
      )}
    </div>
  );
}

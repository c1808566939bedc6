import { Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** An http(s) URL template naming {z}, {x} and {y} (as the server checks it). */
const TILE_URL = /^(?=.*\{z\})(?=.*\{x\})(?=.*\{y\})https?:\/\/[^\s"'<>]+$/;
const HTTP_URL = /^https?:\/\/[^\s"'<>]+$/;

/** The terminal map's settings: tile server, its attribution, and the geocoder of the address search. */
export function MapSettingsSection() {
  const { t } = useTranslation('systemSettings');
  return (
    <Card size="small" title={t('groups.map')} style={{ marginBottom: 16 }}>
      <Form.Item
        name="mapTileUrl"
        label={t('fields.mapTileUrl')}
        extra={t('mapTileUrlHint')}
        rules={[
          { required: true, message: t('invalidTileUrl', { field: t('fields.mapTileUrl') }) },
          { pattern: TILE_URL, message: t('invalidTileUrl', { field: t('fields.mapTileUrl') }) },
        ]}
      >
        <Input
          maxLength={500}
          autoComplete="off"
          placeholder="https://tile.openstreetmap.org/{z}/{x}/{y}.png"
        />
      </Form.Item>
      <Form.Item name="mapAttribution" label={t('fields.mapAttribution')}>
        <Input maxLength={300} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="mapGeocoderUrl"
        label={t('fields.mapGeocoderUrl')}
        extra={t('mapGeocoderUrlHint')}
        rules={[
          { required: true, message: t('invalidUrl', { field: t('fields.mapGeocoderUrl') }) },
          { pattern: HTTP_URL, message: t('invalidUrl', { field: t('fields.mapGeocoderUrl') }) },
        ]}
      >
        <Input maxLength={500} autoComplete="off" placeholder="https://nominatim.openstreetmap.org/search" />
      </Form.Item>
    </Card>
  );
}

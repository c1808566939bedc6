import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CatalogueTab } from './CatalogueTab';
import { DataSourcesTab } from './DataSourcesTab';
import { StoreTab } from './StoreTab';

/**
 * `widget/list`: widget management of the caller's tenant — the widget types the program editor
 * offers (built-in ones switched on or off, custom HTML widgets from library zips), the data
 * sources the server fetches for data widgets, and the platform's store of shared ones.
 */
export default function WidgetsPage() {
  const { t } = useTranslation('widgets');
  return (
    <Card title={t('title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'catalogue', label: t('tabs.catalogue'), children: <CatalogueTab /> },
          { key: 'dataSources', label: t('tabs.dataSources'), children: <DataSourcesTab /> },
          { key: 'store', label: t('tabs.store'), children: <StoreTab /> },
        ]}
      />
    </Card>
  );
}
